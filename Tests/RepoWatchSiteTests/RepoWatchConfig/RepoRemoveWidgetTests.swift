import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSupport

/// `repo remove` on a site with its own `widgets:` list: every widget showing the repository goes
/// with it, whichever way it shows it, and nothing else moves.
@Suite("repo remove with an explicit widgets: list")
struct RepoRemoveWidgetTests {
    static let site = """
        repos:
          - a/b
          - c/d
          - e/f
        widgets:
          - kind: single          # by name
            repo: a/b
          - kind: single          # by default: the first repository
            sizes: [medium]
          - kind: double          # by default: the first and second
          - kind: double
            top: e/f
            bottom: a/b
          - kind: single
            repo: c/d
        # end

        """

    func removal(_ name: String, from text: String = Self.site) throws -> SiteTextEdit.Removal {
        try SiteTextEdit(file: "site.yml", text: text).removal(of: name, widgets: true)
    }

    @Test("every widget showing it goes, by name or by default; a double whole; the rest stays byte for byte")
    func everyWay() throws {
        let removed = try removal("A/B")
        #expect(removed.name.description == "a/b")
        #expect(removed.widgets.map(\.widgetLine) == [6, 8, 10, 11])
        #expect(
            removed.widgets.map(\.description) == [
                "the single widget that was at line 6", "the single widget that was at line 8",
                "the double widget that was at line 10 (a/b over c/d)",
                "the double widget that was at line 11 (e/f over a/b)",
            ])
        #expect(
            removed.text == """
                repos:
                  - c/d
                  - e/f
                widgets:
                  - kind: single
                    repo: c/d
                # end

                """)
        // c/d keeps its own widget; e/f lost its only one (the double).
        #expect(removed.unshown.map(\.description) == ["e/f"])
        _ = try ConfigLoader(file: "site.yml").parse(removed.text)
    }

    @Test("a repository shown only by a double takes the double; the partner shown elsewhere is not named")
    func doubleOnly() throws {
        let removed = try removal("e/f")
        #expect(removed.widgets.map(\.widgetLine) == [11])
        #expect(removed.unshown.isEmpty)
        #expect(!removed.text.contains("top: e/f") && removed.text.contains("  - kind: double          # by default"))
    }

    @Test("no widget shows it: only its line goes; without the flag a widget showing it is an error")
    func notShown() throws {
        let text = "repos:\n  - a/b\n  - c/d\nwidgets:\n  - repo: a/b\n"
        let removed = try removal("c/d", from: text)
        #expect(removed.widgets.isEmpty && removed.text == "repos:\n  - a/b\nwidgets:\n  - repo: a/b\n")
        #expect(throws: DiagnosticsError.self) {
            try SiteTextEdit(file: "site.yml", text: text).removal(of: "a/b", widgets: false)
        }
    }

    @Test("the last widget gone: `widgets:` goes too, and the site shows every repository again")
    func lastWidget() throws {
        let removed = try removal("a/b", from: "repos:\n  - a/b\n  - c/d\nwidgets:   # only\n  - repo: a/b\n# end\n")
        #expect(removed.text == "repos:\n  - c/d\n# end\n")
        #expect(try !ConfigLoader(file: "site.yml").parse(removed.text).config.hasWidgetList)
    }

    @Test("a flow-style widget list is left to the user, with the line")
    func flowList() throws {
        let text = "repos:\n  - a/b\n  - c/d\nwidgets: [{repo: a/b}]\n"
        #expect(throws: DiagnosticsError.self) { try removal("a/b", from: text) }
    }
}
