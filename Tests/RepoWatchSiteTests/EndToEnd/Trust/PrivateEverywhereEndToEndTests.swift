import Foundation
import Testing

@testable import RepoWatchSite

/// Private repositories under every kind of entry (`repos:`, `owners:`, widgets, a rename into a
/// private repository), built under `private: exclude` with `--verbose` in GitHub Actions: no
/// private name, description or login in the site, in `.repowatch/` (the folder actions/cache
/// saves) or in what the build printed, not even in a rebuild that revalidates the cache; nothing
/// asked of them past their documents; and every public repository gets exactly the files of a site
/// that never listed the private ones. Once with GraphQL's cards, once with REST alone.
@Suite("End-to-end: private repositories leave no trace anywhere", .timeLimit(.minutes(10)))
struct PrivateEverywhereEndToEndTests {
    enum Cards: String, CaseIterable, Sendable { case graphQL, restOnly }

    /// What only the private repositories hold: names, descriptions, a contributor's login.
    static let secrets = [
        "beaversoftware", "beaver-dam-blueprints", "hidden-owner", "hidden-thing", "secret-plans", "sferik",
    ]

    static let privateSite = """
        title: Everything
        repos:
          - octocat/Hello-World
          - BeaverSoftware/test1
          - me/renamed
        owners:
          - owner: fixture-org
            forks: true
            outputs: card
        widgets:
          - kind: single
            repo: octocat/Hello-World
          - kind: double
            top: octocat/Hello-World
            bottom: BeaverSoftware/test1
          - kind: single
            repo: fixture-org/secret-plans
          - kind: single
            repo: fixture-org/kotlin-thing
          - kind: single
            repo: me/renamed
            sizes: [large]

        """

    /// The same site had it never listed a private repository.
    static let publicSite = """
        title: Everything
        repos:
          - octocat/Hello-World
        owners:
          - owner: fixture-org
            forks: true
            outputs: card
        widgets:
          - kind: single
            repo: octocat/Hello-World
          - kind: single
            repo: fixture-org/kotlin-thing

        """

    static let ownerRepos = ["fixture-org/swift-fork", "fixture-org/kotlin-thing", "fixture-org/swift-old"]

    static func node(_ name: String, description: String, isPrivate: Bool) -> JSONValue {
        [
            "nameWithOwner": .string(name), "url": .string("https://github.com/\(name)"),
            "description": .string(description), "stargazerCount": 7, "forkCount": 3, "hasIssuesEnabled": true,
            "isArchived": false, "pushedAt": "2026-11-01T00:00:00Z",
            "owner": ["login": .string(String(name.split(separator: "/")[0])), "avatarUrl": nil],
            "repositoryTopics": ["nodes": []], "isPrivate": .bool(isPrivate),
            "primaryLanguage": ["name": "Swift", "color": "#F05138"], "latestRelease": nil,
        ]
    }

    static func graphQL(_ cards: Cards, listingPrivate: Bool) -> FixtureResponse {
        guard cards == .graphQL else {
            return .json(["message": "Problems parsing JSON"], status: 400)
        }
        var repos: [String: JSONValue] = [
            "octocat/Hello-World": [
                "issues": 5, "pulls": 2, "node": node("octocat/Hello-World", description: "My first", isPrivate: false),
            ]
        ]
        for name in ownerRepos { repos[name] = ["issues": 1, "pulls": 1] }
        if listingPrivate {
            repos["BeaverSoftware/test1"] = [
                "issues": 1, "pulls": 0, "private": true,
                "node": node("BeaverSoftware/test1", description: "beaver-dam-blueprints", isPrivate: true),
            ]
            repos["me/renamed"] = [
                "issues": 2, "pulls": 0, "private": true,
                "node": node("hidden-owner/hidden-thing", description: "hidden-thing-notes", isPrivate: true),
            ]
        }
        return FixtureResponse(graphql: ["repos": .object(repos), "cost": 1, "remaining": 4_999, "limit": 5_000])
    }

    /// The private repositories' routes are there in both servers: the public site must not ask them.
    static func routes(_ cards: Cards, listingPrivate: Bool) -> [FixtureRoute] {
        var routes: [FixtureRoute] = [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            .get("/repos/BeaverSoftware/test1", .own("repos-get-private-BeaverSoftware-test1-described.json")),
            .get("/repos/BeaverSoftware/test1/contributors", .shared("contributors-sferik-rails_admin.json")),
            .get(
                "/repos/me/renamed",
                .shared(
                    "interaction-repos-get-301-kennethreitz-requests.json",
                    headers: ["location": "https://api.github.com/repositories/424243"])),
            .get("/repositories/424243", .own("repos-get-private-hidden-owner-hidden-thing.json")),
            .get("/repos/hidden-owner/hidden-thing/contributors", .shared("contributors-sferik-rails_admin.json")),
            .get("/users/fixture-org", .own("owner-user-fixture-org.json")),
            .get(
                "/orgs/fixture-org/repos", query: ["type": "public"],
                .own(listingPrivate ? "owner-repos-fixture-org-all.json" : "owner-repos-fixture-org.json")),
            .get("/repos/fixture-org/secret-plans/contributors", .shared("contributors-sferik-rails_admin.json")),
            .post("/graphql", graphQL(cards, listingPrivate: listingPrivate)),
        ]
        for name in ownerRepos {
            routes.append(.get("/repos/\(name)/contributors", .shared("openapi-contributors-example.json")))
        }
        return routes
    }

