import Foundation
import Testing

/// The history from day one for every public repository: GitHub's star history
/// (`GET /repos/{owner}/{repo}/stargazers/history`, weeks newest first, 30 a page) served by the
/// fixture server in its documented shape (Tests/Fixtures/github/README.md), read newest page first,
/// resumed across builds, checked at the boundary, within the budget after the cards.
@Suite("End-to-end: star history backfilled from GitHub's star history", .timeLimit(.minutes(10)))
struct StarHistoryEndToEndTests {
    static let key = "octocat/hello-world"
    static let day = 86_400
    static let week = 7 * 86_400
    /// The week of the first build (2026-11-21, a Saturday), starting Monday 2026-11-16 at 07:00 UTC:
    /// GitHub does not promise UTC midnight, and each day is the UTC day its start falls in.
    static let newestWeek = 1_794_812_400

    /// `count` weeks newest first, ending at the card's 1,437 stars, nothing on the build's day or after
    /// (the days still to come are zeros, as GitHub sends them).
    static func weeks(_ count: Int, total: Int = 1_437, newest: [Int] = [3, 1, 0, 2, 4, 0, 0]) -> [(
        week: Int, days: [Int]
    )] {
        var weeks = (0..<count).map { index -> (week: Int, days: [Int]) in
            (newestWeek - index * week, (0..<7).map { (index * 7 + $0) % 9 })
        }
        weeks[0].days = newest
        let sum = weeks.reduce(0) { $0 + $1.days.reduce(0, +) }
        weeks[count - 1].days[0] += total - sum
        return weeks
    }

    static func json(_ weeks: [(week: Int, days: [Int])]) -> JSONValue {
        .array(
            weeks.map {
                ["week": .int($0.week), "total": .int($0.days.reduce(0, +)), "days": .array($0.days.map { .int($0) })]
            })
    }

    /// The running total at the end of each UTC day, oldest first, as the history should hold them.
    static func runningTotals(_ weeks: [(week: Int, days: [Int])]) -> [Int: Int] {
        var totals: [Int: Int] = [:]
        var running = 0
        for week in weeks.reversed() {
            for (index, count) in week.days.enumerated() {
                running += count
                totals[(week.week + index * day) / day] = running
            }
        }
        return totals
    }

    static func routes(_ history: FixtureResponse...) throws -> [FixtureRoute] {
        try HistoryEndToEndTests.routes() + [
            FixtureRoute(
                method: "GET", path: "/repos/octocat/Hello-World/stargazers/history", query: nil, responses: history)
        ]
    }

    static func build(
        _ site: RebuiltSite, _ server: FixtureServer, now: String, token: Bool = true, _ extra: [String] = []
    ) async throws -> RunResult {
        var variables = ["REPOWATCH_NOW": now]
        if token { variables["GITHUB_TOKEN"] = site.token }
        let environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"), variables)
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", server.base] + extra, in: site.dir.url, environment: environment)
    }

    static func history(_ site: RebuiltSite) throws -> [String: Any] {
        let data = try Data(contentsOf: site.output.appendingPathComponent("data/history.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func start(_ history: [String: Any], _ key: String = key) -> [String: Any]? {
        (history["start"] as? [String: Any])?[key] as? [String: Any]
    }

    static func points(_ history: [String: Any], _ key: String = key) -> [[Int?]] {
        ((history["repos"] as? [String: Any])?[key] as? [[Any]] ?? []).map { $0.map { $0 as? Int } }
    }

    /// A UTC day (days since 1970) as the English pages and images write it.
    static func display(_ day: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(day * Self.day)))
    }

    static func historyRequests(_ server: FixtureServer) async throws -> [LoggedRequest] {
        try await server.requests().filter { $0.pathOnly.hasSuffix("/stargazers/history") }
    }

