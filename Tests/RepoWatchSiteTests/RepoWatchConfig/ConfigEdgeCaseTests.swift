import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSite

/// site.yml edge cases found in review: null scalars, stable suggestions, owner names, derived IDs.
@Suite struct ConfigEdgeCaseTests {
    @Test func nullScalarsMeanNotSet() throws {
        let config = try parse("title: ~\ndescription: null\nbase_url:\nrepos: [a/b]\n").config
        #expect(config.title == "Repo Watcher")
        #expect(config.description == nil)
        #expect(config.baseURL == nil)
        #expect(try parse("title: \"~\"\nrepos: [a/b]\n").config.title == "~")
    }

    @Test func suggestionsAreTheSameEveryRun() throws {
        let first = try parse("repos: [a/b]\na: 1\n").warnings.map(\.message)
        for _ in 0..<5 { #expect(try parse("repos: [a/b]\na: 1\n").warnings.map(\.message) == first) }
        #expect(first == ["unknown key 'a' is ignored; did you mean 'accent'?"])
    }

    @Test func enterpriseManagedUserOwnersAreValid() {
        #expect(RepoName.parse("handle_shortcode/repo").value != nil)
        #expect(RepoName.parse("-handle/repo").value == nil)
    }

    @Test func derivedIDsFitInAFileName() {
        let long = RepoName(owner: String(repeating: "o", count: 39), name: String(repeating: "n", count: 100))
        let id = SiteConfig.derivedDoubleID(top: long, bottom: long)
        #expect(id.utf8.count <= 120)
        #expect(id != SiteConfig.derivedDoubleID(top: long, bottom: RepoName(owner: "a", name: "b")))
        #expect(SiteConfig.derivedDoubleID(top: long, bottom: long) == id)
        #expect(
            SiteConfig.derivedDoubleID(top: RepoName(owner: "a", name: "B"), bottom: RepoName(owner: "c", name: "d"))
                == "a-b--c-d")
    }
}
