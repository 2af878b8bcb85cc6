import Foundation
import Testing

@testable import RepoWatchModel

/// A site with a Slack, a Discord, a Teams and a `json` target, built ten times across a release, a
/// star milestone, a repository added late (whose release is not news) and a prerelease, with
/// `notify` run after each build against local receivers that record what they get: each entry
/// reaches each target that wants it exactly once, the Teams receiver down for two runs gets it on
/// the third, Discord's 429 is waited for, and no webhook URL is in any output, summary or file.
@Suite("End-to-end: notifications, each entry once", .timeLimit(.minutes(10)))
struct NotifyEndToEndTests {
    static let base = "https://me.example/watch/"

    /// Each receiver's path ends in a secret; none of these may be printed or kept.
    static let paths = [
        "slack": "/services/T0/B0/SLACK-SECRET-1", "discord": "/api/webhooks/1/DISCORD-SECRET-2",
        "teams": "/workflows/run/TEAMS-SECRET-3", "json": "/hook/JSON-SECRET-4",
    ]
    static let secrets = ["SLACK-SECRET-1", "DISCORD-SECRET-2", "TEAMS-SECRET-3", "JSON-SECRET-4"]

    static let siteHead = """
        title: Notified
        notify:
          - format: slack
            url_env: SLACK_WEBHOOK_URL
            repos: [octocat/Hello-World]
          - format: discord
            url_env: DISCORD_WEBHOOK_URL
          - format: teams
            url_env: TEAMS_WEBHOOK_URL
            events: [release]
          - format: json
            url_env: JSON_WEBHOOK_URL
            prereleases: true
        repos:
          - octocat/Hello-World

        """

    /// What GitHub says on one day: Hello-World's stars and release, and bootstrap's release once it
    /// is in the site (nil before).
    struct Day {
        var stars: Int
        var tag: String
        var bootstrap: String?
    }

    static let days: [Day] = [
        Day(stars: 990, tag: "v1.0.0"),  // first build: nothing is news
        Day(stars: 990, tag: "v1.1.0"),  // a release
        Day(stars: 1_004, tag: "v1.1.0"),  // a milestone
        Day(stars: 1_004, tag: "v1.1.0"),
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.3.8"),  // just added: its release is not news
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.3.8"),
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.4.0-rc.1"),  // a prerelease: json only
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.4.0-rc.1"),
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.4.0-rc.1"),
        Day(stars: 1_004, tag: "v1.1.0", bootstrap: "v5.4.0-rc.1"),
    ]

    static func github(_ day: Day) throws -> [FixtureRoute] {
        let recorded = String(decoding: try SharedFixtures.data("repos-get-octocat-Hello-World.json"), as: UTF8.self)
        let hello = FixtureResponse.text(
            recorded.replacingOccurrences(of: "\"stargazers_count\": 1437", with: "\"stargazers_count\": \(day.stars)")
                .replacingOccurrences(of: "\"My first repository on GitHub!\"", with: "\"@everyone <!channel> hi\""),
            status: 200, headers: ["content-type": "application/json; charset=utf-8"])
        var repos: [String: JSONValue] = [
            "octocat/Hello-World": [
                "issues": 1, "pulls": 0,
                "release": ["tagName": .string(day.tag), "publishedAt": "2026-11-20T10:00:00Z"],
            ]
        ]
        if let tag = day.bootstrap {
            repos["twbs/bootstrap"] = [
                "issues": 2, "pulls": 3, "release": ["tagName": .string(tag), "publishedAt": "2026-11-21T10:00:00Z"],
            ]
        }
        return [
            .get("/repos/octocat/Hello-World", hello),
            .get("/repos/octocat/Hello-World/contributors", NetworkRoutes.contributors),
            .get("/repos/twbs/bootstrap", NetworkRoutes.bootstrap),
            .get("/repos/twbs/bootstrap/contributors", NetworkRoutes.contributors),
            .post(
                "/graphql",
                FixtureResponse(graphql: ["repos": .object(repos), "cost": 1, "remaining": 4_999, "limit": 5_000])),
        ]
    }

