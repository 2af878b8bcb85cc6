import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// Entries told in the site's language from the facts they keep; English exactly as it always was.
@Suite("Feed text: entries in the site's locale, English unchanged")
struct FeedTextTests {
    /// One entry of every kind, as `FeedEvents` makes them: a first release, then a rename with a new
    /// release, 1,000 stars, a push after 81 quiet days and archiving, then a 404.
    static let entries: [FeedEntry] = {
        typealias Events = FeedEventsTests
        var state = FeedState()
        Events.observe(&state, [Events.repo(stars: 990, pushed: Events.first - 80 * Events.day)], at: Events.first)
        let renamed = Events.repo(
            stars: 1_004, release: "v1.1.0", pushed: Events.first + Events.day, archived: true,
            fullName: "octo/renamed")
        Events.observe(&state, [renamed], at: Events.first + Events.day)
        var gone = RepoSnapshot.unavailable(RepoName(owner: "octo", name: "thing"), reason: "404")
        gone.isGone = true
        Events.observe(&state, [gone], at: Events.first + 2 * Events.day)
        return state.entries
    }()

    static let about = "\n\nA <thing> & more ]]>"

    /// Today's English text of each kind, byte for byte.
    static let english: [FeedEntry.Kind: (String, String)] = [
        .release: ("octo/renamed released v1.1.0", "octo/renamed published the release v1.1.0 on 20 Nov 2026." + about),
        .milestone: ("octo/renamed passed 1,000 stars", "octo/renamed has 1,004 stars." + about),
        .woke: (
            "octo/renamed is active again", "octo/renamed was pushed to on 22 Nov 2026 after 81 quiet days." + about
        ),
        .archived: ("octo/renamed was archived", "The repository is now read-only on GitHub." + about),
        .renamed: (
            "Octo/Thing was renamed to octo/renamed",
            "GitHub now calls Octo/Thing octo/renamed; this site still lists it as octo/thing." + about
        ),
        .gone: (
            "octo/thing is gone from GitHub",
            "GitHub answers 404 for octo/thing: deleted, made private, or out of the token's reach."
        ),
    ]

    static func entry(_ kind: FeedEntry.Kind) throws -> FeedEntry {
        // The second release (v1.1.0, told with the rename) is the one with a date and a new name.
        try #require(entries.first { $0.kind == kind && $0.facts?.tag != "v1.0.0" })
    }

    static func table(_ locale: String) -> StringTable { LocaleCatalog.builtIn.table(for: locale) }

    @Test("English, told from the facts by the en table, is today's stored text", arguments: FeedEntry.Kind.allCases)
    func englishIsUnchanged(kind: FeedEntry.Kind) throws {
        let stored = try Self.entry(kind)
        let expected = try #require(Self.english[kind])
        #expect(stored.facts != nil)
        #expect(stored.title == expected.0 && stored.summary == expected.1)
        for locale in ["en", "en-US", "en-GB"] {
            let told = FeedText(strings: Self.table(locale)).entry(stored)
            #expect(told == stored, "\(locale)")
        }
        #expect(FeedText(strings: .english).entry(stored) == stored)
    }

    @Test("every shipped locale retells every kind: its own words, no placeholder left, id and time kept")
    func everyLocaleRetells() throws {
        for locale in ["ko", "ja", "zh-Hans", "de", "fr", "es", "pt-BR", "ar"] {
            let text = FeedText(strings: Self.table(locale))
            for stored in Self.entries {
                let told = text.entry(stored)
                #expect(told.title != stored.title && told.summary != stored.summary, "\(locale) \(stored.kind)")
                #expect(!told.title.contains("{") && !told.summary.contains("{"), "\(locale): \(told)")
                #expect(told.id == stored.id && told.updated == stored.updated && told.kind == stored.kind)
                #expect(told.title.contains(stored.facts?.oldName ?? stored.facts?.name ?? "?"), "\(locale): \(told)")
                #expect(stored.facts?.about.map { told.summary.hasSuffix("\n\n" + $0) } ?? true, "\(locale)")
            }
        }
    }

    @Test("Korean: no English word but the names, tag, description and GitHub; Korean numbers and dates")
    func koreanHasNoEnglish() throws {
        let text = FeedText(strings: Self.table("ko"))
        for stored in Self.entries {
            let told = text.entry(stored)
            let facts = try #require(stored.facts)
            let names = [facts.name, facts.oldName, facts.newName, facts.configName, facts.tag, facts.about]
            let allowed = Set(names.compactMap { $0 }.flatMap(KoreanSiteEndToEndTests.words)).union(["GitHub"])
            let english = KoreanSiteEndToEndTests.words(told.title + " " + told.summary).filter {
                !allowed.contains($0)
            }
            #expect(english.isEmpty, "\(stored.kind): \(told.title) / \(told.summary)")
        }
        #expect(try text.entry(Self.entry(.milestone)).title == "octo/renamed 별 1,000개 돌파")
        #expect(try text.entry(Self.entry(.release)).summary.hasPrefix("octo/renamed에서 2026년 11월 20일에 릴리스 v1.1.0"))
        let arabic = FeedText(strings: Self.table("ar"))
        #expect(try arabic.entry(Self.entry(.woke)).summary.contains("81 يومًا"))
    }

    @Test("an old feed.json without facts loads, and is written as stored in any locale")
    func oldFeedWithoutFacts() throws {
        let json = """
            {"schema": 1, "started": "2026-11-20T12:00:00Z", "repos": {},
             "entries": [{"id": "urn:uuid:1", "repo": "octo/thing", "kind": "release",
               "title": "Octo/Thing released v1.0.0", "summary": "Octo/Thing published the release v1.0.0.",
               "updated": "2026-11-20T12:00:00Z"}]}
            """
        let state = try FeedState.parse(Data(json.utf8))
        let old = try #require(state.entries.first)
        #expect(old.facts == nil)
        let config = SiteConfig(repos: [RepoName(owner: "octo", name: "thing")])
        let feeds = SiteFeeds(config: config, state: state, generatedAt: Events.first, strings: Self.table("ko"))
        #expect(feeds.entries == [old])
        let xml = String(decoding: feeds.site(), as: UTF8.self)
        #expect(xml.contains("<title type=\"text\">Octo/Thing released v1.0.0</title>"))
        // Written back without a facts key, as an older version wrote it.
        let again = try FeedState.encoder.encode(state)
        #expect(!String(decoding: again, as: UTF8.self).contains("facts"))
        #expect(try FeedState.parse(again) == state)
    }

    @Test("facts survive feed.json; a Korean site's feed.xml speaks Korean")
    func factsRoundTripAndRender() throws {
        let state = FeedState(entries: Self.entries)
        let back = try FeedState.parse(try FeedState.encoder.encode(state))
        #expect(back.entries == Self.entries)
        let config = SiteConfig(repos: [RepoName(owner: "octo", name: "thing")])
        let feeds = SiteFeeds(config: config, state: back, generatedAt: Events.first, strings: Self.table("ko"))
        let xml = String(decoding: feeds.repo(RepoName(owner: "octo", name: "thing")), as: UTF8.self)
        #expect(xml.contains("<title type=\"text\">octo/renamed 보관됨</title>"))
        #expect(xml.contains("A &lt;thing&gt; &amp; more ]]&gt;") && !xml.contains("]]>"))
        #expect(!xml.contains("was archived"))
    }

    typealias Events = FeedEventsTests
}
