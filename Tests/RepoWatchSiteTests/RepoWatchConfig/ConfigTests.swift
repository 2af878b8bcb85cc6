import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSite

@Suite struct ConfigTests {
    @Test func readsEveryKeyAndAppliesDefaults() throws {
        let result = try parse(
            """
            title: My Watch
            description: |
              Hello *world*
            base_url: https://me.github.io/watch
            refresh: 6h
            appearance: dark
            repos:
              - sallen0400/swift-news
              - apple/swift
              - kudoleh/iOS-Clean-Architecture-MVVM
            widgets:
              - kind: single
                repo: apple/swift
                sizes: [large]
                note: "A note"
              - kind: double
            """)
        let config = result.config
        #expect(config.title == "My Watch")
        #expect(config.baseURL?.absoluteString == "https://me.github.io/watch/")
        #expect(config.refresh == 6 * 3600)
        #expect(config.appearance == .dark)
        #expect(
            config.repos.map(\.description) == [
                "sallen0400/swift-news", "apple/swift", "kudoleh/iOS-Clean-Architecture-MVVM",
            ])
        #expect(config.widgets.count == 2)
        #expect(config.widgets[0].kind == .single(RepoName(owner: "apple", name: "swift"), sizes: [.large]))
        #expect(config.widgets[0].note == "A note")
        // A double widget with no names takes the first and second saved repositories.
        #expect(
            config.widgets[1].kind
                == .double(
                    id: "sallen0400-swift-news--apple-swift", top: RepoName(owner: "sallen0400", name: "swift-news"),
                    bottom: RepoName(owner: "apple", name: "swift")))
        #expect(result.warnings.isEmpty)
    }

    @Test func withoutWidgetsEveryRepositoryGetsMediumAndLarge() throws {
        let config = try parse("repos: [apple/swift, octocat/Hello-World]").config
        #expect(config.widgets.count == 2)
        #expect(
            config.widgets[1].kind
                == .single(RepoName(owner: "octocat", name: "Hello-World"), sizes: [.medium, .large]))
        #expect(config.title == "Repo Watcher")
        #expect(config.refresh == 12 * 3600)
    }

    @Test func widgetRepositoryDefaultsToTheFirstAndIsMatchedCaseInsensitively() throws {
        let config = try parse(
            """
            repos: [apple/swift, kudoleh/iOS-Clean-Architecture-MVVM]
            widgets:
              - kind: single
              - repo: KUDOLEH/ios-clean-architecture-mvvm
            """
        ).config
        #expect(config.widgets[0].kind == .single(RepoName(owner: "apple", name: "swift"), sizes: [.medium, .large]))
        // The saved spelling wins.
        #expect(
            config.widgets[1].kind
                == .single(RepoName(owner: "kudoleh", name: "iOS-Clean-Architecture-MVVM"), sizes: [.medium, .large]))
    }

    @Test func invalidNamesAreErrorsAtTheirPosition() {
        let found = errors(
            """
            repos:
              - apple/swift
              - -bad/name
              - good/na..me
              - noslash
              - a--b/x
            """)
        #expect(found.map(\.line) == [3, 4, 5, 6])
        #expect(found.allSatisfy { $0.column == 5 })
        #expect(found[0].description.hasPrefix("site.yml:3:5: error: '-bad' is not a valid GitHub owner"))
    }

    @Test func duplicatesAreComparedCaseInsensitively() {
        let found = errors("repos:\n  - apple/swift\n  - Apple/Swift\n")
        #expect(found.count == 1)
        #expect(found[0].line == 3)
        #expect(found[0].message.contains("listed twice (first at line 2)"))
    }

    @Test("repeated and invalid names are reported in the file's order; each copy points at the first")
    func repeatedAndInvalidInOrder() {
        let found = errors("repos:\n  - a/b\n  - A/B\n  - -bad/x\n  - a/B\n  - c/d\n")
        #expect(found.map(\.line) == [3, 4, 5])
        #expect(found[0].message.contains("A/B is listed twice (first at line 2)"))
        #expect(found[2].message.contains("a/B is listed twice (first at line 2)"))
        #expect(!found[1].message.contains("twice"))
    }

    @Test func atLeastOneRepository() {
        #expect(errors("repos: []\n").first?.message.contains("at least one repository") == true)
        #expect(errors("title: x\n").first?.message.contains("missing `repos:`") == true)
    }

    @Test func widgetsMayOnlyUseSavedRepositoriesKindsAndSizes() {
        let found = errors(
            """
            repos: [apple/swift, octocat/Hello-World]
            widgets:
              - repo: twbs/bootstrap
              - kind: triple
              - sizes: [small]
              - kind: double
                top: apple/swift
                bottom: twbs/bootstrap
            """)
        #expect(found.map(\.line) == [3, 4, 5, 8])
        #expect(found[0].message == "twbs/bootstrap is not in `repos`; add it there first")
        #expect(found[1].message.contains("must be single or double"))
        #expect(found[2].message.contains("medium or large"))
    }

    @Test func doubleWidgetNeedsTwoRepositories() {
        #expect(errors("repos: [apple/swift]\nwidgets:\n  - kind: double\n").first?.line == 3)
    }

    @Test func unknownKeysAreWarningsWithTheirLine() throws {
        let result = try parse("repos: [apple/swift]\ntheme: dark\nwidgets:\n  - kind: single\n    colour: red\n")
        #expect(result.warnings.map(\.line) == [2, 5])
        #expect(result.warnings[0].description.hasPrefix("site.yml:2:1: warning: unknown key 'theme'"))
    }

    @Test func yamlSyntaxAndDuplicateKeysNameTheirPosition() {
        let syntax = errors("repos:\n  - apple/swift\n  bad: [\n")
        #expect(syntax.first?.message.hasPrefix("invalid YAML") == true)
        #expect((syntax.first?.line ?? 0) >= 3)
        let duplicate = errors("repos: [apple/swift]\nrepos: [twbs/bootstrap]\n")
        #expect(duplicate.first?.message == "`repos` is given twice (first at line 1); keep one")
        #expect(duplicate.first?.line == 2)
    }

    @Test func badValuesAreErrors() {
        let found = errors("repos: [apple/swift]\nbase_url: ftp://x\nrefresh: soon\nappearance: blue\n")
        #expect(found.map(\.line) == [2, 3, 4])
    }

    @Test func durations() {
        #expect(SiteConfig.parseDuration("12h") == 43_200)
        #expect(SiteConfig.parseDuration("1h30m") == 5_400)
        #expect(SiteConfig.parseDuration("1d") == 86_400)
        #expect(SiteConfig.parseDuration("12") == nil)
        #expect(SiteConfig.parseDuration("h") == nil)
        #expect(SiteConfig.parseDuration("0h") == nil)
    }

    @Test func repositoryNameRules() {
        #expect(RepoName.parse("apple/swift").value?.key == "apple/swift")
        #expect(RepoName.parse("a-b/c.d_e-f").value != nil)
        #expect(RepoName.parse("a/b/c").value == nil)
        #expect(RepoName.parse("a-/b").value == nil)
        #expect(RepoName.parse("a/..").value == nil)
        #expect(RepoName.parse("a/.").value == nil)
        #expect(RepoName.parse("a/b c").value == nil)
        #expect(RepoName.parse("ü/b").value == nil)
        #expect(RepoName.parse(String(repeating: "a", count: 40) + "/b").value == nil)
    }
}