    /// The documented answers (Tests/Fixtures/webhooks/README.md): Discord limits the first message
    /// once, Teams is down for the first two runs that reach it.
    static let receivers: [FixtureRoute] = [
        .post(paths["slack"]!, .text("ok", status: 200)),
        .post(
            paths["discord"]!,
            .json(["message": "You are being rate limited.", "retry_after": 0.3, "global": false], status: 429),
            .empty(status: 204)),
        .post(
            paths["teams"]!, .text("Service Unavailable", status: 503), .text("Service Unavailable", status: 503),
            .empty(status: 202)),
        .post(paths["json"]!, .empty(status: 200)),
    ]

    static func environment(_ site: RebuiltSite, receiver: FixtureServer, day: Int, summary: URL) -> [String: String] {
        var extra = [
            "GITHUB_TOKEN": site.token, "REPOWATCH_NOW": "2026-11-\(20 + day)T12:00:00Z", "GITHUB_ACTIONS": "true",
            "GITHUB_STEP_SUMMARY": summary.path,
        ]
        for (format, path) in paths { extra["\(format.uppercased())_WEBHOOK_URL"] = receiver.base + path }
        return BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"), extra)
    }

    /// Which entry a body tells, from its text (each format words it its own way).
    static func told(_ body: String) -> [String] {
        var found: [String] = []
        if body.contains("v1.1.0") { found.append("release") }
        if body.contains("1,000 stars") { found.append("milestone") }
        if body.contains("v5.4.0-rc.1") { found.append("prerelease") }
        if body.contains("v1.0.0") || body.contains("v5.3.8") { found.append("not news") }
        return found
    }

