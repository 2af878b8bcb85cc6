import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite("Atom feed: escaped, links absolute with a base_url, read back from the published file")
struct AtomFeedTests {
    static let base = URL(string: "https://me.github.io/watch/")!
    static let entry = FeedEntry(
        id: "tag:me.github.io,2026:repowatch/octo/thing/release/v1", repo: "octo/thing", kind: .release,
        title: "Octo released <v1> & ]]>", summary: "line one\n\nA <script>alert(1)</script> & ]]> \"q\"",
        updated: ISO8601.parse("2026-11-21T12:00:00Z")!)

    static func feed(base: URL?, path: String = "feed.xml", page: String = "", language: String = "en") -> AtomFeed {
        AtomFeed(
            id: "urn:x", title: "Site & <co>", author: "Me", path: path, page: page, entries: [entry],
            fallbackUpdated: Date(timeIntervalSince1970: 0), baseURL: base, language: language)
    }

    @Test("the feed says the site's language on its root, as a reader needs for direction and fonts")
    func language() {
        for locale in ["en", "ar", "ja", "zh-Hans"] {
            let xml = Self.feed(base: Self.base, language: locale).xml()
            #expect(xml.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(locale)\">"))
        }
        var config = SiteConfig(repos: [RepoName.parse("octo/thing").value!])
        config.locale = "ar"
        let strings = LocaleCatalog.builtIn.table(for: "ar")
        let feeds = SiteFeeds(
            config: config, state: FeedState(entries: [Self.entry]), generatedAt: Date(), strings: strings)
        for data in [feeds.site(), feeds.repo(RepoName.parse("octo/thing").value!)] {
            #expect(String(decoding: data, as: UTF8.self).contains("xml:lang=\"ar\""))
        }
    }

    @Test("a feed published before the root said its language still reads back")
    func readsOlderFeed() throws {
        let older = Self.feed(base: Self.base).xml().replacingOccurrences(of: " xml:lang=\"en\"", with: "")
        #expect(!older.contains("xml:lang"))
        #expect(try AtomReader(baseURL: Self.base).entries(Data(older.utf8)) == [Self.entry])
    }

    @Test("hostile text is escaped, never raw markup or CDATA; links absolute with a base_url")
    func escaped() {
        let xml = Self.feed(base: Self.base).xml()
        #expect(!xml.contains("<script") && !xml.contains("]]>") && !xml.contains("<v1>") && !xml.contains("CDATA"))
        #expect(xml.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt;"))
        #expect(xml.contains("href=\"https://me.github.io/watch/repos/octo/thing/\""))
        #expect(
            xml.contains(
                "<link rel=\"self\" type=\"application/atom+xml\" href=\"https://me.github.io/watch/feed.xml\"/>"))
        #expect(xml.contains("<updated>2026-11-21T12:00:00Z</updated>"))
    }

    @Test("without a base_url: no rel=self, links relative to the feed file")
    func relative() {
        let site = Self.feed(base: nil).xml()
        #expect(!site.contains("rel=\"self\"") && site.contains("href=\"repos/octo/thing/\""))
        let repo = Self.feed(base: nil, path: "repos/octo/thing/feed.xml", page: "repos/octo/thing/").xml()
        #expect(repo.contains("href=\"../../../repos/octo/thing/\""))
    }

    @Test("the published feed reads back to the same entries; anything else is refused")
    func readsBack() throws {
        let data = Data(Self.feed(base: Self.base).xml().utf8)
        #expect(try AtomReader(baseURL: Self.base).entries(data) == [Self.entry])
        let foreign = Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"><generator>Hugo</generator></feed>".utf8)
        #expect(throws: AtomReader.Refusal.self) { try AtomReader(baseURL: Self.base).entries(foreign) }
        let elsewhere = URL(string: "https://other.example/")!
        #expect(throws: AtomReader.Refusal.self) { try AtomReader(baseURL: elsewhere).entries(data) }
        let injected = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "&lt;v1&gt;", with: "<v1>")
        #expect(throws: AtomReader.Refusal.self) { try AtomReader(baseURL: Self.base).entries(Data(injected.utf8)) }
        let broken = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&")
        #expect(throws: AtomReader.Refusal.self) { try AtomReader(baseURL: Self.base).entries(Data(broken.utf8)) }
    }
}
