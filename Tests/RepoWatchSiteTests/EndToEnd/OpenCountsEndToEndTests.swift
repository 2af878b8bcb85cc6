import Foundation
import Testing

@testable import RepoWatchSite

/// Issues and pull requests counted apart through GraphQL (issue 12), against the fixture server's
/// POST /graphql, which answers in GitHub's shape.
@Suite("End-to-end: open issues and pull requests apart (GraphQL)", .timeLimit(.minutes(10)))
struct OpenCountsEndToEndTests {
    let repos = ["twbs/bootstrap", "octocat/Hello-World"]
    /// REST's `open_issues_count` in the recorded responses: issues and pull requests together.
    static let combined = ["twbs/bootstrap": 673, "octocat/Hello-World": 276]

    static func stat(_ site: RebuiltSite, _ repo: String, _ name: String) throws -> HTMLTag? {
        let page = try HTMLPage(
            contentsOf: site.output.appendingPathComponent("repos/\(repo.lowercased())/medium.html"))
        return page.tags(where: "data-stat").first { $0["data-stat"] == name }
    }

    static func snapshotRepo(_ site: RebuiltSite, _ name: String) throws -> JSONValue? {
        let snapshot = try JSONValue.decode(Data(contentsOf: site.output.appendingPathComponent("data/snapshot.json")))
        return snapshot["repos"]?.array?.first { $0["config_name"]?.string == name }
    }

    @Test("with a token: one aliased query, issues only on the card, pulls apart, cost in the summary")
    func countedApart() async throws {
        let site = try RebuiltSite("graphql", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [
                .post(
                    "/graphql",
                    .graphQL([
                        "twbs/bootstrap": (issues: 410, pulls: 263), "octocat/Hello-World": (issues: 150, pulls: 126),
                    ])
                )
            ])
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")

        // The history's backfill asks after the cards (BackfillEndToEndTests).
        let posts = try await server.requests().filter { $0.method == "POST" && !$0.isBackfill }
        #expect(posts.count == 1, "\(posts)")
        let post = try #require(posts.first)
        #expect(post.pathOnly == "/graphql")
        #expect(post.header("authorization") == "Bearer \(site.token)")
        // Names travel as variables, not inside the query text.
        let body = try JSONValue.decode(Data((post.body ?? "").utf8))
        let query = body["query"]?.string ?? ""
        #expect(query.contains("issues(states: OPEN) { totalCount }"))
        #expect(query.contains("pullRequests(states: OPEN) { totalCount }"))
        #expect(!query.contains("bootstrap") && !query.contains("Hello-World"), "\(query)")
        let variables = body["variables"]?.object?.values.compactMap(\.string) ?? []
        #expect(Set(variables) == ["twbs", "bootstrap", "octocat", "Hello-World"])

        let bootstrap = try #require(try Self.snapshotRepo(site, "twbs/bootstrap"))
        #expect(bootstrap["open_issues"] == 410 && bootstrap["open_pulls"] == 263)
        #expect(bootstrap["open_issues_include_pulls"] == false)
        #expect(try Self.stat(site, "twbs/bootstrap", "issues")?["data-value"] == "410")
        #expect(try Self.stat(site, "octocat/Hello-World", "issues")?["data-value"] == "150")
        let pulls = try #require(try Self.stat(site, "twbs/bootstrap", "pulls"))
        #expect(pulls["data-value"] == "263" && pulls["aria-label"] == "263 open pull requests")
        #expect(try Self.stat(site, "twbs/bootstrap", "issues")?["title"] == "Open issues")
        #expect(result.stderr.contains("GraphQL: 1 query, cost 1 point, 4,999 of 5,000 remaining"), "\(result)")

        let history = try String(contentsOf: site.cache.appendingPathComponent("history.json"), encoding: .utf8)
        #expect(history.contains(",410,"), "history records issues only: \(history)")
    }

