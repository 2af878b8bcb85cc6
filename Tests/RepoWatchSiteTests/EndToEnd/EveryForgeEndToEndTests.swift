import Foundation
import Testing

/// Issue 48's "Done when": ONE site with every forge — a Codeberg repository, a self-managed Gitea
/// repository (declared under `forges:`), a Codeberg organization and a GitLab group with a subgroup
/// under `owners:`, GitHub's `repos:` and a GitHub owner — each host played by a fixture server of its
/// own, built cold and then warm. The requests it counts per repository are docs/forges.md's table.
@Suite("End-to-end: one site with every forge, cold and warm", .timeLimit(.minutes(10)))
struct EveryForgeEndToEndTests {
    static let tokens = [
        "github": GiteaEndToEndTests.gitHubToken, "gitlab": GitLabOwnersEndToEndTests.token,
        "codeberg": GiteaEndToEndTests.codebergToken, "example": GiteaEndToEndTests.exampleToken,
    ]

    /// Every repository the site shows, in snapshot order: `repos:` first, then each owner's list.
    static let shown = [
        "twbs/bootstrap", "codeberg.org/forgejo/forgejo", "gitea.example.com/infra/deploy",
        "fixture-org/kotlin-thing", "fixture-org/swift-old",
        "codeberg.org/forgejo/runner", "codeberg.org/forgejo/website",
        "gitlab.com/gitlab-org/gitlab", "gitlab.com/gitlab-org/gitlab-runner",
        "gitlab.com/gitlab-org/security-products/analyzers/semgrep",
    ]

    /// The files every repository of every forge has (the release badge only where there is a release).
    static let files =
        [
            "index.html", "medium.html", "large.html", "medium.svg", "medium-dark.svg", "large.svg", "large-dark.svg",
            "feed.xml", "history.csv",
        ]
        + ["stars", "forks", "issues", "pulls", "days"].flatMap {
            ["badges/\($0).svg", "badges/\($0)-dark.svg", "badges/\($0).json"]
        }

    struct Servers {
        let gitHub: FixtureServer
        let gitLab: FixtureServer
        let codeberg: FixtureServer
        let example: FixtureServer

        var all: [(name: String, server: FixtureServer)] {
            [("github", gitHub), ("gitlab", gitLab), ("codeberg", codeberg), ("example", example)]
        }

        func stop() {
            for (_, server) in all { server.stop() }
        }
    }

    static func servers() async throws -> Servers {
        let contributors = FixtureResponse.shared("openapi-contributors-example.json")
        let gitHub = OwnerRoutes.routes(extra: [
            .get("/repos/twbs/bootstrap", NetworkRoutes.bootstrap),
            .get("/repos/twbs/bootstrap/contributors", contributors),
            .get("/repos/fixture-org/kotlin-thing/contributors", contributors),
        ])
        // The self-managed Gitea's proxy answers one 429 without Retry-After before its first answer.
        let deploy = GiteaRoutes.repository(
            "infra/deploy", file: "repo-example-infra-deploy.json",
            document: [
                FixtureResponse.text("Too Many Requests", status: 429),
                GiteaRoutes.file("repo-example-infra-deploy.json"),
            ], release: false)
        return Servers(
            gitHub: try await FixtureServer.start(routes: gitHub),
            gitLab: try await FixtureServer.start(routes: GitLabOwnersEndToEndTests.routes()),
            codeberg: try await FixtureServer.start(routes: ForgeOwnersEndToEndTests.codebergRoutes()),
            example: try await FixtureServer.start(routes: deploy))
    }

    static func siteText(_ servers: Servers) -> String {
        """
        title: Every forge
        forges:
          - host: codeberg.org
            api: \(servers.codeberg.base)/api/v1
            rate: 600/min
          - host: gitea.example.com
            kind: gitea
            api: \(servers.example.base)/api/v1
            token_env: EXAMPLE_TOKEN
            rate: 600/min
          - host: gitlab.com
            api: \(servers.gitLab.base)/api/v4
        repos:
          - twbs/bootstrap
          - codeberg.org/forgejo/forgejo
          - gitea.example.com/infra/deploy
        owners:
          - owner: fixture-org
          - owner: codeberg.org/forgejo
          - owner: gitlab.com/gitlab-org

        """
    }

