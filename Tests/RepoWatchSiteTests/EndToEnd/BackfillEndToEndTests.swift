import Foundation
import Testing

/// The history from day one where GitHub allows it: star and fork dates read once, a page of 100 at a
/// time, in GitHub's GraphQL shape (the fixture server pages them as GitHub does); a refusal remembered
/// for 30 days; a large repository read over several budgeted builds without starving the cards.
@Suite("End-to-end: star and fork history backfilled", .timeLimit(.minutes(10)))
struct BackfillEndToEndTests {
    static let key = "octocat/hello-world"
    static let day = 86_400

    /// `count` dates from `start`, a few a day (ISO 8601, oldest first).
    static func dates(_ count: Int, from start: String = "2011-01-27T10:00:00Z", perDay: Int = 3) -> [JSONValue] {
        let first = Int(ISO8601DateFormatter().date(from: start)!.timeIntervalSince1970)
        return (0..<count).map { index in
            let seconds = first + (index / perDay) * Self.day + (index % perDay) * 600
            return .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
    }

    static func routes(stargazers: JSONValue, forks: JSONValue) throws -> [FixtureRoute] {
        let spec: JSONValue = [
            "issues": 900, "pulls": 37, "createdAt": "2011-01-26T19:01:12Z", "stargazers": stargazers, "forks": forks,
        ]
        return try HistoryEndToEndTests.routes() + [.post("/graphql", .graphQLDates(["octocat/Hello-World": spec]))]
    }

    static func build(_ site: RebuiltSite, _ server: FixtureServer, now: String, _ extra: [String] = []) async throws
        -> RunResult
    {
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"), ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": now])
        return try await BinaryRunner.run(
            ["build", "--jobs", "1", "--api-url", server.base] + extra, in: site.dir.url, environment: environment)
    }

    static func history(_ site: RebuiltSite) throws -> [String: Any] {
        let data = try Data(contentsOf: site.output.appendingPathComponent("data/history.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func start(_ history: [String: Any]) -> [String: Any]? {
        (history["start"] as? [String: Any])?[key] as? [String: Any]
    }

    static func points(_ history: [String: Any]) -> [[Int?]] {
        ((history["repos"] as? [String: Any])?[key] as? [[Any]] ?? []).map { $0.map { $0 as? Int } }
    }

    @Test("a token that may read them: the whole star and fork history on the first build, from the creation day")
    func wholeHistoryOnFirstBuild() async throws {
        let site = try RebuiltSite("backfill", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let stars = Self.dates(250)
        let forks = Self.dates(120, from: "2012-03-01T08:00:00Z", perDay: 2)
        let server = try await FixtureServer.start(
            routes: try Self.routes(stargazers: ["dates": .array(stars)], forks: ["dates": .array(forks)]))
        defer { server.stop() }

        let result = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Star history: 3 queries"), "\(result)")
        let history = try Self.history(site)
        #expect(history["schema"] as? Int == 2)
        let start = try #require(Self.start(history))
        #expect(start["from"] as? String == "backfill" && start["reason"] == nil, "\(start)")
        let points = Self.points(history)
        let backfilled = try #require(start["backfilled"] as? Int)
        #expect(backfilled == points.count - 1, "every point but the build's own is backfilled")
        // The creation day first, at its last second, with nothing starred or forked yet.
        #expect(points.first == [1_296_086_399, 0, 0, nil, nil, nil])
        // The last backfilled day has every star and fork; the build's own point comes after.
        #expect(points[backfilled - 1][1] == 250 && points[backfilled - 1][2] == 120)
        #expect(points.prefix(backfilled).allSatisfy { $0[3] == nil && $0[4] == nil && $0[5] == nil })
        #expect(points.last?[0] == 1_795_262_400 && points.last?[1] == 1437 && points.last?[5] == 37)
        let times = points.compactMap { $0[0] }
        #expect(times == times.sorted() && Set(times).count == times.count)
        // Dates only: the pages ask for no login, and the cache keeps none.
        let log = try await server.requests()
        let asked = log.filter(\.isBackfill)
        #expect(asked.count == 3)
        #expect(asked.allSatisfy { !($0.body ?? "").contains("login") && ($0.body ?? "").contains("starredAt") })
        #expect(log.firstIndex { $0.isGraphQL && !$0.isBackfill }! < log.firstIndex(where: \.isBackfill)!)
        let state = try String(contentsOf: site.cache.appendingPathComponent("backfill.json"), encoding: .utf8)
        #expect(!state.contains("login") && state.contains("\"done\":true"))

        // The next build asks nothing more and keeps the same backfill.
        let second = try await Self.build(site, server, now: HistoryEndToEndTests.secondNow)
        #expect(second.status == 0, "\(second)")
        #expect(try await server.requests().filter(\.isBackfill).count == 3)
        let next = try Self.history(site)
        #expect(Self.points(next).prefix(backfilled).map { $0 } == points.prefix(backfilled).map { $0 })
        #expect(Self.points(next).count == points.count + 1)
    }

    @Test("GitHub refuses the star dates: first snapshot with the reason, not asked again within 30 days")
    func refusalRemembered() async throws {
        let site = try RebuiltSite("backfill-refused", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: try Self.routes(
                stargazers: ["hidden": true, "total": 1437], forks: ["dates": .array(Self.dates(20))]))
        defer { server.stop() }

        let first = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("1 refused by GitHub"), "\(first)")
        let start = try #require(Self.start(try Self.history(site)))
        #expect(start["from"] as? String == "first-snapshot" && start["reason"] as? String == "stars-hidden")
        // Fork dates GitHub did give: backfilled without stars (null), before the first snapshot.
        let points = Self.points(try Self.history(site))
        #expect((start["backfilled"] as? Int ?? 0) > 0 && points.first?[1] == nil && points.first?[2] == 0)
        #expect(try await server.requests().filter(\.isBackfill).count == 1)

        // A day later, and 29 days later: no second ask (visible in the request log).
        for now in ["2026-11-22T12:00:00Z", "2026-12-20T12:00:00Z"] {
            let again = try await Self.build(site, server, now: now)
            #expect(again.status == 0, "\(again)")
            #expect(try await server.requests().filter(\.isBackfill).count == 1, "asked again at \(now)")
            #expect(Self.start(try Self.history(site))?["reason"] as? String == "stars-hidden")
        }
        // Thirty days after the refusal it is asked again, from the first page.
        let later = try await Self.build(site, server, now: "2026-12-21T12:00:01Z")
        #expect(later.status == 0, "\(later)")
        let asked = try await server.requests().filter(\.isBackfill)
        #expect(asked.count == 2 && (asked.last?.body ?? "").contains("stargazers(first: 100"), "\(asked)")
    }

    @Test("a large repository converges over builds held to --graphql-budget, the cards counted on every one")
    func convergesOverBudgetedBuilds() async throws {
        let site = try RebuiltSite("backfill-budget", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: try Self.routes(stargazers: ["dates": .array(Self.dates(1_050))], forks: ["dates": []]))
        defer { server.stop() }

        var asked = 0
        let nows = ["2026-11-21T12:00:00Z", "2026-11-22T00:00:00Z", "2026-11-22T12:00:00Z", "2026-11-23T00:00:00Z"]
        var reached: [Int] = []
        for now in nows {
            let result = try await Self.build(site, server, now: now, ["--graphql-budget", "4"])
            #expect(result.status == 0, "\(result)")
            let log = try await server.requests()
            let backfill = log.filter(\.isBackfill).count
            #expect(backfill - asked <= 4, "held to 4 points a build")
            asked = backfill
            // The cards' query ran on every build, before the backfill spent anything.
            let snapshot =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: site.output.appendingPathComponent("data/snapshot.json"))) as? [String: Any]
            #expect(((snapshot?["repos"] as? [[String: Any]])?.first?["open_pulls"] as? Int) == 37)
            let history = try Self.history(site)
            #expect(Self.start(history)?["from"] as? String == "backfill")
            let backfilled = Self.start(history)?["backfilled"] as? Int ?? 0
            reached.append(Self.points(history)[max(0, backfilled - 1)][1] ?? -1)
        }
        #expect(reached == [400, 800, 1_050, 1_050], "\(reached)")
        #expect(asked == 11, "11 pages of 100, each asked once")
    }
}
