import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSupport

/// A mistyped repository: the widget's message names the nearest saved one, the `repos:` entry that
/// looks like the typo says so at its own line, and a list item indented one space too deep is
/// called an indentation mistake instead of one odd repository and the errors that follow from it.
@Suite("site.yml: suggestions for mistyped repositories and list indentation")
struct ConfigSuggestionTests {
    func problems(_ yaml: String) -> [Diagnostic] {
        do {
            return try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml).warnings
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test("a widget naming a slip of a saved repository: did you mean it, with its line")
    func widgetSuggestsSavedName() {
        let found = problems(
            """
            repos:
              - apple/swift
              - octocat/Hello-World
            widgets:
              - repo: apple/swfit
            """)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.line == 5 && found.first?.column == 11, "\(found)")
        #expect(
            found.first?.message
                == "apple/swfit is not in `repos`; did you mean apple/swift (`repos`, line 2)? Else add apple/swfit there first",
            "\(found)")
    }

    @Test("a typo in repos: said at the entry's own line, once, besides each widget's error")
    func reposEntryLooksLikeTypo() {
        let found = problems(
            """
            repos:
              - apple/swfit
              - octocat/Hello-World
            widgets:
              - repo: apple/swift
              - kind: double
                top: apple/swift
                bottom: octocat/Hello-World
            """)
        let places = found.map { "\($0.line):\($0.column) \($0.severity.rawValue)" }
        #expect(places == ["2:5 warning", "5:11 error", "7:10 error"], "\(found)")
        #expect(
            found.first?.message
                == "no widget shows apple/swfit, but the widget at line 5 shows apple/swift, which `repos` lacks; "
                + "is this entry a typo of apple/swift?", "\(found)")
        #expect(found.dropFirst().allSatisfy { $0.message.contains("did you mean apple/swfit (`repos`, line 2)?") })
    }

    @Test("a name far from every saved one gets no guess")
    func noGuessForUnrelatedName() {
        let found = problems("repos: [apple/swift]\nwidgets:\n  - repo: twbs/bootstrap\n")
        #expect(found.map(\.message) == ["twbs/bootstrap is not in `repos`; add it there first"])
    }

    @Test("a list item indented deeper than the ones above: one error naming both indentations")
    func deeperListItem() {
        let found = problems(
            """
            title: T
            repos:
              - apple/swift
               - kudoleh/iOS-Clean-Architecture-MVVM
              - octocat/Hello-World
            widgets:
              - repo: kudoleh/iOS-Clean-Architecture-MVVM
              - repo: apple/swift
            """)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.line == 4 && found.first?.column == 4, "\(found)")
        #expect(
            found.first?.message.hasPrefix(
                "this list item is indented 3 spaces; the items above use 2, so YAML reads it as more of the item on line 3"
            ) == true, "\(found)")
    }

    @Test("with owners: a widget's name that no one lists suggests the nearest of repos and owners' lists")
    func ownerListedNamesCount() throws {
        let config = try ConfigLoader(file: "site.yml", locales: .builtIn).parse(
            """
            repos: [apple/swift]
            owners:
              - owner: octocat
            widgets:
              - repo: octocat/Hello-Wrld
            """
        ).config
        let yields = [
            SiteConfig.OwnerYield(source: config.owners[0], names: [RepoName(owner: "octocat", name: "Hello-World")])
        ]
        #expect(throws: DiagnosticsError.self) { try config.resolving(yields) }
        do {
            _ = try config.resolving(yields)
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.map(\.line) == [5])
            #expect(error.diagnostics.first?.message.contains("did you mean octocat/Hello-World?") == true, "\(error)")
        }
    }

    @Test("a refresh a schedule cannot repeat says, at its line, what schedule it becomes")
    func refreshRounding() {
        let found = problems("repos: [apple/swift]\nrefresh: 90m\n")
        #expect(found.map { "\($0.line):\($0.column)" } == ["2:10"], "\(found)")
        #expect(
            found.first?.message.hasPrefix("`refresh: 90m` becomes a scheduled build every 1 hour in the workflow")
                == true, "\(found)")
        #expect(problems("repos: [apple/swift]\nrefresh: 10d\n").first?.message.contains("every 1 week") == true)
        for exact in ["2h", "15m", "1d", "3d", "12h"] {
            #expect(problems("repos: [apple/swift]\nrefresh: \(exact)\n").isEmpty, "\(exact)")
        }
    }
}
