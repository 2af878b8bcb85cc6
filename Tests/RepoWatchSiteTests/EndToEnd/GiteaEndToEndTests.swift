import Foundation
import Testing

/// Gitea, Forgejo and Codeberg in the same gallery (issue 48): a GitHub repository, Codeberg's
/// forgejo/forgejo (no `forges:` entry needed but the test's address) and a repository on a
/// self-managed Gitea, each host played by a fixture server of its own.
@Suite("End-to-end: Gitea and Forgejo beside GitHub", .timeLimit(.minutes(10)))
struct GiteaEndToEndTests {
    static let gitHubToken = "ghp_giteaSuiteToken0123456789abcdefXYZ"
    static let codebergToken = "codebergToken0123456789abcdef"
    static let exampleToken = "giteaExampleToken0123456789abcdef"
    static let codebergRepo = "codeberg.org/forgejo/forgejo"
    static let selfManagedRepo = "gitea.example.com/infra/deploy"

    struct Servers {
        let gitHub: FixtureServer
        let codeberg: FixtureServer
        let example: FixtureServer

        func stop() {
            gitHub.stop()
            codeberg.stop()
            example.stop()
        }
    }

    static func servers(document: [FixtureResponse]? = nil) async throws -> Servers {
        Servers(
            gitHub: try await FixtureServer.start(routes: NetworkRoutes.routes()),
            codeberg: try await FixtureServer.start(routes: GiteaRoutes.codeberg(document: document)),
            example: try await FixtureServer.start(routes: GiteaRoutes.selfManaged()))
    }

    static func site(_ label: String, _ servers: Servers, extra: [String] = [], privacy: String = "") throws -> TempDir
    {
        let dir = try TempDir(label)
        try dir.write("site.yml", siteText(servers, extra: extra, privacy: privacy))
        return dir
    }

    static func siteText(_ servers: Servers, extra: [String] = [], privacy: String = "") -> String {
        """
        title: Forges
        \(privacy)forges:
          - host: codeberg.org
            api: \(servers.codeberg.base)/api/v1
          - host: gitea.example.com
            kind: gitea
            api: \(servers.example.base)/api/v1
            token_env: EXAMPLE_TOKEN
            rate: 600/min
        repos:
          - twbs/bootstrap
          - \(codebergRepo)
          - \(selfManagedRepo)
        \(extra.map { "  - \($0)\n" }.joined())
        """
    }