    static func build(_ dir: TempDir, _ servers: Servers) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": tokens["github"]!, "GITLAB_TOKEN": tokens["gitlab"]!,
                "CODEBERG_TOKEN": tokens["codeberg"]!, "EXAMPLE_TOKEN": tokens["example"]!,
            ])
        // A 429 without Retry-After is waited for "a minute", one second here.
        return try await BinaryRunner.run(
            [
                "build", "--jobs", "2", "--api-url", servers.gitHub.base, "--rate-limits", "minute=1s", "--max-wait",
                "30",
            ],
            in: dir.url, environment: environment)
    }

    /// Each server's log so far.
    static func logs(_ servers: Servers) async throws -> [String: [LoggedRequest]] {
        var logs: [String: [LoggedRequest]] = [:]
        for (name, server) in servers.all { logs[name] = try await server.requests() }
        return logs
    }

    /// What each repository and owner listing costs, cold and warm, per host (docs/forges.md's table).
    /// GitLab's face look-ups (`/avatar?email=`) are checked apart: two projects sharing people may
    /// both look one up when they are read at the same time.
    static let cold: [String: ForgeRequestCosts] = [
        "github": ForgeRequestCosts([
            "twbs/bootstrap": 3, "fixture-org/kotlin-thing": 2, "fixture-org/swift-old": 2, "owner:fixture-org": 2,
            "graphql": 2,
        ]),
        "gitlab": ForgeRequestCosts([
            "gitlab.com/gitlab-org/gitlab": 5, "gitlab.com/gitlab-org/gitlab-runner": 5,
            "gitlab.com/gitlab-org/security-products/analyzers/semgrep": 5, "owner:gitlab.com/gitlab-org": 3,
        ]),
        "codeberg": ForgeRequestCosts([
            "codeberg.org/forgejo/forgejo": 3, "codeberg.org/forgejo/runner": 2, "codeberg.org/forgejo/website": 2,
            "owner:codeberg.org/forgejo": 4, "owner:codeberg.org": 1,
        ]),
        // Its document twice: the 429, then the answer.
        "example": ForgeRequestCosts(["gitea.example.com/infra/deploy": 3]),
    ]
    static let warm: [String: ForgeRequestCosts] = [
        "github": ForgeRequestCosts(["twbs/bootstrap": 1, "owner:fixture-org": 2, "graphql": 2]),
        "gitlab": ForgeRequestCosts([
            "gitlab.com/gitlab-org/gitlab": 1, "gitlab.com/gitlab-org/gitlab-runner": 1,
            "gitlab.com/gitlab-org/security-products/analyzers/semgrep": 1, "owner:gitlab.com/gitlab-org": 3,
        ]),
        "codeberg": ForgeRequestCosts([
            "codeberg.org/forgejo/forgejo": 1, "codeberg.org/forgejo/runner": 1, "codeberg.org/forgejo/website": 1,
            "owner:codeberg.org/forgejo": 4, "owner:codeberg.org": 1,
        ]),
        "example": ForgeRequestCosts(["gitea.example.com/infra/deploy": 1]),
    ]

    @Test("every file for every repository of every forge; a 429 waited out; tokens at home; requests counted")
    func everyForge() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try TempDir("every-forge")
        defer { dir.remove() }
        try dir.write("site.yml", Self.siteText(servers))

        let cold = try await Self.build(dir, servers)
        #expect(cold.status == 0, "\(cold)")
        let coldLog = try await Self.logs(servers)
        try Self.expectEveryFile(dir)
        // Every card fresh: the 429 was waited out, not stood in for by the cache.
        try Self.expectCards(dir)
        let deployAsked = (coldLog["example"] ?? []).filter { $0.pathOnly == "/api/v1/repos/infra/deploy" }
        #expect(deployAsked.map(\.status) == [429, 200], "\(deployAsked)")
        #expect(cold.stderr.contains("127.0.0.1 rate limit"), "the wait names the host: \(cold.stderr)")
        Self.expectCosts(coldLog, Self.cold, faces: 5...9)

        let warm = try await Self.build(dir, servers)
        #expect(warm.status == 0, "\(warm)")
        let allLog = try await Self.logs(servers)
        try Self.expectCards(dir)
        var warmLog: [String: [LoggedRequest]] = [:]
        for (name, log) in allLog { warmLog[name] = Array(log.dropFirst(coldLog[name]?.count ?? 0)) }
        Self.expectCosts(warmLog, Self.warm, faces: 0...0)
        let bootstrap = (warmLog["github"] ?? []).filter { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(bootstrap.map(\.status) == [304], "GitHub's warm document is a 304, free of quota")
        Self.expectTokensAtHome(allLog)
    }

    @Test("docs/forges.md's table of costs says what this site's builds counted")
    func docsSayTheCounts() throws {
        let docs = try String(
            contentsOf: E2EPaths.packageRoot.appendingPathComponent("docs/forges.md"), encoding: .utf8)
        func cost(_ table: [String: ForgeRequestCosts], _ host: String, _ key: String) -> Int {
            table[host]?.requests[key] ?? 0
        }
        let said = [
            "| \(cost(Self.cold, "github", "twbs/bootstrap")) in `repos:` (the repository, its contributors, a page",
            "\(cost(Self.cold, "github", "fixture-org/swift-old")) listed by an owner (the listing gave",
            "| \(cost(Self.cold, "gitlab", "gitlab.com/gitlab-org/gitlab")) (the project, the merge requests' count,",
            "| \(cost(Self.cold, "codeberg", "codeberg.org/forgejo/forgejo")) with a release (the repository, the release,",
            "\(cost(Self.cold, "codeberg", "codeberg.org/forgejo/runner")) without |",
            "| \(cost(Self.warm, "github", "twbs/bootstrap")) in `repos:`, answered `304` (no quota); "
                + "\(cost(Self.warm, "github", "fixture-org/swift-old")) listed by an owner |",
            "| \(cost(Self.warm, "gitlab", "gitlab.com/gitlab-org/gitlab")) (the project) |",
            "| \(cost(Self.warm, "codeberg", "codeberg.org/forgejo/runner")) (the repository) |",
            "; \(cost(Self.cold, "github", "graphql")) on the test's site, cold and warm |",
        ]
        for cell in said { #expect(docs.contains(cell), "docs/forges.md does not say: \(cell)") }
        #expect(cost(Self.cold, "github", "graphql") == cost(Self.warm, "github", "graphql"))
    }

    static func expectCosts(
        _ logs: [String: [LoggedRequest]], _ expected: [String: ForgeRequestCosts], faces: ClosedRange<Int>
    ) {
        let kinds: [String: (ForgeRequestCosts.Kind, String)] = [
            "github": (.gitHub, "github.com"), "gitlab": (.gitLab, "gitlab.com"), "codeberg": (.gitea, "codeberg.org"),
            "example": (.gitea, "gitea.example.com"),
        ]
        for (name, (kind, host)) in kinds {
            var costs = ForgeRequestCosts(logs[name] ?? [], kind: kind, host: host)
            let looked = costs.requests.removeValue(forKey: "faces") ?? 0
            #expect(costs == expected[name], "\(name): \(costs)")
            if kind == .gitLab { #expect(faces.contains(looked), "GitLab's face look-ups: \(looked)") }
        }
    }

    static func expectEveryFile(_ dir: TempDir) throws {
        let output = dir.url.appendingPathComponent("public")
        let snapshot = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/snapshot.json")))
        let names = snapshot["repos"]?.array?.compactMap { $0["config_name"]?.string } ?? []
        #expect(names == Self.shown)
        let history = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/history.json")))
        for name in Self.shown {
            for file in Self.files {
                let path = "repos/\(name.lowercased())/\(file)"
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
            }
            #expect(history["repos"]?[name.lowercased()]?.array?.isEmpty == false, "\(name) in data/history.json")
        }
    }

    /// Every card fresh, its widget saying which other forge it is on; the grid of a Gitea or Forgejo card
    /// says it counts the authors of the last commits, and no other forge's does.
    static func expectCards(_ dir: TempDir) throws {
        for name in Self.shown {
            let url = dir.url.appendingPathComponent("public/repos/\(name.lowercased())/large.html")
            let page = try HTMLPage(contentsOf: url)
            let root = page.tags(where: "data-widget").first
            #expect(root?["data-state"] == "fresh", "\(name): \(root?["data-state"] ?? "no widget")")
            // A GitHub repository has no `data-forge` (docs/output.md: a GitHub-only site stays as it was).
            let forge =
                name.hasPrefix("codeberg.org/")
                ? "forgejo"
                : name.hasPrefix("gitea.")
                    ? "gitea"
                    : name.hasPrefix("gitlab.com/") ? "gitlab" : nil
            #expect(root?["data-forge"] == forge, "\(name)")
            #expect(!page.tags(where: "data-login").isEmpty, "\(name) shows its contributors")
            let says = try String(contentsOf: url, encoding: .utf8).contains("By commits among the last 12")
            #expect(says == (forge == "gitea" || forge == "forgejo"), "\(name)")
        }
    }

    /// Every token at its own host's API only: no other host's request carries it in any header.
    static func expectTokensAtHome(_ logs: [String: [LoggedRequest]]) {
        for (host, log) in logs {
            #expect(!log.isEmpty, "\(host) was asked nothing")
            for request in log {
                for (owner, token) in Self.tokens where owner != host {
                    #expect(
                        !request.headers.values.contains { $0.contains(token) },
                        "\(owner)'s token at \(host): \(request)")
                }
                let api = host == "github" ? !request.isAvatar : request.path.hasPrefix("/api/")
                #expect(request.header("authorization") == (api ? "Bearer \(Self.tokens[host]!)" : nil), "\(request)")
            }
        }
    }
}
