import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// `widgets:`: each entry's kind, repositories, sizes and look, checked against the saved repositories.
extension SiteConfigReader {
    mutating func widgetList(_ node: Node, repos names: [RepoName]) -> [SiteConfig.Widget] {
        guard case .sequence(let sequence) = node else {
            error(node, "`widgets` must be a list")
            return []
        }
        var saved: [String: RepoName] = [:]
        for name in names { saved[name.key] = name }
        var widgets: [SiteConfig.Widget] = []
        var ids: Set<String> = []
        let firstMiss = misses.count
        for item in sequence {
            guard let widget = widget(item, saved: saved, repos: names) else { continue }
            if case .double(let id, _, _) = widget.kind {
                guard ids.insert(id).inserted else {
                    error(item, "two double widgets have the id '\(id)'; give one an `id:`")
                    continue
                }
            }
            widgets.append(widget)
        }
        warnTypos(misses[firstMiss...], widgets: widgets)
        return widgets
    }

    /// A `repos:` entry that no widget shows, a slip away from a name that widgets show more than
    /// once and `repos:` lacks, is most likely the typo: said at the entry's own line, as well as at
    /// each widget. (Named once, either may be the slip; the widget's message names the entry.)
    private mutating func warnTypos(_ misses: ArraySlice<Miss>, widgets: [SiteConfig.Widget]) {
        var shown = Set<String>()
        for widget in widgets {
            switch widget.kind {
            case .single(let name, _): shown.insert(name.key)
            case .double(_, let top, let bottom): shown.formUnion([top.key, bottom.key])
            }
        }
        var told = Set<String>()
        let named = Dictionary(grouping: misses, by: \.name.key).mapValues(\.count)
        for miss in misses
        where (named[miss.name.key] ?? 0) > 1 && !shown.contains(miss.closest.key)
            && told.insert(miss.closest.key).inserted
        {
            guard let entry = repoEntries[miss.closest.key] else { continue }
            warnings.append(
                Diagnostic(
                    .warning, file: file, line: entry.line, column: entry.column,
                    "no widget shows \(miss.closest), but the widget at line \(miss.line) shows \(miss.name), which "
                        + "`repos` lacks; is this entry a typo of \(miss.name)?"))
        }
    }

    mutating func widget(_ node: Node, saved: [String: RepoName], repos: [RepoName]) -> SiteConfig.Widget? {
        guard case .mapping(let mapping) = node else {
            error(node, "each widget must be a mapping with `kind:` single or double")
            return nil
        }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string, Self.widgetKeys.contains(name) else {
                warning(
                    key,
                    "unknown widget key '\(key.string ?? "?")' is ignored\(suggestion(for: key.string ?? "", in: Self.widgetKeys))"
                )
                continue
            }
            fields[name] = value
        }
        let note = fields["note"].flatMap { string($0, key: "note") }
        let look = lookOverrides(fields, keys: WidgetLook.keys)
        let locale = fields["locale"].flatMap { parseLocale($0) }
        let kind = fields["kind"].flatMap { string($0, key: "kind") } ?? "single"
        switch kind {
        case "single":
            for key in ["top", "bottom", "id"] where fields[key] != nil {
                warning(fields[key], "`\(key)` applies only to double widgets")
            }
            if fields["repo"] == nil, repos.isEmpty {
                error(node, "this widget needs `repo:` since `repos` is empty")
                return nil
            }
            let repo = fields["repo"].map { savedRepo($0, saved: saved, repos: repos) } ?? repos.first
            let sizes = fields["sizes"].map { sizeList($0) } ?? [.medium, .large]
            guard let repo = repo ?? nil, !sizes.isEmpty else { return nil }
            return .init(kind: .single(repo, sizes: sizes), note: note, look: look, locale: locale)
        case "double":
            for key in ["repo", "sizes"] where fields[key] != nil {
                warning(fields[key], "`\(key)` applies only to single widgets; a double widget is large")
            }
            if repos.count < 2, fields["top"] == nil || fields["bottom"] == nil {
                error(
                    node,
                    "a double widget needs two repositories; name `top:` and `bottom:` or save a second repository")
                return nil
            }
            let top = fields["top"].map { savedRepo($0, saved: saved, repos: repos) } ?? repos.first
            let bottom = fields["bottom"].map { savedRepo($0, saved: saved, repos: repos) } ?? repos.dropFirst().first
            guard let top = top ?? nil, let bottom = bottom ?? nil else { return nil }
            var id = SiteConfig.derivedDoubleID(top: top, bottom: bottom)
            if let idNode = fields["id"], let given = string(idNode, key: "id") {
                guard Self.isValidID(given) else {
                    error(idNode, "`id` may use only lowercase letters, digits, '-' and '_' (got '\(given)')")
                    return nil
                }
                id = given
            }
            return .init(kind: .double(id: id, top: top, bottom: bottom), note: note, look: look, locale: locale)
        default:
            error(fields["kind"], "widget " + Suggestion.choiceProblem("kind", ["single", "double"], got: kind))
            return nil
        }
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// Widgets can only show saved repositories, as in the app (or, with `owners:`, listed ones).
    /// `repos`: the saved ones in order, for the nearest name to a missing one.
    mutating func savedRepo(_ node: Node, saved: [String: RepoName], repos: [RepoName]) -> RepoName? {
        guard let repo = repoName(node, what: "widget repository") else { return nil }
        guard let savedName = saved[repo.key] else {
            if hasOwners { return reference(repo, at: node) }
            if let closest = Suggestion.closest(to: repo.description, among: repos.map(\.description))
                .flatMap({ text in repos.first { $0.description == text } })
            {
                misses.append(Miss(name: repo, line: node.mark?.line ?? 1, closest: closest))
                let line = repoEntries[closest.key].map { " (`repos`, line \($0.line))" } ?? ""
                error(node, "\(repo) is not in `repos`; did you mean \(closest)\(line)? Else add \(repo) there first")
            } else {
                error(node, "\(repo) is not in `repos`; add it there first")
            }
            return nil
        }
        return savedName
    }

    mutating func sizeList(_ node: Node) -> [SiteConfig.WidgetSize] {
        let items: [Node]
        switch node {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar: items = [node]
        default:
            error(node, "`sizes` must be a list of medium and large")
            return []
        }
        var sizes: [SiteConfig.WidgetSize] = []
        for item in items {
            guard let text = item.string, let size = SiteConfig.WidgetSize(rawValue: text) else {
                let sizes = SiteConfig.WidgetSize.allCases.map(\.rawValue)
                error(item, "each of " + Suggestion.choiceProblem("sizes", sizes, got: item.string ?? "a list"))
                continue
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        if items.isEmpty { error(node, "`sizes` is empty; use medium, large or both") }
        return sizes
    }
}
