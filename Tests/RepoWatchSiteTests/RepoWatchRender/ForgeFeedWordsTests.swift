import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// A repository on another forge "wakes up" by its forge's date, which is no push: GitLab's
/// `last_activity_at` moves with any activity, Gitea's `updated_at` with any update. Its feed entry
/// says so, in English as stored and in every shipped locale; a GitHub repository's says what it did.
/// Its archived, renamed and gone entries name its host where a GitHub repository's name GitHub.
@Suite("Feed: a forge's entries say its words and its host")
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

    /// The archived, renamed and gone entries of `name`: seen, then archived under `renamed` (a new
    /// last part), then answered 404.
    static func others(_ name: String, renamed: String) throws -> [FeedEntry.Kind: FeedEntry] {
        func repo(_ fullName: String, archived: Bool) -> RepoSnapshot {
            var repo = Events.repo(stars: 5, release: nil, archived: archived, fullName: fullName)
            repo.configName = name
            return repo
        }
        var gone = RepoSnapshot.unavailable(try #require(RepoName.parse(name).value), reason: "404")
        gone.isGone = true
        var state = FeedState()
        for (repos, days) in [([repo(name, archived: false)], 0.0), ([repo(renamed, archived: true)], 1), ([gone], 2)] {
            let time = Events.first + days * Events.day
            let snapshot = Snapshot(generatedAt: time, nextUpdate: time, sample: false, repos: repos)
            state.observe(snapshot, ids: Events.ids, now: time, forges: forges)
        }
        return Dictionary(uniqueKeysWithValues: state.entries.map { ($0.kind, $0) })
    }

    @Test(
        "English as stored: archived, renamed and gone say GitHub for GitHub's, the host for another forge's",
        arguments: [
            ("octo/thing", "octo/other", "GitHub"), ("gitlab.com/a/b/c", "gitlab.com/a/b/d", "gitlab.com"),
            ("codeberg.org/o/r", "codeberg.org/o/s", "codeberg.org"),
            ("git.example.org/o/r", "git.example.org/o/s", "git.example.org"),
        ])
    func hostEnglish(_ form: (name: String, renamed: String, forge: String)) throws {
        let entries = try Self.others(form.name, renamed: form.renamed)
        let (name, new, forge) = form
        let archived = try #require(entries[.archived])
        #expect(archived.summary == "The repository is now read-only on \(forge)." + FeedTextTests.about)
        let renamed = try #require(entries[.renamed])
        #expect(
            renamed.summary == "\(forge) now calls \(name) \(new); this site still lists it as \(name)."
                + FeedTextTests.about)
        let gone = try #require(entries[.gone])
        #expect(gone.title == "\(name) is gone from \(forge)")
        #expect(gone.summary == "\(forge) answers 404 for \(name): deleted, made private, or out of the token's reach.")
        for entry in [archived, renamed, gone] {
            #expect(FeedText(strings: FeedTextTests.table("en")).entry(entry) == entry, "\(entry.kind)")
        }
    }

    @Test("every shipped locale names another forge's host, never GitHub, in its archived, renamed and gone entries")
    func hostEveryLocale() throws {
        let gitHub = try Self.others("octo/thing", renamed: "octo/other")
        let forge = try Self.others("codeberg.org/o/r", renamed: "codeberg.org/o/s")
        for locale in ["ko", "ja", "zh-Hans", "de", "fr", "es", "pt-BR", "ar"] {
            let text = FeedText(strings: FeedTextTests.table(locale))
            for kind in [FeedEntry.Kind.archived, .renamed, .gone] {
                let theirs = text.entry(try #require(gitHub[kind]))
                let mine = text.entry(try #require(forge[kind]))
                #expect(theirs.summary.contains("GitHub"), "\(locale) \(kind): \(theirs.summary)")
                for told in [mine.title, mine.summary] {
                    #expect(!told.contains("GitHub") && !told.contains("{"), "\(locale) \(kind): \(told)")
                }
                // The host is said with the summary's words (beside the repository's name, which holds it too).
                let words = mine.summary.replacingOccurrences(of: "codeberg.org/o/", with: "NAME/")
                #expect(words.contains("codeberg.org"), "\(locale) \(kind): \(mine.summary)")
            }
            let goneTitle = text.entry(try #require(forge[.gone])).title
            #expect(goneTitle.replacingOccurrences(of: "codeberg.org/o/r", with: "NAME").contains("codeberg.org"))
        }
    }
}