    @Test(
        "a repository nobody on the site administers, with a token and without: its chart from creation, the running totals of GitHub's daily counts",
        arguments: [true, false])
    func fromCreation(token: Bool) async throws {
        let site = try RebuiltSite("star-history-\(token)", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let weeks = Self.weeks(48)
        let server = try await FixtureServer.start(
            routes: try Self.routes(.starHistory(["weeks": Self.json(weeks)])))
        defer { server.stop() }

        let result = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow, token: token)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Star history: 1 of 1 repository read, 2 pages read in this build"), "\(result)")
        let asked = try await Self.historyRequests(server)
        #expect(asked.map(\.query) == ["per_page=30&page=1", "per_page=30&page=2"], "\(asked)")
        #expect(asked.allSatisfy { ($0.headers["authorization"] != nil) == token })
        let history = try Self.history(site)
        let start = try #require(Self.start(history))
        // The form earlier versions read: a backfill, with a reason they read as none.
        #expect(start["from"] as? String == "backfill" && start["reason"] as? String == "star-history", "\(start)")
        let points = Self.points(history)
        let backfilled = try #require(start["backfilled"] as? Int)
        #expect(backfilled == points.count - 1, "every point but the build's own is backfilled")
        let totals = Self.runningTotals(weeks)
        // The oldest week's first day, at its last second; every point the tiers kept is that day's total.
        let firstDay = (weeks.last!.week) / Self.day
        #expect(points.first?[0] == firstDay * Self.day + 86_399, "\(points.prefix(2))")
        for point in points.prefix(backfilled) {
            let day = point[0]! / Self.day
            #expect(point[0]! % Self.day == 86_399 && point[1] == totals[day], "day \(day)")
            #expect(point[2] == nil && point[3] == nil && point[4] == nil && point[5] == nil)
        }
        // On a new site read in one build, the backfill ends at the card's count.
        #expect(points[backfilled - 1][1] == 1_437 && points.last?[1] == 1_437)
        let page = try site.page("repos/octocat/hello-world/index.html")
        #expect(page.contains("data-history-start=\"star-history\""))
        #expect(page.contains("stars still held"))
        // The charts start at its creation too: the page's, and history.svg in both appearances.
        let creation = Self.display(firstDay)
        #expect(page.contains("star history (stars still held), since \(creation)</figcaption>"), "\(creation)")
        for image in ["history.svg", "history-dark.svg"] {
            let audit = SVGAudit(
                try Data(contentsOf: site.output.appendingPathComponent("repos/octocat/hello-world/\(image)")))
            #expect(audit.rootAttributes["data-history-start"] == "star-history", "\(image)")
            #expect(
                audit.readableText.contains("from GitHub's star history since \(creation)"),
                "\(image): \(audit.readableText)")
        }
        let state = try String(contentsOf: site.cache.appendingPathComponent("star-history.json"), encoding: .utf8)
        #expect(state.contains("\"done\":true") && !state.contains(site.token))

