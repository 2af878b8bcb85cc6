import RepoWatchModel
import Yams

/// Which widgets of a written `widgets:` list show a repository: what `repo remove` takes with it.
extension SiteTextEdit {
    /// The first widget that shows `name`, named or by default (a widget without `repo:` shows the
    /// first repository; a double without `top:`/`bottom:` the first and second).
    func widgetUsing(_ name: RepoName, repos: [RepoName]) throws -> WidgetUse? {
        try widgetsUsing(name, repos: repos).first
    }

    /// Every widget of the written `widgets:` list that shows `name`, in the list's order.
    func widgetsUsing(_ name: RepoName, repos: [RepoName]) throws -> [WidgetUse] {
        guard let widgets = try root()["widgets"], case .sequence(let sequence) = widgets else { return [] }
        var uses: [WidgetUse] = []
        for widget in sequence {
            guard case .mapping(let fields) = widget, let mark = widget.mark else { continue }
            let kind = fields["kind"]?.string ?? "single"
            let slots: [(key: String, fallback: Int)] =
                kind == "double" ? [("top", 0), ("bottom", 1)] : [("repo", 0)]
            var use: WidgetUse?
            var shown: [RepoName] = []
            for slot in slots {
                let written = fields[slot.key]?.string.flatMap {
                    RepoName.parse($0.trimmingCharacters(in: .whitespaces)).value
                }
                let fallback = slot.fallback < repos.count ? repos[slot.fallback] : nil
                guard let shows = written ?? fallback else { continue }
                shown.append(shows)
                guard use == nil, shows.key == name.key else { continue }
                if written != nil {
                    let at = fields[slot.key]?.mark ?? mark
                    use = WidgetUse(widgetLine: mark.line, line: at.line, column: at.column, why: "")
                } else {
                    let ordinal = slot.fallback == 0 ? "first" : "second"
                    use = WidgetUse(
                        widgetLine: mark.line, line: mark.line, column: mark.column,
                        why: " (it has no `\(slot.key):`, so it shows the \(ordinal) repository)")
                }
            }
            if var use {
                use.kind = kind
                use.shows = shown
                use.itemColumn = mark.column
                uses.append(use)
            }
        }
        return uses
    }
}