    @Test("without a token: no GraphQL request, REST's combined count, flagged, the build succeeds")
    func withoutToken() async throws {
        let site = try RebuiltSite("graphql-none", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [.post("/graphql", .graphQL(["twbs/bootstrap": (issues: 1, pulls: 2)]))])
        defer { server.stop() }
        let result = try await BinaryRunner.run(
            ["build", "--jobs", "1", "--api-url", server.base], in: site.dir.url,
            environment: BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home")))
        #expect(result.status == 0, "\(result)")
        #expect(try await server.requests().allSatisfy { $0.method == "GET" })
        let bootstrap = try #require(try Self.snapshotRepo(site, "twbs/bootstrap"))
        #expect(bootstrap["open_issues"] == 673 && bootstrap["open_pulls"] == .null)
        #expect(bootstrap["open_issues_include_pulls"] == true)
        let issues = try #require(try Self.stat(site, "twbs/bootstrap", "issues"))
        #expect(issues["data-value"] == "673" && issues["title"] == "Open issues and pull requests")
        #expect(issues["aria-label"] == "673 open issues and pull requests")
        #expect(try Self.stat(site, "twbs/bootstrap", "pulls") == nil)
        #expect(result.stderr.contains("needs a token"), "\(result)")
        let history = try String(contentsOf: site.cache.appendingPathComponent("history.json"), encoding: .utf8)
        #expect(!history.contains(",673,"), "a combined count is not recorded as issues: \(history)")
    }

    @Test("a partial answer keeps the other's counts; a NOT_FOUND that REST serves is fetched over REST, not dropped")
    func partialAnswer() async throws {
        let site = try RebuiltSite("graphql-partial", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [
                .post("/graphql", .graphQL(["twbs/bootstrap": (issues: 410, pulls: 263)]))
            ])
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(try Self.snapshotRepo(site, "twbs/bootstrap")?["open_pulls"] == 263)
        let hello = try #require(try Self.snapshotRepo(site, "octocat/Hello-World"))
        #expect(hello["stars"] == 1437 && hello["stale"] == false, "REST's document: \(hello)")
        #expect(hello["open_issues_include_pulls"] == true, "\(hello)")
        // GraphQL's NOT_FOUND may be passing or partial: one REST request tells.
        #expect(try await server.requests().filter { $0.pathOnly == "/repos/octocat/Hello-World" }.count == 1)
    }

    @Test("GraphQL failing (502, then 502, then 502) falls back to the combined count, exit 0")
    func failureFallsBack() async throws {
        let site = try RebuiltSite("graphql-fail", repos: repos)
        defer { site.dir.remove() }
        let bad = FixtureResponse.json(["message": "Server Error"], status: 502)
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes() + [.post("/graphql", bad)])
        defer { server.stop() }
        let result = try await site.build(server, ["--retries", "2"])
        #expect(result.status == 0, "\(result)")
        // Two attempts for the cards; the backfill does not add to a failing GraphQL.
        #expect(try await server.requests().filter { $0.method == "POST" }.count == 2)
        for (name, count) in Self.combined {
            let repo = try #require(try Self.snapshotRepo(site, name))
            #expect(repo["open_issues"] == .int(count) && repo["open_issues_include_pulls"] == true)
            #expect(repo["stale"] == false, "a GraphQL outage does not make REST data stale")
        }
        #expect(result.stderr.contains("combined count"), "\(result)")
    }

    @Test("a redirect from the GraphQL URL is not followed: the token stays on its origin")
    func redirectNotFollowed() async throws {
        let site = try RebuiltSite("graphql-redirect", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let elsewhere = try await FixtureServer.start(
            routes: [.post("/graphql", .graphQL(["twbs/bootstrap": (issues: 1, pulls: 1)]))], host: "127.0.0.2")
        defer { elsewhere.stop() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [
                .post("/graphql", .empty(status: 307, headers: ["location": "\(elsewhere.base)/graphql"]))
            ])
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(try await elsewhere.requests().isEmpty)
        #expect(try Self.snapshotRepo(site, "twbs/bootstrap")?["open_issues_include_pulls"] == true)
    }

    @Test("--offline uses the counts cached by the last build; the cache file holds no token")
    func offlineUsesCachedCounts() async throws {
        let site = try RebuiltSite("graphql-offline", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes() + [
                .post(
                    "/graphql",
                    .graphQL([
                        "twbs/bootstrap": (issues: 410, pulls: 263), "octocat/Hello-World": (issues: 150, pulls: 126),
                    ])
                )
            ])
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let cacheFile = site.cache.appendingPathComponent("open-counts.json")
        let cached = try Data(contentsOf: cacheFile)
        #expect(cached.range(of: Data(site.token.utf8)) == nil, "token written to the count cache")
        let before = try await server.requests().count
        let offline = try await site.build(server, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try await server.requests().count == before, "offline build made requests")
        let hello = try #require(try Self.snapshotRepo(site, "octocat/Hello-World"))
        #expect(hello["open_issues"] == 150 && hello["open_pulls"] == 126)
        #expect(hello["open_issues_include_pulls"] == false)
    }
}