    struct Built {
        let result: RunResult
        let summary: String
    }

    static func build(_ site: PrivateSite, _ server: FixtureServer, now: String, extra: [String] = []) async throws
        -> Built
    {
        let summary = site.dir.url.appendingPathComponent("summary-\(UUID().uuidString).md")
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": site.token, "REPOWATCH_NOW": now, "GITHUB_ACTIONS": "true",
                "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": site.dir.url.path,
            ])
        let result = try await BinaryRunner.run(
            ["build", "--jobs", "2", "--verbose", "--api-url", server.base] + extra, in: site.dir.url,
            environment: environment)
        return Built(result: result, summary: (try? String(contentsOf: summary, encoding: .utf8)) ?? "")
    }

    /// `config` built in a fresh folder against a server of its own, which stays up for the caller.
    static func firstBuild(_ label: String, _ config: String, _ cards: Cards, listingPrivate: Bool) async throws
        -> (PrivateSite, FixtureServer, Built)
    {
        let site = try PrivateSite(label, site: config)
        do {
            let server = try await FixtureServer.start(
                routes: routes(cards, listingPrivate: listingPrivate), options: ["--auto-etag"])
            let built = try await build(site, server, now: "2026-11-22T12:00:00Z")
            #expect(built.result.status == 0, "\(built.result)")
            return (site, server, built)
        } catch {
            site.dir.remove()
            throw error
        }
    }

    static func traces(in text: String) -> [String] {
        secrets.filter { text.lowercased().contains($0) }
    }

    @Test(arguments: Cards.allCases)
    func noTraceAndNothingElseMoves(cards: Cards) async throws {
        let (site, server, first) = try await Self.firstBuild(
            "private-everywhere-\(cards)", Self.privateSite, cards, listingPrivate: true)
        defer {
            site.dir.remove()
            server.stop()
        }
        #expect(
            first.result.stderr.contains(
                "site.yml:4:5: warning: this repository is private and left out; set private: include to publish it"),
            "\(first.result)")
        #expect(first.result.stderr.contains("site.yml:5:5: warning: this repository is private and left out"))
        #expect(first.result.stderr.contains("warning: fixture-org: 1 private repository left out"))
        #expect(first.result.stderr.contains("me/renamed was renamed, to a private repository"), "\(first.result)")
        for line in [13, 16, 20] {
            #expect(first.result.stderr.contains("site.yml:\(line):5: warning: this"), "widget at \(line)")
        }
        let firstSite = SiteFiles.files(in: site.output)

        // A rebuild revalidates what the cache kept (304s): still nothing private comes back.
        let second = try await Self.build(site, server, now: "2026-11-23T12:00:00Z")
        #expect(second.result.status == 0, "\(second.result)")

        for built in [first, second] {
            let printed = built.result.stdout + built.result.stderr + built.summary
            #expect(Self.traces(in: printed).isEmpty, "\(Self.traces(in: printed)): \(built.result)\n\(built.summary)")
        }
        for secret in Self.secrets {
            #expect(site.mentions(of: secret).isEmpty, "public/ mentions \(secret): \(site.mentions(of: secret))")
            let kept = PrivateSite.mentions(of: secret, in: site.cache)
            #expect(kept.isEmpty, ".repowatch/ keeps \(secret) in clear: \(kept)")
        }
        // Nothing was asked of them past their documents: no contributors, no avatar.
        let asked = try await server.requests().map(\.path)
        for path in asked {
            #expect(
                ![
                    "/repos/BeaverSoftware/test1/contributors", "/repos/hidden-owner/hidden-thing/contributors",
                    "/repos/fixture-org/secret-plans/contributors",
                ].contains(path.split(separator: "?").first.map(String.init) ?? path),
                "\(path) was asked")
            #expect(!path.hasPrefix("/_avatars/u/130614553"), "a private repository's owner avatar was asked: \(path)")
        }

        // The site that never listed them: the same files, byte for byte.
        let (never, neverServer, _) = try await Self.firstBuild(
            "private-never-\(cards)", Self.publicSite, cards, listingPrivate: false)
        defer {
            never.dir.remove()
            neverServer.stop()
        }
        let neverSite = SiteFiles.files(in: never.output)
        SiteFiles.expectSame(firstSite, neverSite)
    }
}
