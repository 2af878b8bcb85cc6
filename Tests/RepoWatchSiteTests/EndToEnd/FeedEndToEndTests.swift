import Foundation
import Testing

/// Builds on a schedule, each with GitHub's data a little changed, read by a real feed parser.
@Suite("End-to-end: the Atom feeds across builds", .timeLimit(.minutes(10)))
struct FeedEndToEndTests {
    static let days = ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"]
    static let hostile = #"Evil ]]> & <script>alert(1)</script>"#

    /// octocat/Hello-World (recorded) with a hostile description and 990 → 1,004 → 998 → 1,010 stars;
    /// twbs/bootstrap as recorded (far past every milestone up to 100k).
    static func routes() throws -> [FixtureRoute] {
        let recorded = String(decoding: try SharedFixtures.data("repos-get-octocat-Hello-World.json"), as: UTF8.self)
        #expect(recorded.contains("\"stargazers_count\": 1437"))
        let json = ["content-type": "application/json; charset=utf-8"]
        let answers = [990, 1_004, 998, 1_010].enumerated().map { index, stars in
            FixtureResponse.text(
                recorded.replacingOccurrences(of: "\"stargazers_count\": 1437", with: "\"stargazers_count\": \(stars)")
                    .replacingOccurrences(
                        of: "\"My first repository on GitHub!\"", with: "\"Evil ]]> & <script>alert(1)<\\/script>\""),
                status: 200, headers: json.merging(["etag": "\"v\(index)\""]) { $1 })
        }
        return [
            FixtureRoute(method: "GET", path: "/repos/octocat/Hello-World", query: nil, responses: answers),
            .get("/repos/octocat/Hello-World/contributors", NetworkRoutes.contributors),
            .get("/repos/twbs/bootstrap", NetworkRoutes.bootstrap),
            .get("/repos/twbs/bootstrap/contributors", NetworkRoutes.contributors),
            .post(
                "/graphql", Self.releases("v1.0.0", "2026-11-01T10:00:00Z"),
                Self.releases("v1.1.0", "2026-11-22T08:00:00Z")),
        ]
    }

    static func releases(_ tag: String, _ date: String) -> FixtureResponse {
        let release: JSONValue = ["tagName": .string(tag), "publishedAt": .string(date)]
        let bootstrap: JSONValue = ["tagName": "v5.3.8", "publishedAt": "2025-08-26T00:00:00Z"]
        return FixtureResponse(
            graphql: [
                "repos": [
                    "octocat/Hello-World": ["issues": 1, "pulls": 0, "release": release],
                    "twbs/bootstrap": ["issues": 2, "pulls": 3, "release": bootstrap],
                ],
                "cost": 1, "remaining": 4_999, "limit": 5_000,
            ])
    }

    static func build(_ site: RebuiltSite, _ api: FixtureServer, base: String, day: Int, _ extra: [String] = [])
        async throws -> RunResult
    {
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": "\(days[day])T12:00:00Z"])
        return try await BinaryRunner.run(
            ["build", "--jobs", "1", "--api-url", api.base, "--base-url", base] + extra, in: site.dir.url,
            environment: environment)
    }

    @Test("first build: one entry per repository; then a release and 1k stars, told once; ids stable; restored")
    func acrossBuilds() async throws {
        let site = try RebuiltSite("feed", repos: ["octocat/Hello-World", "twbs/bootstrap"])
        defer { site.dir.remove() }
        let api = try await FixtureServer.start(routes: try Self.routes())
        defer { api.stop() }
        // The published site: nothing at first; after the cache is lost, the feed.xml the builds wrote
        // (served from the same address, as GitHub Pages would after a publish).
        let empty = try await FixtureServer.start(
            routes: [.get("/watch/feed.xml", .text("Not Found", status: 404))], host: "127.0.0.2")
        defer { empty.stop() }
        let pagesBase = empty.base
        let base = pagesBase + "/watch/"
        let feedFile = site.output.appendingPathComponent("feed.xml")

        let first = try await Self.build(site, api, base: base, day: 0)
        #expect(first.status == 0, "\(first)")
        let start = try ParsedFeed.read(feedFile)
        #expect(!start.bozo && start.version == "atom10", "\(String(describing: start.bozoException))")
        #expect(
            start.entries.map(\.title) == ["octocat/Hello-World released v1.0.0", "twbs/bootstrap released v5.3.8"])
        #expect(start.feed.title == "Network" && start.feed.id == "tag:127.0.0.2,2026:repowatch/feed")
        #expect(start.feed.links.contains(.init(rel: "self", href: base + "feed.xml", type: "application/atom+xml")))
        #expect(start.entries.first?.link == base + "repos/octocat/hello-world/")
        #expect(start.entries.first?.id == "tag:127.0.0.2,2026:repowatch/octocat/hello-world/release/v1.0.0")

