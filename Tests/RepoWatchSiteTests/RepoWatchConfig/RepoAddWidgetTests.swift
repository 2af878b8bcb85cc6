import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSupport

/// `repo add` on a site whose own `widgets:` list is the whole gallery: a warning naming the line of
/// `widgets:`, and with `--widget` a single widget added after the list's last entry.
@Suite("repo add with an explicit widgets: list")
struct RepoAddWidgetTests {
    static let site = """
        # My watch list
        title: Watch
        repos:
          - apple/swift   # the language
          - a/b
        widgets:   # only these
          - kind: double
            top: apple/swift
            bottom: a/b
            note: |
              Two at once.

          # - repo: e/f   (maybe later)
        locale: en

        """

    func editor(_ text: String) throws -> (SiteFileEditor, URL) {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("watch.yml")
        try Data(text.utf8).write(to: url)
        return (SiteFileEditor(path: url.path), folder)
    }

    func read(_ editor: SiteFileEditor) throws -> String { try String(contentsOfFile: editor.path, encoding: .utf8) }

    @Test("without --widget: saved, and a warning at the line of `widgets:` in the file as written")
    func warns() throws {
        let (editor, folder) = try editor(Self.site)
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try editor.add("c/d", widget: false)
        #expect(added.saved && !added.widgetAdded)
        let hidden = try #require(added.hidden)
        #expect(hidden.severity == .warning && hidden.file == editor.path && hidden.line == 7 && hidden.column == 1)
        #expect(hidden.message.contains("none shows c/d") && hidden.message.contains("--widget"))
        #expect(try read(editor) == Self.site.replacingOccurrences(of: "  - a/b\n", with: "  - a/b\n  - c/d\n"))
    }

    @Test("with --widget: a single widget after the last entry, comments and order kept")
    func addsWidget() throws {
        let (editor, folder) = try editor(Self.site)
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try editor.add("c/d", widget: true)
        #expect(added.saved && added.widgetAdded && added.hidden == nil)
        let expected = Self.site
            .replacingOccurrences(of: "  - a/b\n", with: "  - a/b\n  - c/d\n")
            .replacingOccurrences(
                of: "      Two at once.\n", with: "      Two at once.\n  - kind: single\n    repo: c/d\n")
        #expect(try read(editor) == expected)
        let config = try ConfigLoader.load(path: editor.path).config
        #expect(config.widgets.count == 2 && config.widgets[1].shows(RepoName(owner: "c", name: "d")))
        #expect(config.widgets[0].note == "Two at once.\n", "the block scalar before it is unchanged")
    }

    @Test("a repository saved before gets only the widget; with one, --widget refuses as before")
    func savedBefore() throws {
        let (editor, folder) = try editor(Self.site)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try editor.add("c/d", widget: false)
        let widgetOnly = try editor.add("C/D", widget: true)
        #expect(!widgetOnly.saved && widgetOnly.widgetAdded && widgetOnly.name.description == "c/d")
        #expect(try read(editor).components(separatedBy: "c/d").count - 1 == 2, "one in repos, one widget")
        #expect(throws: UsageError.self) { try editor.add("c/d", widget: true) }
        #expect(throws: UsageError.self) { try editor.add("a/b", widget: false) }
    }

    @Test("no warning without a widgets: list, or when a widget already shows it")
    func nothingHidden() throws {
        let (plain, folder) = try editor("repos:\n  - a/b\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try plain.add("c/d", widget: true)
        #expect(added.hidden == nil && !added.widgetAdded)
        #expect(try read(plain) == "repos:\n  - a/b\n  - c/d\n")
    }

    @Test("unindented lists and CRLF files keep their style; a flow list is refused with its position")
    func styles() throws {
        let flat = SiteTextEdit(file: "s.yml", text: "repos:\n- a/b\n- c/d\nwidgets:\n- repo: a/b\ntitle: T\n")
        #expect(
            try flat.addingWidget(for: RepoName(owner: "c", name: "d"))
                == "repos:\n- a/b\n- c/d\nwidgets:\n- repo: a/b\n- kind: single\n  repo: c/d\ntitle: T\n")
        let crlf = SiteTextEdit(file: "s.yml", text: "repos:\r\n  - a/b\r\n  - c/d\r\nwidgets:\r\n  - repo: a/b")
        #expect(
            try crlf.addingWidget(for: RepoName(owner: "c", name: "d"))
                == "repos:\r\n  - a/b\r\n  - c/d\r\nwidgets:\r\n  - repo: a/b\r\n  - kind: single\r\n    repo: c/d\r\n")
        let flow = SiteTextEdit(file: "s.yml", text: "repos: [a/b, c/d]\nwidgets: [{repo: a/b}]\n")
        let error = #expect(throws: DiagnosticsError.self) {
            try flow.addingWidget(for: RepoName(owner: "c", name: "d"))
        }
        #expect(error?.diagnostics.first?.line == 2 && error?.diagnostics.first?.message.contains("--widget") == true)
    }

    @Test("repo remove of a name not saved suggests the closest saved one")
    func removeSuggests() throws {
        let (editor, folder) = try editor(Self.site)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: UsageError.self) { try editor.remove("apple/swfit") }
        #expect(error?.description.hasSuffix("did you mean 'apple/swift'?") == true, "\(String(describing: error))")
    }
}