    static func build(_ dir: TempDir, _ servers: Servers, _ extra: [String] = []) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": gitHubToken, "CODEBERG_TOKEN": codebergToken, "EXAMPLE_TOKEN": exampleToken])
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", servers.gitHub.base] + extra, in: dir.url, environment: environment)
    }

    static func page(_ dir: TempDir, _ repo: String, _ file: String = "large.html") throws -> HTMLPage {
        try HTMLPage(contentsOf: dir.url.appendingPathComponent("public/repos/\(repo.lowercased())/\(file)"))
    }

    @Test(
        "every page and widget for Codeberg and a self-managed Gitea; the grid says what it counted; tokens stay home")
    func gallery() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitea-gallery", servers)
        defer { dir.remove() }
        let result = try await Self.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        let output = dir.url.appendingPathComponent("public")
        for name in [Self.codebergRepo, Self.selfManagedRepo] {
            for file in [
                "index.html", "medium.html", "large.html", "medium.svg", "large-dark.svg",
                "badges/stars.svg", "badges/pulls.json", "feed.xml",
            ] {
                let path = "repos/\(name)/\(file)"
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
            }
        }
        let large = try Self.page(dir, Self.codebergRepo)
        let root = large.tags(where: "data-widget").first
        #expect(root?["data-repo"] == Self.codebergRepo && root?["data-forge"] == "forgejo")
        #expect(large.stats()["stars"]?.value == "3107")
        #expect(large.stats()["pulls"]?.value == "123")
        #expect(large.stats()["release"]?.value == "v13.0.2")
        #expect(large.stats()["language"]?.value == "Go")
        // The authors of the last 12 commits, most commits first; a tie keeps the newer first.
        let logins = large.tags(where: "data-login").compactMap { $0["data-login"] }
        #expect(logins == ["ada", "grace", "Linus Sample", "margaret"])
        #expect(large.tags(where: "data-contributions").first?["data-contributions"] == "5")
        let text = try String(
            contentsOf: output.appendingPathComponent("repos/\(Self.codebergRepo)/large.html"), encoding: .utf8)
        #expect(text.contains("By commits among the last 12"), "the grid says what it counted")
        #expect(!text.contains("<script>alert"), "the description is escaped")
        let svg = try String(
            contentsOf: output.appendingPathComponent("repos/\(Self.codebergRepo)/large.svg"), encoding: .utf8)
        #expect(svg.contains(">last 12 commits<"), "the image says it too")
        let deploy = try Self.page(dir, Self.selfManagedRepo)
        #expect(deploy.tags(where: "data-widget").first?["data-forge"] == "gitea")
        #expect(deploy.stats()["release"] == nil, "no release counted, none asked")
        try await Self.expectTokensAtHome(servers)
        try Self.expectNoEmail(in: dir.url, result)
    }

    /// Each token at its own host's API only; GitHub's token never leaves GitHub.
    static func expectTokensAtHome(_ servers: Servers) async throws {
        for (server, token) in [(servers.codeberg, Self.codebergToken), (servers.example, Self.exampleToken)] {
            let requests = try await server.requests()
            #expect(!requests.isEmpty)
            for request in requests {
                let expected = request.path.hasPrefix("/api/v1/") ? "Bearer \(token)" : nil
                #expect(request.header("authorization") == expected, "\(request)")
                #expect(request.header("x-github-api-version") == nil, "\(request)")
            }
        }
        for request in try await servers.gitHub.requests() {
            let expected = request.isAvatar ? nil : "Bearer \(Self.gitHubToken)"
            #expect(request.header("authorization") == expected, "\(request)")
        }
    }

    /// No commit author's email in any file of the site, the cache or the log.
    static func expectNoEmail(in folder: URL, _ result: RunResult) throws {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for email in GiteaRoutes.emails { #expect(!text.contains(email), "\(email) in \(file.path)") }
        }
        for email in GiteaRoutes.emails {
            #expect(!result.stderr.contains(email) && !result.stdout.contains(email), "\(email) in the log")
        }
    }

    @Test("a warm rebuild with nothing changed asks each repository's document and nothing more")
    func warmRebuild() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitea-warm", servers)
        defer { dir.remove() }
        let cold = try await Self.build(dir, servers)
        #expect(cold.status == 0, "\(cold)")
        let coldAsked = try await Self.apiRequests(servers)
        // forgejo/forgejo: document, release, commits; infra/deploy: document, commits.
        #expect(coldAsked.map(\.count) == [3, 2], "\(coldAsked)")
        let warm = try await Self.build(dir, servers)
        #expect(warm.status == 0, "\(warm)")
        let asked = zip(coldAsked, try await Self.apiRequests(servers)).flatMap { $1.dropFirst($0.count) }
        #expect(asked.map(\.pathOnly).sorted() == ["/api/v1/repos/forgejo/forgejo", "/api/v1/repos/infra/deploy"])
    }

    static func apiRequests(_ servers: Servers) async throws -> [[LoggedRequest]] {
        [
            try await servers.codeberg.requests().filter { $0.path.hasPrefix("/api/v1/") },
            try await servers.example.requests().filter { $0.path.hasPrefix("/api/v1/") },
        ]
    }

    @Test("a 429 without Retry-After is waited for: every card ends fresh")
    func tooManyWithoutRetryAfter() async throws {
        let servers = try await Self.servers(document: [
            FixtureResponse.text("Too Many Requests", status: 429),
            GiteaRoutes.file("repo-codeberg-forgejo-forgejo.json"),
        ])
        defer { servers.stop() }
        let dir = try Self.site("gitea-429", servers)
        defer { dir.remove() }
        // The wait a 429 without Retry-After gets is a "minute", one second here.
        let result = try await Self.build(dir, servers, ["--rate-limits", "minute=1s", "--max-wait", "30"])
        #expect(result.status == 0, "\(result)")
        let statuses = try await servers.codeberg.requests().filter { $0.pathOnly == "/api/v1/repos/forgejo/forgejo" }
            .map(\.status)
        #expect(statuses == [429, 200], "\(statuses)")
        // The wait is said to be the host's, not GitHub's.
        #expect(result.stderr.contains("127.0.0.1 rate limit"), "\(result.stderr)")
        #expect(!result.stderr.contains("GitHub rate limit"), "\(result.stderr)")
        for repo in [Self.codebergRepo, Self.selfManagedRepo, "twbs/bootstrap"] {
            #expect(try Self.page(dir, repo).tags(where: "data-widget").first?["data-state"] == "fresh", "\(repo)")
        }
    }

    @Test(
        "a 429 past --max-wait, a 5xx or a cut answer keeps the last good card, marked stale",
        arguments: [
            FixtureResponse.text("Too Many Requests", status: 429, headers: ["Retry-After": "3600"]),
            FixtureResponse.text("<h1>Bad Gateway</h1>", status: 502),
            FixtureResponse.text(#"{"id": 1, "full_name": "forgejo/forg"#, status: 200),
        ])
    func lastGood(_ fault: FixtureResponse) async throws {
        let servers = try await Self.servers(document: [GiteaRoutes.file("repo-codeberg-forgejo-forgejo.json"), fault])
        defer { servers.stop() }
        let dir = try Self.site("gitea-last-good", servers)
        defer { dir.remove() }
        let first = try await Self.build(dir, servers)
        #expect(first.status == 0, "\(first)")
        let later = try await Self.build(dir, servers, ["--retries", "1", "--max-wait", "5"])
        #expect(later.status == 0, "\(later)")
        let page = try Self.page(dir, Self.codebergRepo)
        #expect(page.tags(where: "data-widget").first?["data-state"] == "stale")
        #expect(page.stats()["stars"]?.value == "3107", "the last good numbers")
        #expect(page.tags(where: "data-login").count == 4, "and the last good contributors")
        #expect(try Self.page(dir, Self.selfManagedRepo).tags(where: "data-widget").first?["data-state"] == "fresh")
    }
}
