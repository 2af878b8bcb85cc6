import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// `repo add` on a site with its own `widgets:` list: that list is the whole gallery, so a newly
/// saved repository is not shown until a widget names it. Finding that, and adding one (`--widget`)
/// as text after the list's last entry, in the list's own indentation.
extension SiteTextEdit {
    /// Where `widgets:` is written, when it is written and none of its widgets shows `name`.
    func widgetListHiding(_ name: RepoName) throws -> Diagnostic? {
        let config = try ConfigLoader(file: file).parse(text).config
        guard config.hasWidgetList, !config.widgets.contains(where: { $0.shows(name) }) else { return nil }
        let key = try root().first { $0.key.string == "widgets" }?.key
        return Diagnostic(
            .warning, file: file, line: key?.mark?.line ?? 1, column: key?.mark?.column ?? 1,
            "`widgets:` lists every widget the site shows and none shows \(name), so the site will not show it; "
                + "add a widget for it (`repo add \(name) --widget` does)")
    }

    /// The text with `- kind: single` / `repo: NAME` after the last entry of `widgets:`.
    func addingWidget(for name: RepoName) throws -> String {
        guard let node = try root()["widgets"], case .sequence(let sequence) = node, let last = sequence.last,
            let mark = last.mark
        else {
            throw UsageError("\(file) has no `widgets:` list with entries to add a widget after")
        }
        var lines = self.lines
        guard let prefix = dashPrefix(line: mark.line, column: mark.column) else {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: file, line: mark.line, column: mark.column,
                    "cannot add a widget after this entry safely: write `widgets:` as a list of `- kind: …` "
                        + "entries, one per line, to use --widget")
            ])
        }
        let end = lastLine(ofItemAt: mark.line - 1, dashIndent: prefix.prefix { $0 == " " }.count)
        // The file's own line ending (a last line may have none).
        let terminator = lines.lazy.compactMap(Self.terminator).first ?? "\n"
        if Self.terminator(of: lines[end]) == nil { lines[end] += terminator }
        let indent = String(repeating: " ", count: prefix.count)
        lines.insert(
            contentsOf: [
                Substring(prefix + "kind: single" + terminator), Substring(indent + "repo: \(name)" + terminator),
            ],
            at: end + 1)
        let edited = lines.joined()
        let check = SiteTextEdit(file: file, text: edited)
        guard try check.widgetListHiding(name) == nil else {
            throw UsageError("could not add a widget for \(name) to \(file) safely; nothing was written")
        }
        return edited
    }

    /// What comes before an entry's first key on its line, when that is a plain block-list item (spaces
    /// and one `-`); nil for any other form, which an edit by lines could break.
    private func dashPrefix(line: Int, column: Int) -> String? {
        let prefix = String(String.UnicodeScalarView(lines[line - 1].unicodeScalars.prefix(column - 1)))
        guard prefix.trimmingCharacters(in: .whitespaces) == "-", prefix.allSatisfy({ $0 == " " || $0 == "-" }) else {
            return nil
        }
        return prefix
    }

    /// The text without these widgets' entries (each from its `-` line to its last line of content);
    /// when none is left, without the `widgets:` key either, so each repository gets its default widget.
    func removingWidgets(_ uses: [WidgetUse]) throws -> String {
        guard let node = try root()["widgets"], case .sequence(let sequence) = node else { return text }
        var lines = self.lines
        for use in uses.sorted(by: { $0.widgetLine > $1.widgetLine }) {
            // Removed from the last up: the lines above this entry are still the file's.
            guard let prefix = dashPrefix(line: use.widgetLine, column: use.itemColumn) else {
                throw DiagnosticsError([
                    Diagnostic(
                        .error, file: file, line: use.widgetLine, column: use.itemColumn,
                        "cannot remove this widget safely: write `widgets:` as a list of `- kind: …` entries, one "
                            + "per line, or remove the widget yourself")
                ])
            }
            let end = lastLine(ofItemAt: use.widgetLine - 1, dashIndent: prefix.prefix { $0 == " " }.count)
            lines.removeSubrange((use.widgetLine - 1)...end)
        }
        if uses.count == sequence.count, let key = try root().first(where: { $0.key.string == "widgets" })?.key,
            let mark = key.mark
        {
            lines.remove(at: mark.line - 1)
        }
        return lines.joined()
    }

    /// The item's last line of content: every following line indented deeper than its `-` belongs to
    /// it; comments and blank lines after it are left where they are.
    private func lastLine(ofItemAt start: Int, dashIndent: Int) -> Int {
        let lines = self.lines
        var last = start
        for index in lines.indices.dropFirst(start + 1) {
            let content = lines[index].drop { $0 == " " }
            if content.allSatisfy(\.isWhitespace) || content.hasPrefix("#") { continue }
            guard lines[index].count - content.count > dashIndent else { break }
            last = index
        }
        return last
    }
}

extension SiteConfig.Widget {
    /// Whether this widget shows `name` (one of a double's two counts).
    package func shows(_ name: RepoName) -> Bool {
        switch kind {
        case .single(let repo, _): return repo.key == name.key
        case .double(_, let top, let bottom): return top.key == name.key || bottom.key == name.key
        }
    }
}
