import Foundation
import Testing

/// GitHub evicted the Actions cache: `.repowatch/history.json` is gone, the published site still has
/// `data/history.json`. The published site is played by a second fixture server on 127.0.0.2, so a
/// token sent to it would show in its log.
@Suite("End-to-end: history restored from the published site", .timeLimit(.minutes(3)))
struct HistorySeedTests {
    /// One point a day before `HistoryEndToEndTests.firstNow`, 37 stars fewer than the recorded 1,437.
    static let published = """
        {"schema":1,"fields":["time","stars","forks","open_issues","contributors"],"repos":{
        "octocat/hello-world":[[1795176000,1400,2000,900,1]]
        }}

        """

    static func build(_ site: RebuiltSite, api: FixtureServer, pages: FixtureServer?, extra: [String] = [])
        async throws -> RunResult
    {
        var arguments = ["build", "--jobs", "1", "--api-url", api.base] + extra
        if let pages { arguments += ["--base-url", pages.base + "/watch/"] }
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": HistoryEndToEndTests.firstNow])
        return try await BinaryRunner.run(arguments, in: site.dir.url, environment: environment)
    }

    @Test("no history in the cache: one GET of <base_url>data/history.json, without the token; its points come first")
    func restores() async throws {
        let site = try RebuiltSite("seed", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let api = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { api.stop() }
        let pages = try await FixtureServer.start(
            routes: [.get("/watch/data/history.json", .text(Self.published, status: 200))], host: "127.0.0.2")
        defer { pages.stop() }

        let result = try await Self.build(site, api: api, pages: pages)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("warning"), "\(result)")
        #expect(result.stderr.contains("restored 1 point from"), "\(result)")

        // The feed (FeedEndToEndTests) is asked for too, the same way.
        let seen = try await pages.requests()
        #expect(seen.map(\.pathOnly).filter { $0.hasSuffix(".json") } == ["/watch/data/history.json"])
        #expect(seen.allSatisfy { $0.header("authorization") == nil }, "\(seen.map(\.headers))")
        #expect(!seen.contains { "\($0.headers)".contains(site.token) })

        let saved = try Data(contentsOf: site.cache.appendingPathComponent("history.json"))
        let points = try HistoryEndToEndTests.points(saved, "octocat/hello-world")
        #expect(points.map { $0[0] } == [1_795_176_000, 1_795_262_400])
        #expect(points.map { $0[1] } == [1400, 1437])
        let page = try site.page("repos/octocat/hello-world/index.html")
        #expect(page.contains("data-delta=\"stars\" data-value=\"37\""), "\(page)")
    }

    @Test(
        "a failed or unreadable answer starts a new history with a warning; none published yet is no warning",
        arguments: [
            ("malformed", FixtureResponse.text("{\"schema\":1,\"repos\":{\"../x\":[]}}", status: 200), true),
            ("html", FixtureResponse.text("<!doctype html><title>Site</title>", status: 200), true),
            ("server error", FixtureResponse.text("oops", status: 503), true),
            ("redirect to ftp", FixtureResponse.empty(status: 302, headers: ["location": "ftp://x/h.json"]), true),
            ("not published", FixtureResponse.text("Not Found", status: 404), false),
        ])
    func startsFresh(_ label: String, _ answer: FixtureResponse, _ warns: Bool) async throws {
        let site = try RebuiltSite("seed-fail", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let api = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { api.stop() }
        let pages = try await FixtureServer.start(
            routes: [.get("/watch/data/history.json", answer)], host: "127.0.0.2")
        defer { pages.stop() }

        let result = try await Self.build(site, api: api, pages: pages)
        #expect(result.status == 0, "\(label): \(result)")
        #expect(result.stderr.contains("warning: ") == warns, "\(label): \(result)")
        #expect(result.stderr.contains("data/history.json"), "\(label): \(result)")
        #expect(try await pages.requests().filter { $0.pathOnly.hasSuffix(".json") }.count == 1, "\(label)")
        let saved = try Data(contentsOf: site.cache.appendingPathComponent("history.json"))
        #expect(try HistoryEndToEndTests.points(saved, "octocat/hello-world").map { $0[1] } == [1437], "\(label)")
    }

    @Test("a history in the cache, or --offline, or no base_url: the published site is never asked")
    func neverAsked() async throws {
        let site = try RebuiltSite("seed-skip", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let api = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { api.stop() }
        let pages = try await FixtureServer.start(
            routes: [.get("/watch/data/history.json", .text(Self.published, status: 200))], host: "127.0.0.2")
        defer { pages.stop() }

        let plain = try await Self.build(site, api: api, pages: nil)  // no base_url: nothing to ask
        #expect(plain.status == 0, "\(plain)")
        let cached = try await Self.build(site, api: api, pages: pages)  // the history file now exists
        #expect(cached.status == 0, "\(cached)")
        try FileManager.default.removeItem(at: site.cache.appendingPathComponent("history.json"))
        let offline = try await Self.build(site, api: api, pages: pages, extra: ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try await pages.requests().isEmpty)
    }
}
