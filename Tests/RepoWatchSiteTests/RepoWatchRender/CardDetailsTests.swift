import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The latest release and the primary language: on the large card (HTML and SVG) and the repository
/// page, never on the medium card; their text from the API escaped, the colour used only as #RRGGBB.
@Suite("Releases and languages on the cards")
struct CardDetailsTests {
    static func specimen(locale: String? = nil) async throws -> [String: String] {
        try await SpecimenSite.files(locale: locale).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the large card and the repository page show both, with hooks; the medium card shows neither")
    func largeAndPageOnly() async throws {
        let files = try await Self.specimen()
        let large = try #require(files["repos/apple/swift/large.html"])
        #expect(large.contains("data-stat=\"release\" data-value=\"swift-6.0.3-RELEASE\""))
        #expect(large.contains("data-stat=\"language\" data-value=\"Swift\""))
        #expect(large.contains("<circle cx=\"6\" cy=\"6\" r=\"5\" fill=\"#F05138\"/>"))
        #expect(large.contains("<time datetime=\"2026-11-19T12:00:00Z\">3 days ago</time>"))
        let medium = try #require(files["repos/apple/swift/medium.html"])
        #expect(!medium.contains("data-stat=\"release\"") && !medium.contains("data-stat=\"language\""))
        let page = try #require(files["repos/apple/swift/index.html"])
        let header = String(page[..<(page.range(of: "class=\"repo-widgets\"")?.lowerBound ?? page.endIndex)])
        #expect(header.contains("<li data-stat=\"language\" data-value=\"Swift\""))
        #expect(header.contains("<li data-stat=\"release\" data-value=\"swift-6.0.3-RELEASE\">Latest release "))
        #expect(header.contains("href=\"https://github.com/apple/swift/releases/latest\""))
        #expect(header.contains("title=\"19 Nov 2026\">3 days ago</time>"))
        // Without a date the tag stands alone; without a colour the dot takes the text's.
        let three = try #require(files["repos/edge/three-friends/large.html"])
        #expect(three.contains("data-value=\"v1.0.0\"") && !three.contains("<time"))
        let edge = try #require(files["repos/edge/\(SpecimenSite.longName)/large.html"])
        #expect(edge.contains("fill=\"currentColor\"/></svg><bdi class=\"rw-lang__name\">Jupyter Notebook</bdi>"))
        #expect(edge.contains(">last year</time>"))
        // Neither: no row at all, and Top Contributors takes the room.
        #expect(!(files["repos/edge/unknowns/large.html"] ?? "").contains("rw-details"))
    }

    @Test("a hostile tag or language name is text; a colour that is not #RRGGBB never reaches an attribute")
    func hostileDetails() async throws {
        let files = try await Self.specimen()
        let large = try #require(files["repos/hostile/xss/large.html"])
        #expect(!large.contains("<script>") && !large.contains("<img src=x"))
        #expect(large.contains("data-value=\"&lt;script&gt;window.__pwned = &quot;description&quot;&lt;/script&gt;\""))
        #expect(!large.contains("onload") && large.contains("fill=\"currentColor\""))
        let svg = try #require(files["repos/hostile/xss/large.svg"])
        #expect(!svg.contains("<script") && !svg.contains("onload"))
        #expect(SVGAudit(Data(svg.utf8)).shows(SpecimenSite.hostileScript))
        #expect(RepoLanguage(name: "x", color: "#fff\" onload=\"x").color == nil)
        #expect(RepoLanguage(name: "x", color: "red").color == nil)
        #expect(RepoLanguage(name: "x", color: "#a1b2c3").color == "#A1B2C3")
    }

    @Test("the SVG large card draws the language with its colour, and the tag and date, as the HTML does")
    func svgDetails() async throws {
        let files = try await Self.specimen()
        let svg = try #require(files["repos/apple/swift/large.svg"])
        let texts = SVGAudit(Data(svg.utf8)).texts
        // The tag and its date are one text, as in the HTML; the tag gives way to "…" where the row is full.
        #expect(texts.contains("Swift"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("swift-6.0") && $0.hasSuffix("\u{2026} · 3 days ago") }, "\(texts)")
        #expect(svg.contains("r=\"4.17\" fill=\"#F05138\""))
        let medium = SVGAudit(Data(try #require(files["repos/apple/swift/medium.svg"]).utf8)).texts
        #expect(!medium.contains("Swift") && !medium.contains("swift-6.0.3-RELEASE"))
        // Accented: the dot takes the one tint, like every other mark.
        let accented = try #require(files["widgets/pair-light-accented/large.svg"])
        #expect(!accented.contains("#F05138"))
    }

    @Test("\"3 days ago\" counts from the build's time, in the card's language")
    func relativeDates() {
        let now = ISO8601.parse("2026-11-22T12:00:00Z")!
        let day: TimeInterval = 86_400
        let english = LocaleFormatter(identifier: "en")
        #expect(english.ago(now - 3 * day, now: now) == "3 days ago")
        #expect(english.ago(now - day, now: now) == "yesterday")
        #expect(english.ago(now - 400 * day, now: now) == "last year")
        #expect(english.ago(now + day, now: now) == "now")
        #expect(LocaleFormatter(identifier: "ko").ago(now - 3 * day, now: now) == "3일 전")
        #expect(LocaleFormatter(identifier: "de").ago(now - 3 * day, now: now) == "vor 3 Tagen")
        let korean = LocaleCatalog.builtIn.table(for: "ko")
        var repo = RepoSnapshot(configName: "a/b", fullName: "a/b", stars: 1, fetchedAt: now)
        repo.release = RepoRelease(tag: "v1", publishedAt: now - 3 * day)
        repo.language = RepoLanguage(name: "Swift", color: "#F05138")
        let card = RepoCard(repo, sample: false, strings: korean, now: now)
        #expect(card.release?.ago == "3일 전" && card.release?.label == "최신 릴리스 v1, 2026년 11월 19일에 게시")
        #expect(card.language?.label == "주 언어: Swift")
    }
}
