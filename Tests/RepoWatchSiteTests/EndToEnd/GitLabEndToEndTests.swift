import Foundation
import Testing

/// GitLab projects in the same gallery (issue 47): two GitHub repositories, three gitlab.com projects
/// (one in a nested group, one past GitLab's 10,000 count) and one on a self-managed GitLab, each
/// host played by a fixture server of its own.
@Suite("End-to-end: GitLab beside GitHub", .timeLimit(.minutes(10)))
struct GitLabEndToEndTests {
    static let gitHubToken = "ghp_forgeSuiteToken0123456789abcdefXYZ"
    static let gitLabToken = "glpat-gitlabComToken0123456789"
    static let exampleToken = "glpat-exampleHostToken0123456789"
    static let gitLabProjects = [
        "gitlab.com/gitlab-org/gitlab-runner", "gitlab.com/gitlab-org/gitlab",
        "gitlab.com/gitlab-org/security-products/analyzers/semgrep",
    ]
    static let selfManagedProject = "gitlab.example.com/platform/api"

    struct Servers {
        let gitHub: FixtureServer
        let gitLab: FixtureServer
        let example: FixtureServer

        func stop() {
            gitHub.stop()
            gitLab.stop()
            example.stop()
        }
    }

    static func servers(runner: [FixtureResponse]? = nil) async throws -> Servers {
        Servers(
            gitHub: try await FixtureServer.start(routes: NetworkRoutes.routes()),
            gitLab: try await FixtureServer.start(routes: GitLabRoutes.gitLabCom(runner: runner)),
            example: try await FixtureServer.start(routes: GitLabRoutes.selfManaged()))
    }

    static func site(_ label: String, _ servers: Servers) throws -> TempDir {
        let dir = try TempDir(label)
        try dir.write(
            "site.yml",
            """
            title: Forges
            forges:
              - host: gitlab.com
                api: \(servers.gitLab.base)/api/v4
              - host: gitlab.example.com
                kind: gitlab
                api: \(servers.example.base)/api/v4
                token_env: EXAMPLE_TOKEN
            repos:
              - twbs/bootstrap
              - octocat/Hello-World
            \((gitLabProjects + [selfManagedProject]).map { "  - \($0)\n" }.joined())
            """)
        return dir
    }

