import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// A repository on another forge "wakes up" by its forge's date, which is no push: GitLab's
/// `last_activity_at` moves with any activity, Gitea's `updated_at` with any update. Its feed entry
/// says so, in English as stored and in every shipped locale; a GitHub repository's says what it did.
@Suite("Feed: a forge's woke entry says what its date counts")
struct ForgeFeedWordsTests {
    typealias Events = FeedEventsTests

    static let forges = Forges(declared: [
        Forge(host: "git.example.org", kind: .gitea, api: URL(string: "https://git.example.org/api/v1")!)
    ])

    /// The woke entry of `name` after 80 quiet days.
    static func woke(_ name: String) throws -> FeedEntry {
        let old = Events.first - 80 * Events.day
        func repo(pushed: Date) -> RepoSnapshot {
            var repo = Events.repo(stars: 5, release: nil, pushed: pushed, fullName: name)
            repo.configName = name
            return repo
        }
        var state = FeedState()
        for (pushed, time) in [(old, Events.first), (Events.first, Events.first + Events.day)] {
            let snapshot = Snapshot(generatedAt: time, nextUpdate: time, sample: false, repos: [repo(pushed: pushed)])
            state.observe(snapshot, ids: Events.ids, now: time, forges: forges)
        }
        return try #require(state.entries.first { $0.kind == .woke })
    }

    @Test(
        "English as stored: pushed to on GitHub, activity on GitLab, updated on Gitea and Forgejo",
        arguments: [
            ("octo/thing", "octo/thing was pushed to on 21 Nov 2026 after 80 quiet days.", nil),
            ("gitlab.com/a/b/c", "gitlab.com/a/b/c had activity on 21 Nov 2026 after 80 quiet days.", ForgeKind.gitlab),
            ("codeberg.org/o/r", "codeberg.org/o/r was updated on 21 Nov 2026 after 80 quiet days.", .forgejo),
            ("git.example.org/o/r", "git.example.org/o/r was updated on 21 Nov 2026 after 80 quiet days.", .gitea),
        ])
    func english(_ form: (name: String, summary: String, forge: ForgeKind?)) throws {
        let stored = try Self.woke(form.name)
        #expect(stored.summary == form.summary + FeedTextTests.about)
        #expect(stored.facts?.forge == form.forge)
        // The en table tells the facts back as stored, byte for byte.
        #expect(FeedText(strings: FeedTextTests.table("en")).entry(stored) == stored)
    }

    @Test("every shipped locale says the forge's word, not its word for a push")
    func everyLocale() throws {
        let gitHub = try Self.woke("octo/thing")
        let gitLab = try Self.woke("gitlab.com/a/b/c")
        let gitea = try Self.woke("codeberg.org/o/r")
        for locale in ["ko", "ja", "zh-Hans", "de", "fr", "es", "pt-BR", "ar"] {
            let text = FeedText(strings: FeedTextTests.table(locale))
            let pushed = text.entry(gitHub).summary
            let active = text.entry(gitLab).summary
            let updated = text.entry(gitea).summary
            for told in [active, updated] {
                #expect(!told.contains("{") && told.hasSuffix(FeedTextTests.about), "\(locale): \(told)")
            }
            // The same sentence around other words: only the verb differs from a push's.
            let words = { (summary: String, name: String) in summary.replacingOccurrences(of: name, with: "NAME") }
            #expect(words(active, "gitlab.com/a/b/c") != words(pushed, "octo/thing"), "\(locale): \(active)")
            #expect(words(updated, "codeberg.org/o/r") != words(pushed, "octo/thing"), "\(locale): \(updated)")
            #expect(words(updated, "codeberg.org/o/r") != words(active, "gitlab.com/a/b/c"), "\(locale)")
        }
    }
}
