import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources

/// Builds on a schedule: each build records a point, the next one shows the change.
@Suite("End-to-end: history across builds, SVG widgets", .timeLimit(.minutes(10)))
struct HistoryEndToEndTests {
    static let firstNow = "2026-11-21T12:00:00Z"
    static let secondNow = "2026-11-22T12:00:00Z"

    /// octocat/Hello-World as recorded (1,437 stars), then with 12 more stars and a new ETag.
    static func routes() throws -> [FixtureRoute] {
        let recorded = String(decoding: try SharedFixtures.data("repos-get-octocat-Hello-World.json"), as: UTF8.self)
        #expect(recorded.contains("\"stargazers_count\": 1437"))
        let starred = recorded.replacingOccurrences(
            of: "\"stargazers_count\": 1437", with: "\"stargazers_count\": 1449")
        let json = ["content-type": "application/json; charset=utf-8"]
        return [
            .get(
                "/repos/octocat/Hello-World",
                .text(recorded, status: 200, headers: json.merging(["etag": "\"v1\""]) { $1 }),
                .text(starred, status: 200, headers: json.merging(["etag": "\"v2\""]) { $1 })),
            .get("/repos/octocat/Hello-World/contributors", NetworkRoutes.contributors),
        ]
    }

    static func build(_ site: RebuiltSite, _ server: FixtureServer, now: String) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"), ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": now])
        return try await BinaryRunner.run(
            ["build", "--jobs", "1", "--api-url", server.base], in: site.dir.url, environment: environment)
    }

    static func points(_ data: Data, _ key: String) throws -> [[Int?]] {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let repos = object?["repos"] as? [String: Any]
        return (repos?[key] as? [[Any]] ?? []).map { $0.map { $0 as? Int } }
    }

    @Test("two builds with the star count changed: two points, +12 on the page, in the sparkline and the gallery")
    func twoBuilds() async throws {
        let site = try RebuiltSite("history", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: try Self.routes())
        defer { server.stop() }

        let first = try await Self.build(site, server, now: Self.firstNow)
        #expect(first.status == 0, "\(first)")
        let firstPage = try site.page("repos/octocat/hello-world/index.html")
        #expect(!firstPage.contains("data-delta") && !firstPage.contains("+0") && !firstPage.contains("data-spark"))
        #expect(firstPage.contains("first snapshot"))
        #expect(!(try site.page("index.html")).contains("data-delta"))

        let second = try await Self.build(site, server, now: Self.secondNow)
        #expect(second.status == 0, "\(second)")
        let published = try Data(contentsOf: site.output.appendingPathComponent("data/history.json"))
        let points = try Self.points(published, "octocat/hello-world")
        #expect(points.count == 2)
        #expect(points.map { $0[0] } == [1_795_262_400, 1_795_348_800])
        #expect(points.map { $0[1] } == [1437, 1449])
        #expect(try Data(contentsOf: site.cache.appendingPathComponent("history.json")) == published)

        let page = try site.page("repos/octocat/hello-world/index.html")
        #expect(page.contains("data-delta=\"stars\" data-value=\"12\""), "\(page)")
        #expect(page.contains("<strong>+12 ★</strong> since <time datetime=\"2026-11-21T12:00:00Z\">21 Nov</time>"))
        #expect(page.contains("data-spark=\"stars\" data-values=\"1437 1449\""))
        #expect(page.contains("Stars over time: 1,437 on 21 Nov 2026 to 1,449 on 22 Nov 2026 (+12, 2 snapshots)"))
        let gallery = try site.page("index.html")
        #expect(gallery.contains("data-delta=\"stars\" data-value=\"12\""))
        #expect(gallery.contains(">+12</span>"))

        for name in ["medium", "medium-dark", "large", "large-dark"] {
            let data = try Data(contentsOf: site.output.appendingPathComponent("repos/octocat/hello-world/\(name).svg"))
            let audit = SVGAudit(data)
            #expect(audit.problems.isEmpty, "\(name).svg: \(audit)")
            #expect(audit.texts.contains("1,449") && audit.texts.contains("+12"), "\(name).svg: \(audit.texts)")
            #expect(audit.imageCount >= 1)
        }
        let large = SVGAudit(
            try Data(contentsOf: site.output.appendingPathComponent("repos/octocat/hello-world/large.svg")))
        #expect(large.texts.contains("octocat") && large.texts.contains("32"), "\(large.texts)")
    }

    @Test("a corrupt history file is set aside with a warning; the build goes on and starts a new history")
    func corruptHistory() async throws {
        let site = try RebuiltSite("history-corrupt", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        try FileManager.default.createDirectory(at: site.cache, withIntermediateDirectories: true)
        let garbage = Data("{\"schema\":1,\"repos\":{\"octocat/hello-world\":[[17952".utf8)
        try garbage.write(to: site.cache.appendingPathComponent("history.json"))
        let server = try await FixtureServer.start(routes: try Self.routes())
        defer { server.stop() }

        let result = try await Self.build(site, server, now: Self.firstNow)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning") && result.stderr.contains("history.json.corrupt-"), "\(result)")
        let aside = site.cache.appendingPathComponent("history.json.corrupt-2026-11-21T12-00-00Z")
        #expect(FileManager.default.contents(atPath: aside.path) == garbage)
        let saved = try Data(contentsOf: site.cache.appendingPathComponent("history.json"))
        #expect(try Self.points(saved, "octocat/hello-world").count == 1)
    }

    @Test("--sample shows a few made-up weeks (sparkline, change), marked as a sample, and records nothing")
    func sampleShowsAMadeUpHistory() async throws {
        let site = try RebuiltSite("history-sample", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        var runs: [[[Int?]]] = []
        for _ in 0..<2 {
            let result = try await BinaryRunner.run(["build", "--sample"], in: site.dir.url, environment: environment)
            #expect(result.status == 0, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: site.cache.appendingPathComponent("history.json").path))
            let published = try Data(contentsOf: site.output.appendingPathComponent("data/history.json"))
            let object = try JSONSerialization.jsonObject(with: published) as? [String: Any]
            #expect(object?["sample"] as? Bool == true)
            // Never read back as a history (the published site is what a lost cache is restored from).
            #expect(throws: History.CorruptFile.self) { try History.parse(published) }
            runs.append(try Self.points(published, "octocat/hello-world"))
        }
        let points = try #require(runs.first)
        // A made-up star history from a made-up creation day a year or more back, then the made-up weeks.
        #expect(points.count > SampleHistory.days)
        let (first, last) = (try #require(points.first), try #require(points.last))
        #expect((try #require(last[0])) - (try #require(first[0])) >= 365 * 86_400, "\(first) … \(last)")
        #expect((first[1] ?? 0) <= (last[1] ?? 0))
        // Deterministic from the name: the same numbers every build, only the times move.
        #expect(runs[0].map { $0.dropFirst() } == runs[1].map { $0.dropFirst() })
        let snapshot =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: site.output.appendingPathComponent("data/snapshot.json"))) as? [String: Any]
        let repo = try #require((snapshot?["repos"] as? [[String: Any]])?.first)
        #expect(points.last?[1] == repo["stars"] as? Int && points.last?[2] == repo["forks"] as? Int)
        let page = try site.page("repos/octocat/hello-world/index.html")
        #expect(page.contains("class=\"history__chart\"") && page.contains("data-delta=\"stars\""))
        // Shown as a star history, and said to be made up: on the page and in the chart to paste.
        #expect(page.contains("data-history-start=\"star-history\"") && page.contains("Made-up sample history"))
        let chart = try site.page("repos/octocat/hello-world/history.svg")
        #expect(chart.contains("Sample data: made-up stars") && !chart.contains("from GitHub&#39;s star history"))
        let gained = try #require(points.last?[1]) - (try #require(points[points.count - 2][1]))
        #expect(page.contains("data-delta=\"stars\" data-value=\"\(gained)\""))
    }
}
