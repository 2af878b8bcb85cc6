import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// `repowatch-site repo add|remove`: edits the `repos:` list of site.yml as text, one line at a time,
/// so comments, order, quoting and every other line stay exactly as the user wrote them.
package struct SiteFileEditor: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    package func list() throws -> [RepoName] {
        try ConfigLoader.load(path: path).config.repos
    }

    /// Returns the name as saved.
    @discardableResult
    package func add(_ text: String) throws -> RepoName {
        try add(text, widget: false).name
    }

    /// What `repo add` did.
    package struct Addition: Sendable {
        /// As saved.
        package var name: RepoName
        /// False when it was saved before and only a widget was added.
        package var saved = true
        package var widgetAdded = false
        /// The warning when the site's own `widgets:` list does not show it (and no widget was added).
        package var hidden: Diagnostic?
    }

    /// Saves `text` at the end of `repos:`; with `widget`, also adds a single widget for it when the
    /// site's own `widgets:` list would not show it (and only that, when it was saved already).
    package func add(_ text: String, widget: Bool) throws -> Addition {
        let edit = SiteTextEdit(file: path, text: try read())
        let config = try ConfigLoader(file: path).parse(edit.text).config
        let name = try SiteTextEdit.parseName(text, forges: config.forges)
        var addition = Addition(name: name)
        var edited = edit.text
        if let saved = config.repos.first(where: { $0.key == name.key }) {
            guard widget, try edit.widgetListHiding(saved) != nil else {
                throw UsageError("\(saved) was already saved.")
            }
            addition.name = saved
            addition.saved = false
        } else {
            (addition.name, edited) = try edit.adding(text)
        }
        let after = SiteTextEdit(file: path, text: edited)
        if let hidden = try after.widgetListHiding(addition.name) {
            if widget {
                edited = try after.addingWidget(for: addition.name)
                addition.widgetAdded = true
            } else {
                addition.hidden = hidden
            }
        }
        try write(edited)
        return addition
    }

    /// Returns the name as it was saved.
    @discardableResult
    package func remove(_ text: String) throws -> RepoName {
        try remove(text, widgets: false).name
    }

    /// What `repo remove` did.
    package struct Removed: Sendable {
        /// As it was saved.
        package var name: RepoName
        /// The widgets that went with it, described with their lines: "the single widget at line 24".
        package var widgets: [String]
        /// Repositories a removed double widget also showed, which no widget shows now.
        package var unshown: [RepoName]
    }

    /// Removes `text` from `repos:`; with `widgets`, also every widget of the site's own `widgets:`
    /// list that shows it (a double widget whole), which otherwise is an error naming that widget.
    package func remove(_ text: String, widgets: Bool) throws -> Removed {
        let removal = try SiteTextEdit(file: path, text: read()).removal(of: text, widgets: widgets)
        try write(removal.text)
        return Removed(name: removal.name, widgets: removal.widgets.map(\.description), unshown: removal.unshown)
    }

    private func read() throws -> String {
        // Loading first reports a missing or broken site.yml the way `build` does.
        _ = try ConfigLoader.load(path: path)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The pure part of the editor: site.yml text in, edited text out.
struct SiteTextEdit {
    let file: String
    let text: String

    /// Lines with their own terminators, so joining them gives back the exact bytes. Split on the
    /// UTF-8 newline byte: as Characters, "\r\n" is one grapheme and would hide the "\n".
    var lines: [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        let bytes = text.utf8
        while start < text.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { bytes.index(after: $0) } ?? text.endIndex
            result.append(text[start..<end])
            start = end
        }
        return result
    }

    static func terminator(of line: Substring) -> String? {
        if line.utf8.last != UInt8(ascii: "\n") { return nil }
        return line.utf8.dropLast().last == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    func adding(_ input: String) throws -> (RepoName, String) {
        let config = try ConfigLoader(file: file).parse(text).config
        let name = try Self.parseName(input, forges: config.forges)
        if let saved = config.repos.first(where: { $0.key == name.key }) {
            throw UsageError("\(saved) was already saved.")
        }
        if let host = name.host, config.forges.forge(at: host) == nil {
            throw UsageError(
                "\(host) is not a forge this site knows; declare it in \(file) under `forges:` as `- host: \(host)` "
                    + "with `kind: gitlab`, `gitea` or `forgejo` (docs/forges.md), then add \(name.path) again")
        }
        let items = try repoItems()
        guard let last = items.last else { throw UsageError("\(file): `repos` has no entries to add after") }
        var lines = self.lines
        let index = last.line - 1
        let prefix = try itemPrefix(of: lines[index], item: last)
        let terminator = Self.terminator(of: lines[index]) ?? "\n"
        if Self.terminator(of: lines[index]) == nil { lines[index] += terminator }
        lines.insert(Substring(prefix + name.description + terminator), at: index + 1)
        return (name, try verified(lines.joined()))
    }

    /// What `repo remove` took out: the repository as saved, and the widgets that showed it.
    struct Removal {
        var name: RepoName
        var text: String
        var widgets: [WidgetUse] = []
        /// Repositories a removed double widget also showed that no widget shows now.
        var unshown: [RepoName] = []
    }

    func removing(_ input: String) throws -> (RepoName, String) {
        let removal = try removal(of: input, widgets: false)
        return (removal.name, removal.text)
    }

    /// Removes the repository from `repos:`; with `widgets`, first every widget of the site's own
    /// `widgets:` list that shows it (a double goes whole), else such a widget is an error naming it.
    func removal(of input: String, widgets: Bool) throws -> Removal {
        let config = try ConfigLoader(file: file).parse(text).config
        let name = try Self.parseName(input, forges: config.forges)
        guard let saved = config.repos.first(where: { $0.key == name.key }) else {
            let close = Suggestion.didYouMean(name.description, among: config.repos.map(\.description))
            throw UsageError(
                "\(name) is not in `repos` of \(file)\(close.isEmpty ? "; `repo list` shows what is saved" : close)")
        }
        // With `owners:` the site still has repositories when `repos:` is emptied.
        guard config.repos.count > 1 || !config.owners.isEmpty else {
            let item = try repoItems().first { $0.name.key == saved.key }
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: file, line: item?.line ?? 1, column: item?.column ?? 1,
                    "\(saved) is the last repository, and a site needs at least one; "
                        + "add another first (`repo add OWNER/NAME`), or list an owner under `owners:`")
            ])
        }
        var removal = Removal(name: saved, text: text)
        var edit = self
        let users = try widgetsUsing(saved, repos: config.repos)
        if let user = users.first, !widgets {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: file, line: user.line, column: user.column,
                    "\(saved) is still shown by the widget at line \(user.widgetLine)\(user.why); "
                        + "change or remove that widget first")
            ])
        }
        if !users.isEmpty {
            edit = SiteTextEdit(file: file, text: try removingWidgets(users))
            removal.widgets = users
        }
        let items = try edit.repoItems()
        guard let item = items.first(where: { $0.name.key == saved.key }) else {
            throw UsageError("\(saved) is not in `repos` of \(file)")
        }
        var lines = edit.lines
        let line = lines[item.line - 1]
        _ = try edit.itemPrefix(of: line, item: item)
        lines.remove(at: item.line - 1)
        removal.text = try verified(lines.joined())
        let after = SiteTextEdit(file: file, text: removal.text)
        for partner in users.flatMap(\.shows) where partner.key != saved.key {
            if try after.widgetListHiding(partner) != nil, !removal.unshown.contains(partner) {
                removal.unshown.append(partner)
            }
        }
        return removal
    }

    /// The name as given on the command line, pasted forms included (a link, an SSH remote, `.git`):
    /// it is written back as `OWNER/NAME` (`HOST/PATH`, where the site's `forges` say the path ends).
    static func parseName(_ input: String, forges: Forges) throws -> RepoName {
        switch RepoName.understanding(input.trimmingCharacters(in: .whitespaces), forges: forges) {
        case .success(let name): return name
        case .failure(let problem): throw UsageError(problem.description)
        }
    }

    struct Item {
        var name: RepoName
        var line: Int
        var column: Int
    }

    func root() throws -> Node.Mapping {
        guard case .mapping(let mapping)? = try Yams.compose(yaml: text) else {
            throw UsageError("\(file) is not a mapping")
        }
        return mapping
    }

    /// The entries of `repos:` with where they are written.
    func repoItems() throws -> [Item] {
        guard let node = try root()["repos"], case .sequence(let sequence) = node else {
            throw UsageError("\(file) has no `repos:` list")
        }
        // Yams reports every sequence's style as `.any`; a flow list shows itself by its bracket.
        let mark = sequence.mark
        let opening = mark.flatMap { mark in
            lines.dropFirst(mark.line - 1).first?.unicodeScalars.dropFirst(mark.column - 1).first
        }
        guard opening != "[" else {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                    "`repos` is written as [a, b]; `repo add` and `repo remove` edit a list with one `- OWNER/NAME` per line"
                )
            ])
        }
        return sequence.compactMap { item in
            guard let string = item.string, let mark = item.mark,
                let name = RepoName.parse(string.trimmingCharacters(in: .whitespaces)).value
            else { return nil }
            return Item(name: name, line: mark.line, column: mark.column)
        }
    }

    /// The text before the item on its line (`  - `): reused for a new entry, and proof that the line
    /// holds this one entry only, so removing the line removes nothing else.
    func itemPrefix(of line: Substring, item: Item) throws -> String {
        let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(item.column - 1)))
        let shape = prefix.trimmingCharacters(in: .whitespaces)
        guard shape == "-", prefix.allSatisfy({ $0 == " " || $0 == "-" || $0 == "\t" }) else {
            throw DiagnosticsError([
                Diagnostic(
                    .error, file: file, line: item.line, column: item.column,
                    "cannot edit this entry safely: write each repository on its own `- OWNER/NAME` line")
            ])
        }
        return prefix
    }

    struct WidgetUse {
        var widgetLine: Int
        var line: Int
        var column: Int
        var why: String
        /// `single` or `double`.
        var kind = "single"
        /// Every repository the widget shows (a double's two).
        var shows: [RepoName] = []
        /// The entry's `-` column, for taking its lines out.
        var itemColumn = 1

        /// "the double widget that was at line 25 (apple/swift over kudoleh/iOS-Clean-Architecture-MVVM)".
        var description: String {
            let names = kind == "double" ? " (" + shows.map(\.description).joined(separator: " over ") + ")" : ""
            return "the \(kind) widget that was at line \(widgetLine)\(names)"
        }
    }

    /// The edit must leave a site.yml that still loads; otherwise nothing is written.
    func verified(_ edited: String) throws -> String {
        _ = try ConfigLoader(file: file).parse(edited)
        return edited
    }
}