        // The next build asks nothing more and adds its own point; the backfilled ones stay, but for
        // what the tiers thin as they age (a day now past 90 days gives way to its week's newest).
        let second = try await Self.build(site, server, now: HistoryEndToEndTests.secondNow, token: token)
        #expect(second.status == 0, "\(second)")
        #expect(try await Self.historyRequests(server).count == 2)
        let next = try Self.history(site)
        let kept = try #require(Self.start(next)?["backfilled"] as? Int)
        #expect(Self.start(next)?["reason"] as? String == "star-history" && kept >= backfilled - 1)
        #expect(Set(Self.points(next).prefix(kept).map { $0 }).isSubset(of: Set(points.prefix(backfilled).map { $0 })))
        #expect(Self.points(next).count == kept + 2, "its two observed points")
    }

    /// A repository in GitHub's REST shape, for the sites of more than one.
    static func document(_ name: String, stars: Int) -> FixtureResponse {
        let owner = String(name.split(separator: "/")[0])
        return .json(
            [
                "full_name": .string(name), "html_url": .string("https://github.com/\(name)"), "description": "A repo",
                "owner": ["login": .string(owner), "avatar_url": .string("https://avatars.githubusercontent.com/u/1")],
                "stargazers_count": .int(stars), "forks_count": 0, "open_issues_count": 0, "has_issues": true,
                "archived": false, "pushed_at": "2026-11-20T00:00:00Z",
            ], headers: ["etag": "\"\(name)\""])
    }

    static func repoRoutes(_ name: String, stars: Int, history: [FixtureResponse]) -> [FixtureRoute] {
        [
            .get("/repos/\(name)", document(name, stars: stars)),
            .get("/repos/\(name)/contributors", .json([], headers: ["etag": "\"c-\(name)\""])),
            FixtureRoute(method: "GET", path: "/repos/\(name)/stargazers/history", query: nil, responses: history),
        ]
    }

    @Test("the real shape's edges: created this week, zero stars, a week repeated across two pages, the 100-page limit")
    func edges() async throws {
        let names = ["new/born", "no/stars", "moving/week", "very/old"]
        let site = try RebuiltSite("star-history-edges", repos: names)
        defer { site.dir.remove() }
        // A comparison of three of them: each line starts where its star history does.
        try site.dir.write(
            "site.yml",
            "title: Edges\nrepos:\n" + names.map { "  - \($0)\n" }.joined()
                + "charts:\n  - id: ages\n    repos: [new/born, moving/week, very/old]\n")
        // A new week (this one, its days still zeros) began between pages 1 and 2: page 2 starts with
        // page 1's last week again.
        var moving = Self.weeks(40, total: 1_700, newest: [0, 0, 0, 0, 0, 0, 0])
        let newWeek = moving.removeFirst()
        let repeated: JSONValue = [
            "weeks": Self.json(moving), "new_week_from_page": 2,
            "new_week": ["week": .int(newWeek.week), "total": 0, "days": [0, 0, 0, 0, 0, 0, 0]],
        ]
        let server = try await FixtureServer.start(
            routes: Self.repoRoutes(
                "new/born", stars: 3,
                history: [
                    .starHistory([
                        "weeks": [["week": .int(Self.newestWeek), "total": 3, "days": [0, 1, 2, 0, 0, 0, 0]]]
                    ])
                ])
                + Self.repoRoutes("no/stars", stars: 0, history: [.starHistory(["weeks": []])])
                + Self.repoRoutes("moving/week", stars: 1_700, history: [.starHistory(repeated)])
                + Self.repoRoutes(
                    "very/old", stars: 99_999,
                    history: [
                        .starHistory([
                            "generated": ["newest": .int(Self.newestWeek), "count": 1_100, "per_day": 1],
                            "page_size": 10,
                        ])
                    ]))
        defer { server.stop() }

        let result = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Star history: 4 of 4 repositories read"), "\(result)")
        #expect(result.stderr.contains("1 longer than GitHub's 100 pages (the older weeks not read)"), "\(result)")
        let history = try Self.history(site)
        for name in names { #expect(Self.start(history, name)?["reason"] as? String == "star-history", "\(name)") }
        // Created this week: its days from the week's Monday, ending at its 3 stars.
        let born = Self.points(history, "new/born")
        #expect(born.first?[0] == Self.newestWeek / Self.day * Self.day + 86_399 && born.first?[1] == 0)
        #expect(born.dropLast().last?[1] == 3)
        // Zero stars: nothing to backfill; the chart still says where it starts.
        #expect(Self.start(history, "no/stars")?["backfilled"] == nil && Self.points(history, "no/stars").count == 1)
        // The repeated week counted once: the totals end at the card's 1,700, not 1,700 and a week more.
        let movingPoints = Self.points(history, "moving/week")
        #expect(movingPoints.dropLast().last?[1] == 1_700, "\(movingPoints.suffix(3))")
        // The limit (10 weeks a page here, so that 100 pages end after 1970): 100 pages read, no 101st
        // asked; the oldest point is what the card's count less what was read leaves, not zero.
        let old = try await Self.historyRequests(server).filter { $0.pathOnly.contains("very/old") }
        #expect(old.count == 100 && old.last?.query == "per_page=30&page=100")
        let oldPoints = Self.points(history, "very/old")
        #expect(oldPoints.first?[1] == 99_999 - 1_000 * 7 + 1, "\(oldPoints.prefix(2))")
        // The comparison's lines start at each one's first backfilled day, not at the build.
        let chart = try site.page("charts/ages/index.html")
        for (name, points) in [("new/born", born), ("moving/week", movingPoints), ("very/old", oldPoints)] {
            let first = try #require(points.first?[0], "\(name)") / Self.day
            let after = chart.components(separatedBy: "<tr data-series=\"\(name)\">").dropFirst().first ?? ""
            let row = after.components(separatedBy: "</tr>")[0]
            #expect(row.contains(">\(Self.display(first))</time>"), "\(name): \(row)")
        }
    }

    @Test(
        "a page that breaks the shape: not written, a warning naming the repository and why, asked again later",
        arguments: [
            ("[{\"week\":1795244400,\"total\":3,\"days\":[1,1,1,0,0,0]}]", "6 days, not 7"),
            ("[{\"week\":1795244400,\"total\":-1,\"days\":[-1,0,0,0,0,0,0]}]", "a negative count"),
            ("[{\"week\":1795244400,\"total\":4,\"days\":[1,1,1,0,0,0,0]}]", "not the sum of its days"),
            (
                "[{\"week\":1795244400,\"total\":0,\"days\":[0,0,0,0,0,0,0]},{\"week\":1794034800,\"total\":0,\"days\":[0,0,0,0,0,0,0]}]",
                "not 7 days apart"
            ),
            ("[{\"week\":1795244400,\"total\":", "not an array of weeks"),
        ])
    func refusesBrokenPages(body: String, reason: String) async throws {
        let site = try RebuiltSite("star-history-broken", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: try Self.routes(
                .text(body, status: 200, headers: ["content-type": "application/json"]),
                .starHistory(["weeks": Self.json(Self.weeks(3))])))
        defer { server.stop() }

        let first = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(first.status == 0, "the cards are unaffected: \(first)")
        #expect(
            first.stderr.contains("warning: the star history of octocat/Hello-World was not used")
                && first.stderr.contains(reason), "\(first)")
        let start = try #require(Self.start(try Self.history(site)))
        #expect(start["from"] as? String == "first-snapshot" && start["reason"] as? String == "not-read-yet")
        #expect(start["backfilled"] == nil)
        #expect(
            try site.page("repos/octocat/hello-world/index.html").contains("data-stat=\"stars\" data-value=\"1437\""))

        let second = try await Self.build(site, server, now: HistoryEndToEndTests.secondNow)
        #expect(second.status == 0, "\(second)")
        #expect(try await Self.historyRequests(server).count == 2, "asked again on the next build")
        #expect(Self.start(try Self.history(site))?["reason"] as? String == "star-history")
    }

    @Test("a 404 (the endpoint not offered): not-offered on the chart, asked again no sooner than 30 days later")
    func notOffered() async throws {
        let site = try RebuiltSite("star-history-404", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: try Self.routes(.json(["message": "Not Found"], status: 404)))
        defer { server.stop() }

        let first = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("1 not offered by the API"), "\(first)")
        #expect(Self.start(try Self.history(site))?["reason"] as? String == "not-offered")
        for now in ["2026-11-22T12:00:00Z", "2026-12-21T11:59:59Z"] {
            let again = try await Self.build(site, server, now: now)
            #expect(again.status == 0, "\(again)")
            #expect(try await Self.historyRequests(server).count == 1, "asked again at \(now)")
            #expect(Self.start(try Self.history(site))?["reason"] as? String == "not-offered")
        }
        let later = try await Self.build(site, server, now: "2026-12-21T12:00:00Z")
        #expect(later.status == 0, "\(later)")
        #expect(try await Self.historyRequests(server).map(\.query) == ["per_page=30&page=1", "per_page=30&page=1"])
    }

    @Test("a site larger than one build's budget: every card fresh on every build while the histories fill in")
    func withinTheBudget() async throws {
        let names = ["a/one", "b/two", "c/three"]
        let site = try RebuiltSite("star-history-budget", repos: names)
        defer { site.dir.remove() }
        var routes: [FixtureRoute] = []
        for (index, name) in names.enumerated() {
            // 45 weeks: two pages each.
            let weeks = Self.weeks(45, total: 2_000 * (index + 1))
            routes += Self.repoRoutes(
                name, stars: 2_000 * (index + 1), history: [.starHistory(["weeks": Self.json(weeks)])])
        }
        let server = try await FixtureServer.start(routes: routes)
        defer { server.stop() }

        var asked: [Int] = []
        let nows = ["2026-11-21T12:00:00Z", "2026-11-22T00:00:00Z", "2026-11-22T12:00:00Z"]
        for now in nows {
            // The cards cost six requests on the first build (304s later, free with a token): three left.
            let result = try await Self.build(site, server, now: now, ["--budget", "9"])
            #expect(result.status == 0, "\(result)")
            for name in names {
                let page = try site.page("repos/\(name)/index.html")
                #expect(
                    page.contains("data-state=\"fresh\"") && !page.contains("data-state=\"stale\""), "\(name) \(now)")
            }
            asked.append(try await Self.historyRequests(server).count)
            #expect(result.stderr.contains("Star history:"), "\(result)")
        }
        #expect(asked[0] == 3, "the budget after the cards: \(asked)")
        #expect(asked.last == 6, "two pages each, each asked once: \(asked)")
        let history = try Self.history(site)
        for name in names { #expect(Self.start(history, name)?["reason"] as? String == "star-history", "\(name)") }
    }

    @Test("--offline reads nothing and keeps what was read; history: backfill: false asks nothing")
    func offlineAndOff() async throws {
        let site = try RebuiltSite("star-history-offline", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: try Self.routes(.starHistory(["weeks": Self.json(Self.weeks(3))])))
        defer { server.stop() }
        let first = try await Self.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(first.status == 0, "\(first)")
        let offline = try await Self.build(site, server, now: HistoryEndToEndTests.secondNow, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try await Self.historyRequests(server).count == 1)
        #expect(Self.start(try Self.history(site))?["reason"] as? String == "star-history")

        let off = try RebuiltSite("star-history-off", repos: ["octocat/Hello-World"])
        defer { off.dir.remove() }
        try off.dir.write("site.yml", "title: Off\nrepos:\n  - octocat/Hello-World\nhistory:\n  backfill: false\n")
        let result = try await Self.build(off, server, now: HistoryEndToEndTests.firstNow)
        #expect(result.status == 0, "\(result)")
        #expect(try await Self.historyRequests(server).count == 1, "nothing asked with backfill off")
        #expect(Self.start(try Self.history(off))?["reason"] as? String == "backfill-off")
    }
}