    @Test("ten builds: each entry once to each target that wants it; an outage and a 429 lose nothing")
    func tenBuilds() async throws {
        let site = try RebuiltSite("notify-ten", repos: [])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", Self.siteHead)
        let receiver = try await FixtureServer.start(routes: Self.receivers)
        defer { receiver.stop() }
        let summary = site.dir.url.appendingPathComponent("summary.md")
        var printed = ""
        for (number, day) in Self.days.enumerated() {
            if day.bootstrap != nil { try site.dir.write("site.yml", Self.siteHead + "  - twbs/bootstrap\n") }
            let api = try await FixtureServer.start(routes: try Self.github(day))
            let environment = Self.environment(site, receiver: receiver, day: number, summary: summary)
            let built = try await BinaryRunner.run(
                ["build", "--jobs", "1", "--api-url", api.base], in: site.dir.url, environment: environment)
            api.stop()
            #expect(built.status == 0, "\(built)")
            let sent = try await BinaryRunner.run(
                ["notify", "--base-url", Self.base], in: site.dir.url, environment: environment)
            #expect(sent.status == 0, "day \(number): \(sent)")
            printed += built.stdout + built.stderr + sent.stdout + sent.stderr
        }

        // GitHub evicts the cache: the build after sees every repository as new and queues nothing, so
        // nothing is sent again.
        let before = try await receiver.requests().count
        try FileManager.default.removeItem(at: site.cache)
        let api = try await FixtureServer.start(routes: try Self.github(Self.days[9]))
        let environment = Self.environment(site, receiver: receiver, day: 10, summary: summary)
        let rebuilt = try await BinaryRunner.run(
            ["build", "--jobs", "1", "--api-url", api.base], in: site.dir.url, environment: environment)
        api.stop()
        let resent = try await BinaryRunner.run(
            ["notify", "--base-url", Self.base], in: site.dir.url, environment: environment)
        #expect(rebuilt.status == 0 && resent.status == 0, "\(rebuilt)\n\(resent)")
        #expect(try await receiver.requests().count == before, "a lost cache sent something again")
        printed += rebuilt.stdout + rebuilt.stderr + resent.stdout + resent.stderr

        let requests = try await receiver.requests().filter { $0.method == "POST" }
        var delivered: [String: [String]] = [:]
        for request in requests where (200..<300).contains(request.status ?? 0) {
            let format = try #require(Self.paths.first { $0.value == request.pathOnly }?.key)
            let body = try #require(request.body)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            try WebhookShapes.check(try #require(NotifyTarget.Format(rawValue: format)), object)
            delivered[format, default: []] += Self.told(body)
        }
        #expect(delivered["slack"] == ["release", "milestone"], "\(delivered)")
        #expect(delivered["discord"] == ["release", "milestone"], "\(delivered)")
        #expect(delivered["teams"] == ["release"], "\(delivered)")
        #expect(delivered["json"] == ["release", "milestone", "prerelease"], "\(delivered)")

        // Teams was down for the runs after the release and after the milestone, and got it on the third.
        let teams = requests.filter { $0.pathOnly == Self.paths["teams"] }
        #expect(teams.compactMap(\.status) == [503, 503, 202], "\(teams)")
        // Discord's first message was limited, waited for, and sent again in the same run.
        let discord = requests.filter { $0.pathOnly == Self.paths["discord"] }
        #expect(discord.prefix(2).compactMap(\.status) == [429, 204] && discord[0].body == discord[1].body)
        if let first = discord.first?.time, let second = discord.dropFirst().first?.time {
            #expect(second - first >= 0.3, "retry_after was not waited for")
        }
        // Links are absolute, on the site's address; hostile text went through escaped.
        let json = try #require(requests.first { $0.pathOnly == Self.paths["json"] }?.body)
        #expect(json.contains("\"link\":\"https://me.example/watch/repos/octocat/hello-world/\""), "\(json)")
        let slack = requests.filter { $0.pathOnly == Self.paths["slack"] }.compactMap(\.body).joined()
        #expect(!slack.contains("<!channel>") && !slack.contains("@everyone"), "\(slack)")

        // No webhook URL in what was printed, in the step summary, or in any file the runs left.
        let summaryText = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
        #expect(summaryText.contains("### Notifications"), "\(summaryText)")
        for secret in Self.secrets {
            #expect(!printed.contains(secret), "printed \(secret)")
            #expect(!summaryText.contains(secret), "the summary holds \(secret)")
            for folder in [site.cache, site.output] {
                let holding = SiteFiles.files(in: folder).filter {
                    String(decoding: $0.value, as: UTF8.self).contains(secret)
                }
                #expect(holding.isEmpty, "\(holding.keys.sorted()) hold \(secret)")
            }
        }
    }
}

/// `notify` alone, from a queue written as a build leaves it: a digest, a refusal for good, and the
/// ways it says what is missing.
@Suite("End-to-end: notify's answers", .timeLimit(.minutes(10)))
struct NotifyCommandEndToEndTests {
    static let site = """
        title: Digest
        notify:
          - format: slack
            url_env: SLACK_WEBHOOK_URL
          - format: discord
            url_env: DISCORD_WEBHOOK_URL
          - format: teams
            url_env: TEAMS_WEBHOOK_URL
          - format: json
            url_env: JSON_WEBHOOK_URL
        repos:
          - octocat/Hello-World

        """

