import Foundation
import Testing

@testable import RepoWatchSite

/// Issue 24 against the fixture server: the budget and pending cards, GitHub's limits waited as
/// told, `repos:` through GraphQL, pacing, and sites that fit GitHub Pages.
@Suite("End-to-end: requests (budget, limits, GraphQL cards, pacing, size)", .timeLimit(.minutes(10)))
struct RequestsEndToEndTests {
    let repos = ["twbs/bootstrap", "octocat/Hello-World"]

    static func medium(_ site: RebuiltSite, _ repo: String) throws -> HTMLTag? {
        try HTMLPage(contentsOf: site.output.appendingPathComponent("repos/\(repo.lowercased())/medium.html"))
            .widgetRoots.first
    }

    static func snapshotRepo(_ site: RebuiltSite, _ name: String) throws -> JSONValue? {
        let snapshot = try JSONValue.decode(Data(contentsOf: site.output.appendingPathComponent("data/snapshot.json")))
        return snapshot["repos"]?.array?.first { $0["config_name"]?.string == name }
    }

    @Test(
        "--budget 2: the second repository is pending (exit 0); the next build takes it first, the first keeps its data"
    )
    func budgetLeavesPendingCards() async throws {
        let site = try RebuiltSite("budget", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }

        let first = try await site.build(server, ["--budget", "2"])
        #expect(first.status == 0, "\(first)")
        #expect(try Self.medium(site, "twbs/bootstrap")?["data-state"] == "fresh")
        let pending = try #require(try Self.medium(site, "octocat/Hello-World"))
        #expect(pending["data-state"] == "pending")
        #expect(try site.page("repos/octocat/hello-world/medium.html").contains("a coming build fills it in"))
        #expect(try Self.snapshotRepo(site, "octocat/Hello-World")?["pending"] == true)
        #expect(first.stderr.contains("1 pending"), "\(first)")
        #expect(
            first.stderr.contains("Budget: 2 of 2 requests spent; 1 repository deferred to later builds"), "\(first)")
        #expect(!first.stderr.contains("error:"), "pending is not an error: \(first)")
        let rest = NetworkRoutes.apiRequests(try await server.requests())
        #expect(rest.map(\.pathOnly) == ["/repos/twbs/bootstrap", "/repos/twbs/bootstrap/contributors"], "\(rest)")

