import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// A repository page's link to the repository and its link preview name the forge it lives on: "View
/// on gitlab.com", "… on codeberg.org: stars, forks…", never GitHub's name for another forge's
/// repository; a GitHub repository's say what they said. In every shipped language.
@Suite("Forge words: a repository page's link and preview name its own forge")
struct ForgePageWordsTests {
    /// Every shipped string table (LocaleTests pins which they are).
    static let locales = LocaleCatalog.builtIn.shipped
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func card(_ name: String, strings: StringTable = .english) -> RepoCard {
        let repo = RepoSnapshot(
            configName: name, fullName: name, htmlURL: "https://example.org/\(name)", stars: 1, forks: 0,
            openIssues: 0, hasIssues: true, daysSincePush: 3, fetchedAt: now)
        let forge: ForgeKind = name.hasPrefix("gitlab.com/") ? .gitlab : name.contains(".") ? .forgejo : .github
        return RepoCard(repo, sample: false, strings: strings, now: now, forge: forge)
    }

    static func share(_ strings: StringTable) -> ShareMaker {
        ShareMaker(config: SiteConfig(repos: [RepoName(owner: "octo", name: "cat")]), strings: strings)
    }

    @Test("English: View on the host, and the preview names it; GitHub's unchanged")
    func english() {
        #expect(Self.card("octo/cat").viewOn == "View on GitHub")
        #expect(Self.card("gitlab.com/group/sub/project").viewOn == "View on gitlab.com")
        #expect(Self.card("codeberg.org/o/r").viewOn == "View on codeberg.org")
        let share = Self.share(.english)
        #expect(
            share.repoPage(Self.card("codeberg.org/o/r"), title: "t", path: "p").description
                == "codeberg.org/o/r on codeberg.org: stars, forks, open issues and top contributors.")
        #expect(
            share.repoPage(Self.card("octo/cat"), title: "t", path: "p").description
                == "octo/cat on GitHub: stars, forks, open issues and top contributors.")
        let mixed = share.doublePage(
            top: Self.card("octo/cat"), bottom: Self.card("gitlab.com/g/p"), title: "t", path: "p")
        #expect(mixed.description == "octo/cat and gitlab.com/g/p: stars, forks, open issues and top contributors.")
        let both = share.doublePage(top: Self.card("octo/cat"), bottom: Self.card("octo/dog"), title: "t", path: "p")
        #expect(both.description == "octo/cat and octo/dog on GitHub: stars, forks, open issues and top contributors.")
    }

    @Test("every shipped language names the host where GitHub's words would name GitHub", arguments: locales)
    func everyLocale(_ locale: String) {
        let strings = LocaleTables(locales: Self.locales).table(for: locale)
        let forge = Self.card("codeberg.org/o/r", strings: strings)
        let gitHub = Self.card("octo/cat", strings: strings)
        #expect(gitHub.viewOn.contains("GitHub"), "\(locale)")
        #expect(forge.viewOn.contains("codeberg.org") && !forge.viewOn.contains("GitHub"), "\(locale): \(forge.viewOn)")
        let share = Self.share(strings)
        let preview = share.repoPage(forge, title: "t", path: "p").description
        let words = preview.replacingOccurrences(of: "codeberg.org/o/r", with: "NAME")
        #expect(words.contains("codeberg.org") && !preview.contains("GitHub") && !preview.contains("{"), "\(locale)")
        let pair = share.doublePage(top: gitHub, bottom: forge, title: "t", path: "p").description
        #expect(!pair.contains("GitHub") && !pair.contains("{") && pair.contains("octo/cat"), "\(locale): \(pair)")
    }
}