    /// Queues `count` releases for every format, numbered from `first` (an entry already sent is not sent again).
    static func queue(_ count: Int, in site: RebuiltSite, from first: Int = 1) throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let entries = (first..<first + count).map { number in
            var facts = FeedFacts(name: "octocat/Hello-World")
            facts.tag = "v1.\(number)"
            return FeedEntry(
                id: "urn:uuid:entry-\(number)", repo: "octocat/hello-world", kind: .release,
                title: "octocat/Hello-World released v1.\(number)", summary: "…", updated: now, facts: facts)
        }
        var queue = NotifyQueue()
        let targets = NotifyTarget.Format.allCases.map {
            NotifyTarget(format: $0, urlEnv: $0.rawValue.uppercased() + "_WEBHOOK_URL")
        }
        queue.update(targets: targets, news: entries, log: NotifyLog(), now: now)
        try NotifyFiles(cacheDirectory: site.cache).save(queue)
    }

    static func run(
        _ site: RebuiltSite, _ arguments: [String], urls: [String: String], now: String = "2026-11-28T12:00:00Z"
    ) async throws -> RunResult {
        var extra = urls
        extra["REPOWATCH_NOW"] = now
        return try await BinaryRunner.run(
            ["notify"] + arguments, in: site.dir.url,
            environment: BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"), extra))
    }

    static func urls(_ receiver: FixtureServer) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: NotifyEndToEndTests.paths.map {
                ("\($0.key.uppercased())_WEBHOOK_URL", receiver.base + $0.value)
            })
    }

    @Test("twelve entries are one message a target, sent once; --dry-run sends nothing")
    func digestOfTwelve() async throws {
        let site = try RebuiltSite("notify-digest", repos: [])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", Self.site)
        try Self.queue(12, in: site)
        let receiver = try await FixtureServer.start(
            routes: NotifyEndToEndTests.paths.map { .post($0.value, .empty(status: 200)) })
        defer { receiver.stop() }

        let dry = try await Self.run(
            site, ["--dry-run", "--base-url", "https://me.example/"], urls: Self.urls(receiver))
        #expect(
            dry.status == 0 && dry.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("{") }.count == 4,
            "\(dry)")
        #expect(try await receiver.requests().isEmpty)

        let sent = try await Self.run(site, ["--base-url", "https://me.example/"], urls: Self.urls(receiver))
        #expect(sent.status == 0, "\(sent)")
        let again = try await Self.run(site, ["--base-url", "https://me.example/"], urls: Self.urls(receiver))
        #expect(again.status == 0 && again.stderr.contains("nothing to send"), "\(again)")
        let requests = try await receiver.requests()
        #expect(requests.count == 4, "\(requests)")
        for request in requests {
            let format = try #require(NotifyEndToEndTests.paths.first { $0.value == request.pathOnly }?.key)
            let body = try #require(request.body)
            for number in 1...12 { #expect(body.contains("v1.\(number)"), "\(format) lacks v1.\(number)") }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            try WebhookShapes.check(try #require(NotifyTarget.Format(rawValue: format)), object)
        }
    }

    @Test("--quiet: nothing when every entry is sent, on a pipe or a terminal; a refusal is still said")
    func quiet() async throws {
        let site = try RebuiltSite("notify-quiet", repos: [])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", Self.site)
        let receiver = try await FixtureServer.start(
            routes: NotifyEndToEndTests.paths.map { .post($0.value, .empty(status: 200)) })
        defer { receiver.stop() }
        let arguments = ["--base-url", "https://me.example/"]
        try Self.queue(2, in: site, from: 1)
        let quietPipe = try await Self.run(site, arguments + ["--quiet"], urls: Self.urls(receiver))
        #expect(quietPipe.status == 0 && quietPipe.stdout.isEmpty && quietPipe.stderr.isEmpty, "\(quietPipe)")
        let sent = try await receiver.requests().count
        #expect(sent > 0, "sent all the same")
        // The same run without it says what it sent.
        try Self.queue(2, in: site, from: 3)
        let loud = try await Self.run(site, arguments, urls: Self.urls(receiver))
        #expect(loud.status == 0 && loud.stderr.contains("Notifications:"), "\(loud)")
        // On a terminal too.
        try Self.queue(2, in: site, from: 5)
        var environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"), Self.urls(receiver))
        environment["REPOWATCH_NOW"] = "2026-11-28T12:00:00Z"
        let onTerminal = try PythonRun.run(
            ResultOptionTests.onTerminal,
            [
                try BinaryRunner.binaryURL().path, site.dir.url.path,
                String(decoding: try JSONEncoder().encode(["notify", "-q"] + arguments), as: UTF8.self),
                String(decoding: try JSONEncoder().encode(environment), as: UTF8.self),
            ])
        let terminal = try JSONDecoder().decode(ResultOptionTests.TerminalRun.self, from: onTerminal.stdout)
        #expect(terminal.status == 0 && terminal.output.isEmpty, "\(terminal)")
        #expect(try await receiver.requests().count == 3 * sent, "each run sent as much as the first")
        // A target without its variable is a warning: not printed. A plain-http URL is an error: printed.
        try Self.queue(2, in: site, from: 7)
        var urls = Self.urls(receiver)
        urls["SLACK_WEBHOOK_URL"] = nil
        let waiting = try await Self.run(site, arguments + ["-q"], urls: urls)
        #expect(waiting.status == 0 && waiting.stderr.isEmpty && waiting.stdout.isEmpty, "\(waiting)")
        urls["SLACK_WEBHOOK_URL"] = "http://hooks.example.com/services/PLAIN-SECRET"
        let plain = try await Self.run(site, arguments + ["-q"], urls: urls)
        #expect(plain.status == 1 && plain.stderr.contains("must hold an https URL"), "\(plain)")
        #expect(!plain.stderr.contains("warning:") && plain.stdout.isEmpty, "\(plain)")
    }

    @Test("a revoked URL: reported and kept, exit 1; dropped a week later with a warning")
    func refusedForGood() async throws {
        let site = try RebuiltSite("notify-refused", repos: [])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", Self.site)
        try Self.queue(2, in: site)
        let receiver = try await FixtureServer.start(
            routes: NotifyEndToEndTests.paths.map {
                $0.key == "slack"
                    ? .post($0.value, .text("no_service", status: 404)) : .post($0.value, .empty(status: 200))
            })
        defer { receiver.stop() }
        let first = try await Self.run(site, ["--base-url", "https://me.example/"], urls: Self.urls(receiver))
        #expect(first.status == 1, "\(first)")
        #expect(
            first.stderr.contains("site.yml:3:5: error: slack (SLACK_WEBHOOK_URL) refused (answered 404: no_service)"),
            "\(first)")
        #expect(!first.stderr.contains("SLACK-SECRET"))
        let week = try await Self.run(
            site, ["--base-url", "https://me.example/"], urls: Self.urls(receiver), now: "2026-12-06T12:00:00Z")
        #expect(week.status == 1 && week.stderr.contains("2 entries dropped"), "\(week)")
        let after = try await Self.run(
            site, ["--base-url", "https://me.example/"], urls: Self.urls(receiver), now: "2026-12-07T12:00:00Z")
        #expect(after.status == 0, "\(after)")
        let slack = try await receiver.requests().filter { $0.pathOnly == NotifyEndToEndTests.paths["slack"] }
        #expect(slack.count == 2, "two refused runs, none after the drop: \(slack)")
    }

    @Test("no site address, no variable, a plain-http URL: each said, nothing lost")
    func whatIsMissing() async throws {
        let site = try RebuiltSite("notify-missing", repos: [])
        defer { site.dir.remove() }
        try site.dir.write("site.yml", Self.site)
        try Self.queue(1, in: site)
        let noBase = try await Self.run(site, [], urls: [:])
        #expect(
            noBase.status == 2 && noBase.stderr.contains("base_url") && noBase.stderr.contains("--base-url"),
            "\(noBase)")
        let noVariable = try await Self.run(site, ["--base-url", "https://me.example/"], urls: [:])
        #expect(noVariable.status == 0, "\(noVariable)")
        #expect(
            noVariable.stderr.contains(
                "site.yml:3:5: warning: slack (SLACK_WEBHOOK_URL): SLACK_WEBHOOK_URL is not set; 1 entry waits"),
            "\(noVariable)")
        let plain = try await Self.run(
            site, ["--base-url", "https://me.example/"],
            urls: ["SLACK_WEBHOOK_URL": "http://hooks.example.com/services/PLAIN-SECRET"])
        #expect(plain.status == 1 && plain.stderr.contains("must hold an https URL"), "\(plain)")
        #expect(!plain.stderr.contains("PLAIN-SECRET"))
        let queued = try String(contentsOf: NotifyFiles(cacheDirectory: site.cache).queueURL, encoding: .utf8)
        #expect(queued.contains("urn:uuid:entry-1"), "the entry still waits")
    }
}