        // The longest waiting first: Hello-World (never asked); bootstrap's document waits, stale.
        let second = try await site.build(server, ["--budget", "2"])
        #expect(second.status == 0, "\(second)")
        #expect(try Self.medium(site, "octocat/Hello-World")?["data-state"] == "fresh")
        let kept = try #require(try Self.medium(site, "twbs/bootstrap"))
        #expect(kept["data-state"] == "stale", "kept its last good data, marked with its age")
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("as of"))
        #expect(!second.stderr.contains("warning: twbs/bootstrap"), "a deferral is counted, not warned: \(second)")

        let third = try await site.build(server)
        #expect(third.status == 0, "\(third)")
        for repo in repos { #expect(try Self.medium(site, repo)?["data-state"] == "fresh", "\(repo)") }
    }

    @Test("a 429 with retry-after is waited for within --max-wait; the summary reports it")
    func tooManyRequestsWaitedAsTold() async throws {
        let site = try RebuiltSite("limit-429", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let tooMany = FixtureResponse.json(
            .object(["message": .string("You have exceeded a secondary rate limit.")]), status: 429,
            headers: ["retry-after": "1"])
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [tooMany, NetworkRoutes.bootstrap]))
        defer { server.stop() }
        let result = try await site.build(server, ["--max-wait", "5"])
        #expect(result.status == 0, "\(result)")
        let attempts = try await server.requests().filter { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(attempts.map(\.status) == [429, 200])
        #expect((attempts.last?.time ?? 0) - (attempts.first?.time ?? 0) >= 0.9, "retried before retry-after")
        #expect(
            result.stderr.contains("GitHub's rate limits: 1 secondary-limit answer; requests waited 1 s"), "\(result)")
        #expect(result.stderr.contains("lowering concurrency"), "\(result)")
    }

    @Test("a retry-after past --max-wait is not waited: the repository keeps its last good data")
    func waitPastMaxWaitUsesTheCache() async throws {
        let site = try RebuiltSite("limit-long", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let tooMany = FixtureResponse.json(
            .object(["message": .string("You have exceeded a secondary rate limit.")]), status: 403,
            headers: ["retry-after": "600"])
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [NetworkRoutes.bootstrap, tooMany]))
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let second = try await site.build(server, ["--max-wait", "2", "--refresh"])
        #expect(second.status == 0, "\(second)")
        #expect(try Self.medium(site, "twbs/bootstrap")?["data-state"] == "stale")
        #expect(second.stderr.contains("1 secondary-limit answer"), "\(second)")
    }

    @Test("a secondary limit GitHub gives no time for waits at least its minute (here scaled to 1 s)")
    func untoldSecondaryLimitBacksOff() async throws {
        let site = try RebuiltSite("limit-untold", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let limited = FixtureResponse.json(
            .object(["message": .string("You have exceeded a secondary rate limit. Please wait a few minutes.")]),
            status: 403)
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [limited, NetworkRoutes.bootstrap]))
        defer { server.stop() }
        let result = try await site.build(server, ["--rate-limits", "minute=1s"])
        #expect(result.status == 0, "\(result)")
        let attempts = try await server.requests().filter { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(attempts.map(\.status) == [403, 200])
        #expect((attempts.last?.time ?? 0) - (attempts.first?.time ?? 0) >= 0.9)
    }

    @Test("repos: through GraphQL: one query for the cards; NOT_FOUND gone once REST says 404; a rename is told")
    func reposThroughGraphQL() async throws {
        let site = try RebuiltSite(
            "graphql-cards", repos: ["twbs/bootstrap", "octocat/Gone", "kennethreitz/requests", "hidden/secret"])
        defer { site.dir.remove() }
        func node(_ name: String, stars: Int, isPrivate: Bool = false) -> JSONValue {
            [
                "nameWithOwner": .string(name), "url": .string("https://github.com/\(name)"),
                "description": "From GraphQL", "stargazerCount": .int(stars), "forkCount": 3,
                "hasIssuesEnabled": true, "isArchived": false, "pushedAt": "2026-11-01T00:00:00Z",
                "owner": ["login": .string(String(name.split(separator: "/")[0])), "avatarUrl": nil],
                "repositoryTopics": ["nodes": [["topic": ["name": "css"]]]], "isPrivate": .bool(isPrivate),
                "primaryLanguage": ["name": "CSS", "color": "#663399"],
                "latestRelease": ["tagName": "v5.3.3", "publishedAt": "2026-02-20T00:00:00Z"],
            ]
        }
        let graphQL = FixtureResponse.graphQLCards([
            "twbs/bootstrap": node("twbs/bootstrap", stars: 170_001),
            "kennethreitz/requests": node("psf/requests", stars: 52_000),
            "hidden/secret": node("hidden/secret", stars: 1, isPrivate: true),
        ])
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [
                .post("/graphql", graphQL), .get("/repos/psf/requests/contributors", NetworkRoutes.contributors),
            ])
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 1, "a repository that is gone makes the build exit 1: \(result)")
        #expect(result.stderr.contains("octocat/Gone: not found on GitHub"), "\(result)")
        #expect(result.stderr.contains("kennethreitz/requests was renamed to psf/requests"), "\(result)")
        let log = try await server.requests()
        #expect(log.filter { $0.isGraphQL && !$0.isBackfill }.count == 1)
        // Star dates are asked after the cards, never for the private repository the site leaves out.
        let backfill = log.filter(\.isBackfill)
        #expect(!backfill.isEmpty && backfill.allSatisfy { !($0.body ?? "").contains("secret") }, "\(backfill)")
        let rest = NetworkRoutes.apiRequests(log).filter { !$0.pathOnly.hasSuffix("/contributors") }
        let documents = rest.filter { !$0.pathOnly.hasSuffix("/stargazers/history") }
        #expect(
            documents.map(\.pathOnly) == ["/repos/octocat/Gone"],
            "no REST document but the one that confirms NOT_FOUND: \(documents)")
        // The star history is REST whatever counted the cards: asked for the two shown, never for the
        // repository that is gone nor for the private one the site leaves out.
        let history = rest.filter { $0.pathOnly.hasSuffix("/stargazers/history") }
        #expect(
            history.map(\.pathOnly).sorted() == [
                "/repos/kennethreitz/requests/stargazers/history", "/repos/twbs/bootstrap/stargazers/history",
            ], "\(history)")
        let bootstrap = try #require(try Self.snapshotRepo(site, "twbs/bootstrap"))
        #expect(bootstrap["stars"] == 170_001 && bootstrap["open_issues"] == 5 && bootstrap["open_pulls"] == 2)
        #expect(bootstrap["release"]?["tag"] == "v5.3.3" && bootstrap["topics"] == ["css"])
        #expect(try Self.snapshotRepo(site, "kennethreitz/requests")?["full_name"] == "psf/requests")
        #expect(try Self.medium(site, "octocat/Gone")?["data-state"] == "unavailable")
        // GraphQL's isPrivate keeps a repository off the site as REST's `private` does.
        #expect(
            result.stderr.contains(
                "site.yml:6:5: warning: this repository is private and left out; set private: include to publish it"),
            "\(result)")
        #expect(try Self.snapshotRepo(site, "hidden/secret") == nil)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("repos/hidden/secret").path))
    }

    @Test("paced: no more REST requests in any window than --rate-limits allows")
    func pacedUnderTheLimit() async throws {
        let site = try RebuiltSite("paced", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server, ["--rate-limits", "rest=2/min,minute=1s"])
        #expect(result.status == 0, "\(result)")
        let asked = NetworkRoutes.apiRequests(try await server.requests())
        // Each repository's document, contributors and first page of star history, all under the pacer.
        #expect(asked.filter { $0.pathOnly.hasSuffix("/stargazers/history") }.count == 2, "\(asked)")
        let times = asked.compactMap(\.time).sorted()
        #expect(times.count == 6)
        // Any three consecutive requests span at least the window GitHub would count over.
        for index in 2..<times.count { #expect(times[index] - times[index - 2] >= 1.0, "\(times)") }
        #expect(result.stderr.contains("Paced under GitHub's secondary limits (rest=2/min"), "\(result)")
    }
}