    static func build(_ dir: TempDir, _ servers: Servers, _ extra: [String] = []) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": gitHubToken, "GITLAB_TOKEN": gitLabToken, "EXAMPLE_TOKEN": exampleToken])
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", servers.gitHub.base] + extra, in: dir.url, environment: environment)
    }

    @Test("every page and widget for every forge; each token to its own host only; no email kept")
    func gallery() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitlab-gallery", servers)
        defer { dir.remove() }
        let result = try await Self.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        let output = dir.url.appendingPathComponent("public")
        for name in Self.gitLabProjects + [Self.selfManagedProject, "twbs/bootstrap"] {
            for file in ["index.html", "medium.html", "large.html", "medium.svg", "large-dark.svg", "badges/stars.svg"]
            {
                let path = "repos/\(name.lowercased())/\(file)"
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
            }
        }
        let large = try HTMLPage(
            contentsOf: output.appendingPathComponent("repos/gitlab.com/gitlab-org/gitlab-runner/large.html"))
        #expect(large.tags(where: "data-repo").first?["data-repo"] == "gitlab.com/gitlab-org/gitlab-runner")
        #expect(large.stats()["stars"]?.value == "2611")
        #expect(large.stats()["pulls"]?.value == "57")
        #expect(large.stats()["release"]?.value == "v17.6.0")
        #expect(large.stats()["language"]?.value == "Go")
        // One person with two emails is one contributor; names stand in for logins.
        let logins = large.tags(where: "data-login").compactMap { $0["data-login"] }
        #expect(logins == ["Ada Example", "Grace <b>Hopper</b>", "Linus Sample", "Margaret Doe"])
        #expect(large.tags(where: "data-contributions").first?["data-contributions"] == "432")

        for (server, token) in [(servers.gitLab, Self.gitLabToken), (servers.example, Self.exampleToken)] {
            for request in try await server.requests() {
                let expected = request.path.hasPrefix("/api/v4/") ? "Bearer \(token)" : nil
                #expect(request.header("authorization") == expected, "\(request)")
                #expect(request.header("x-github-api-version") == nil, "\(request)")
            }
        }
        for request in try await servers.gitHub.requests() {
            let expected = request.isAvatar ? nil : "Bearer \(Self.gitHubToken)"
            #expect(request.header("authorization") == expected, "\(request)")
        }
        try Self.expectNoEmail(in: dir.url, result)
        try Self.expectOpenData(output)
    }

    /// A site with projects on other forges publishes `data/repos.json` schema 2: `forge` and `host`
    /// on every entry, another forge's `name` the site.yml name; and schema 2's JSON Schema.
    static func expectOpenData(_ output: URL) throws {
        let records = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/repos.json")))
        #expect(records["schema"] == 2)
        let entries = records["repos"]?.array ?? []
        #expect(entries.count == 6)
        let runner = entries.first { $0["config_name"]?.string == "gitlab.com/gitlab-org/gitlab-runner" }
        #expect(runner?["name"]?.string == "gitlab.com/gitlab-org/gitlab-runner")
        #expect(runner?["forge"]?.string == "gitlab" && runner?["host"]?.string == "gitlab.com")
        let bootstrap = entries.first { $0["config_name"]?.string == "twbs/bootstrap" }
        #expect(bootstrap?["forge"]?.string == "github" && bootstrap?["host"]?.string == "github.com")
        let schema = try String(contentsOf: output.appendingPathComponent("data/repos.schema.json"), encoding: .utf8)
        #expect(schema.contains(#""schema": { "const": 2,"#) && schema.contains(#""forge": { "enum""#))
        let csv = try String(contentsOf: output.appendingPathComponent("data/repos.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("name,config_name,") && csv.contains(",forge,host\r\n"))
        #expect(csv.contains("\r\ngitlab.com/gitlab-org/gitlab-runner,gitlab.com/gitlab-org/gitlab-runner,"))
        let card = try String(
            contentsOf: output.appendingPathComponent("repos/gitlab.com/gitlab-org/gitlab/medium.html"), encoding: .utf8
        )
        #expect(card.contains(#"data-forge="gitlab""#) && card.contains(#"data-value="10000""#))
        #expect(card.contains(">10,000+<"), "the card shows where GitLab stopped counting")
        let badge = try String(
            contentsOf: output.appendingPathComponent("repos/gitlab.com/gitlab-org/gitlab/badges/pulls.json"),
            encoding: .utf8)
        #expect(badge.contains("10k+"), "\(badge)")
    }

    /// No email in any file of the site, the cache or the log.
    static func expectNoEmail(in folder: URL, _ result: RunResult) throws {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for email in GitLabRoutes.emails { #expect(!text.contains(email), "\(email) in \(file.path)") }
        }
        for email in GitLabRoutes.emails {
            #expect(!result.stderr.contains(email) && !result.stdout.contains(email), "\(email) in the log")
        }
    }

    @Test("more than 10,000 open merge requests: the count GitLab stopped at, marked, never a wrong number")
    func tenThousandPlus() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitlab-10k", servers)
        defer { dir.remove() }
        let result = try await Self.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        let snapshot = try JSONValue.decode(
            Data(contentsOf: dir.url.appendingPathComponent("public/data/snapshot.json")))
        let gitLab = snapshot["repos"]?.array?.first { $0["config_name"]?.string == "gitlab.com/gitlab-org/gitlab" }
        #expect(gitLab?["open_pulls"] == 10_000)
        #expect(gitLab?["open_pulls_at_least"] == true)
        let runner = snapshot["repos"]?.array?.first {
            $0["config_name"]?.string == "gitlab.com/gitlab-org/gitlab-runner"
        }
        #expect(runner?["open_pulls_at_least"] == nil, "only where GitLab stopped counting")
    }

    @Test("a warm rebuild with nothing changed asks each GitLab project's document and nothing more")
    func warmRebuild() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitlab-warm", servers)
        defer { dir.remove() }
        let cold = try await Self.build(dir, servers)
        #expect(cold.status == 0, "\(cold)")
        let before = try await Self.apiRequests(servers)
        let warm = try await Self.build(dir, servers)
        #expect(warm.status == 0, "\(warm)")
        let after = try await Self.apiRequests(servers)
        let asked = zip(before, after).flatMap { $1.dropFirst($0.count) }
        // The document, by its path: `/api/v4/projects/GROUP%2FPROJECT`.
        #expect(asked.count == Self.gitLabProjects.count + 1, "\(asked)")
        #expect(asked.allSatisfy { $0.pathOnly.split(separator: "/").count == 4 }, "\(asked)")
        #expect(warm.stderr.contains("gitlab.com (GitLab): 3 requests"), "\(warm.stderr)")
    }

    /// Each GitLab's API requests (not the faces' downloads): gitlab.com's, then the self-managed host's.
    static func apiRequests(_ servers: Servers) async throws -> [[LoggedRequest]] {
        [
            try await servers.gitLab.requests().filter { $0.path.hasPrefix("/api/v4/") },
            try await servers.example.requests().filter { $0.path.hasPrefix("/api/v4/") },
        ]
    }

    @Test("a nested group's pages reach the site's root: every relative link and image resolves")
    func nestedLinks() async throws {
        let servers = try await Self.servers()
        defer { servers.stop() }
        let dir = try Self.site("gitlab-links", servers)
        defer { dir.remove() }
        let result = try await Self.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        let folder = dir.url.appendingPathComponent(
            "public/repos/gitlab.com/gitlab-org/security-products/analyzers/semgrep/")
        for file in ["index.html", "large.html"] {
            let page = try HTMLPage(contentsOf: folder.appendingPathComponent(file))
            let targets = (page.tags(where: "href") + page.tags(where: "src")).compactMap { $0["href"] ?? $0["src"] }
            let relative = targets.filter { !$0.contains(":") && !$0.hasPrefix("#") && !$0.hasPrefix("/") }
            #expect(!relative.isEmpty)
            for target in relative {
                let path =
                    String(target.split(separator: "#").first ?? "").split(separator: "?").first.map(String.init) ?? ""
                let resolved = folder.appendingPathComponent(path).standardizedFileURL
                var isFolder: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder), "\(file): \(target)")
            }
        }
    }

    @Test(
        "a 429 past --max-wait, a 5xx or a cut answer from GitLab keeps the last good card, marked stale",
        arguments: [
            GitLabRoutes.file("project-gitlab-org-gitlab-runner.json", status: 429, headers: ["Retry-After": "3600"]),
            FixtureResponse.text("<h1>Bad Gateway</h1>", status: 502),
            FixtureResponse.text(#"{"id": 250833, "path_with_namespace": "gitlab-org/gitl"#, status: 200),
        ])
    func lastGood(_ fault: FixtureResponse) async throws {
        let good = GitLabRoutes.file("project-gitlab-org-gitlab-runner.json", headers: GitLabRoutes.quota)
        let servers = try await Self.servers(runner: [good, fault])
        defer { servers.stop() }
        let dir = try Self.site("gitlab-last-good", servers)
        defer { dir.remove() }
        let first = try await Self.build(dir, servers)
        #expect(first.status == 0, "\(first)")
        let later = try await Self.build(dir, servers, ["--retries", "1", "--max-wait", "5"])
        #expect(later.status == 0, "\(later)")
        let page = try HTMLPage(
            contentsOf: dir.url.appendingPathComponent("public/repos/gitlab.com/gitlab-org/gitlab-runner/large.html"))
        #expect(page.tags(where: "data-widget").first?["data-state"] == "stale")
        #expect(page.stats()["stars"]?.value == "2611", "the last good numbers")
        #expect(page.tags(where: "data-login").count == 4, "and the last good contributors")
        let other = try HTMLPage(
            contentsOf: dir.url.appendingPathComponent("public/repos/gitlab.com/gitlab-org/gitlab/large.html"))
        #expect(other.tags(where: "data-widget").first?["data-state"] != "unavailable")
    }

    @Test(
        "an internal project is private: left out under private: exclude, nothing of it in the site, the cache or the log, even after a build that published it"
    )
    func internalProjectLeftOut() async throws {
        let routes =
            GitLabRoutes.gitLabCom()
            + GitLabRoutes.project(
                path: "secret/internal-tool", id: 77, file: "project-private-internal.json",
                mergeRequests: ["x-total": "1"], contributors: "contributors-one.json")
        let gitHub = try await FixtureServer.start(routes: NetworkRoutes.routes())
        let gitLab = try await FixtureServer.start(routes: routes)
        defer {
            gitHub.stop()
            gitLab.stop()
        }
        let dir = try TempDir("gitlab-internal")
        defer { dir.remove() }
        func site(_ privacy: String) throws {
            try dir.write(
                "site.yml",
                "title: Private\n\(privacy)forges:\n  - host: gitlab.com\n    api: \(gitLab.base)/api/v4\n"
                    + "repos:\n  - twbs/bootstrap\n  - gitlab.com/gitlab-org/gitlab-runner\n  - gitlab.com/secret/internal-tool\n"
            )
        }
        let servers = Servers(gitHub: gitHub, gitLab: gitLab, example: gitLab)
        try site("private: include\n")
        let published = try await Self.build(dir, servers)
        #expect(published.status == 0, "\(published)")
        #expect(
            FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent("public/repos/gitlab.com/secret/internal-tool/index.html").path))
        try site("")
        let result = try await Self.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        #expect(
            !FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent("public/repos/gitlab.com/secret/internal-tool").path))
        let secrets = ["internal-tool", "Internal only", "solo@example.com", "Solo Dev"]
        let files = FileManager.default.enumerator(at: dir.url, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.lastPathComponent != "site.yml", let data = try? Data(contentsOf: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for secret in secrets where text.contains(secret) { Issue.record("\(secret) in \(file.path)") }
        }
        for secret in secrets.dropFirst() { #expect(!result.stderr.contains(secret), "\(secret) in the log") }
    }
}