        let second = try await Self.build(site, api, base: base, day: 1)
        #expect(second.status == 0, "\(second)")
        let told = try ParsedFeed.read(feedFile)
        #expect(
            told.entries.map(\.title) == [
                "octocat/Hello-World passed 1,000 stars", "octocat/Hello-World released v1.1.0",
                "octocat/Hello-World released v1.0.0", "twbs/bootstrap released v5.3.8",
            ])
        #expect(told.entries.first?.tags == ["milestone"] && told.entries.first?.updated == "2026-11-22T12:00:00Z")
        let repoFeed = try ParsedFeed.read(site.output.appendingPathComponent("repos/octocat/hello-world/feed.xml"))
        #expect(!repoFeed.bozo && repoFeed.ids == Array(told.ids.prefix(3)))

        // Hostile text: escaped in the file, the same text once parsed.
        let raw = try String(contentsOf: feedFile, encoding: .utf8)
        #expect(!raw.contains("<script") && !raw.contains("]]>") && !raw.contains("CDATA"))
        #expect(raw.contains("Evil ]]&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(told.entries.first?.summary?.contains("1,004 stars") == true)
        #expect(told.entries.first?.summary?.contains(Self.hostile) == true, "\(told.entries.first?.summary ?? "")")

        // A dip under 1,000 and a second crossing tell nothing new; ids and bytes stay.
        let before = try Data(contentsOf: feedFile)
        for day in [2, 3] {
            let result = try await Self.build(site, api, base: base, day: day)
            #expect(result.status == 0, "\(result)")
        }
        #expect(try Data(contentsOf: feedFile) == before)
        let offline = try await Self.build(site, api, base: base, day: 4, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try ParsedFeed.read(feedFile).ids == told.ids)

        // The cache is lost: the entries come back from the published feed.xml, without the token.
        try FileManager.default.removeItem(at: site.cache)
        #expect(try await empty.requests().map(\.pathOnly).filter { $0.hasSuffix(".xml") } == ["/watch/feed.xml"])
        empty.stop()
        let atom = ["content-type": "application/atom+xml"]
        let pages = try await FixtureServer.start(
            routes: [
                .get(
                    "/watch/feed.xml",
                    .text(try String(contentsOf: feedFile, encoding: .utf8), status: 200, headers: atom))
            ],
            host: "127.0.0.2", options: ["--port", String(pagesBase.split(separator: ":").last ?? "")])
        defer { pages.stop() }
        #expect(pages.base == pagesBase)
        let restored = try await Self.build(site, api, base: base, day: 5)
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.stderr.contains("restored 4 entries"), "\(restored)")
        #expect(try ParsedFeed.read(feedFile).ids == told.ids)
        let seen = try await pages.requests().filter { $0.pathOnly == "/watch/feed.xml" }
        #expect(seen.count == 1 && seen.allSatisfy { $0.header("authorization") == nil })
    }

    @Test("a locale: ko site's feeds: no English word in entry titles or summaries, same ids")
    func koreanFeeds() async throws {
        let site = try RebuiltSite("feed-ko", repos: ["octocat/Hello-World", "twbs/bootstrap"])
        defer { site.dir.remove() }
        try site.dir.write(
            "site.yml", "title: 저장소 관찰\nlocale: ko\nrepos:\n  - octocat/Hello-World\n  - twbs/bootstrap\n")
        let api = try await FixtureServer.start(routes: try Self.routes())
        defer { api.stop() }
        let published = try await FixtureServer.start(
            routes: [.get("/watch/feed.xml", .text("Not Found", status: 404))], host: "127.0.0.2")
        defer { published.stop() }
        let base = published.base + "/watch/"
        for day in [0, 1] {
            let result = try await Self.build(site, api, base: base, day: day)
            #expect(result.status == 0, "\(result)")
        }
        // A release, then 1,000 stars: the kinds a two-build site tells.
        let feeds = try ["feed.xml", "repos/octocat/hello-world/feed.xml", "repos/twbs/bootstrap/feed.xml"].map {
            try ParsedFeed.read(site.output.appendingPathComponent($0))
        }
        let siteFeed = feeds[0]
        #expect(!siteFeed.bozo && siteFeed.entries.count == 4)
        #expect(Set(siteFeed.entries.flatMap(\.tags)) == ["release", "milestone"])
        #expect(siteFeed.entries.first?.title == "octocat/Hello-World 별 1,000개 돌파")
        #expect(siteFeed.entries.first?.id == "tag:127.0.0.2,2026:repowatch/octocat/hello-world/stars/1000")
        #expect(siteFeed.entries.first?.summary?.contains(Self.hostile) == true)
        // Names, tags and descriptions are GitHub's; every other word must be Korean.
        let snapshot = try Data(contentsOf: site.output.appendingPathComponent("data/snapshot.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])
        let repos = object["repos"] as? [[String: Any]] ?? []
        let names = repos.flatMap { repo in
            [repo["full_name"], repo["description"], (repo["release"] as? [String: Any])?["tag"]]
                .compactMap { $0 as? String }
        }
        #expect(names.contains("twbs/bootstrap") && names.contains("v1.1.0") && names.contains(Self.hostile))
        let allowed = KoreanSiteEndToEndTests.properNouns.union(names.flatMap(KoreanSiteEndToEndTests.words))
        var english: Set<String> = []
        for entry in feeds.flatMap(\.entries) {
            let text = (entry.title ?? "") + " " + (entry.summary ?? "")
            english.formUnion(KoreanSiteEndToEndTests.words(text).filter { !allowed.contains($0) })
        }
        #expect(feeds.map(\.entries.count) == [4, 3, 1])
        #expect(english.isEmpty, "English in a Korean feed: \(english.sorted())")
        // The description's words ("on", "the") are allowed above; the English sentences must still be gone.
        let texts = feeds.flatMap(\.entries).map { ($0.title ?? "") + " " + ($0.summary ?? "") }
        #expect(!texts.contains { $0.contains("released") || $0.contains("passed") || $0.contains("published") })
    }

    @Test("pages link their feed in the head and visibly, in the page's language")
    func pagesLinkFeeds() async throws {
        let site = try RebuiltSite("feed-links", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", "title: Réseau\nlocale: fr\nrepos:\n  - octocat/Hello-World\n")
        let environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        let result = try await BinaryRunner.run(["build", "--sample"], in: site.dir.url, environment: environment)
        #expect(result.status == 0, "\(result)")
        let gallery = try site.page("index.html")
        #expect(gallery.contains(#"<link rel="alternate" type="application/atom+xml" title="Réseau" href="feed.xml">"#))
        #expect(
            gallery.contains(
                #"<a class="subscribe" href="feed.xml" type="application/atom+xml">S’abonner (flux Atom)</a>"#))
        let page = try site.page("repos/octocat/hello-world/index.html")
        #expect(page.contains(#"type="application/atom+xml" title="octocat/Hello-World — Réseau" href="feed.xml">"#))
        #expect(page.contains(#"<a class="subscribe" href="feed.xml""#))
        let feed = try ParsedFeed.read(site.output.appendingPathComponent("repos/octocat/hello-world/feed.xml"))
        #expect(!feed.bozo && feed.feed.title == "octocat/Hello-World — Réseau")
        #expect(!FileManager.default.fileExists(atPath: site.cache.appendingPathComponent("feed.json").path))
    }
}
