import Foundation
import Testing

/// What a build of GitHub and GitLab together says: GitLab's cards in GitLab's words (merge
/// requests, last activity) while GitHub's keep theirs, and each forge's requests and quota apart in
/// `build --json`, the last lines and the step summary, GitHub's never counting GitLab's.
@Suite("End-to-end: each forge in its own words and its own count", .timeLimit(.minutes(10)))
struct GitLabReportEndToEndTests {
    static func build(_ dir: TempDir, _ servers: GitLabEndToEndTests.Servers, summary: URL) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": GitLabEndToEndTests.gitHubToken, "GITLAB_TOKEN": GitLabEndToEndTests.gitLabToken,
                "EXAMPLE_TOKEN": GitLabEndToEndTests.exampleToken, "GITHUB_ACTIONS": "true",
                "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": dir.url.path,
            ])
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--json", "--api-url", servers.gitHub.base], in: dir.url,
            environment: environment)
    }

    @Test("build --json, the last lines and the step summary: each forge's requests and quota apart")
    func perForge() async throws {
        let servers = try await GitLabEndToEndTests.servers()
        defer { servers.stop() }
        let dir = try GitLabEndToEndTests.site("gitlab-report", servers)
        defer { dir.remove() }
        let summary = dir.url.appendingPathComponent("summary.md")
        let result = try await Self.build(dir, servers, summary: summary)
        #expect(result.status == 0, "\(result)")
        let json = try JSONValue.decode(Data(result.stdout.utf8))
        let forges = json["forges"]?.array ?? []
        #expect(forges.compactMap { $0["host"]?.string } == ["gitlab.com", "gitlab.example.com"], "\(result.stdout)")
        for (forge, server) in zip(forges, [servers.gitLab, servers.example]) {
            let asked = try await server.requests().filter { $0.path.hasPrefix("/api/v4/") }
            #expect(forge["kind"]?.string == "gitlab")
            #expect(forge["requests"]?["made"]?.int == asked.count, "\(forge) \(asked.count)")
            #expect(forge["quota"]?["limit"]?.int == 2_000 && forge["quota"]?["remaining"]?.int == 1_990)
        }
        // GitHub's count is what GitHub's server was asked, and at most the faces' downloads (which
        // cost no quota, wherever they are from): none of GitLab's API requests in it.
        let gitHubAPI = try await servers.gitHub.requests().filter { !$0.isAvatar }.count
        var downloads = try await servers.gitHub.requests().filter(\.isAvatar).count
        for server in [servers.gitLab, servers.example] {
            downloads += try await server.requests().filter(\.isAvatar).count
        }
        let made = json["requests"]?["made"]?.int ?? -1
        #expect(made >= gitHubAPI && made <= gitHubAPI + downloads, "\(made): \(gitHubAPI) + \(downloads)")
        let written = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
        for host in ["gitlab.com", "gitlab.example.com"] {
            #expect(result.stderr.contains("\(host) (GitLab): "), "\(result.stderr)")
            #expect(written.contains(host), "\(written)")
        }
    }

    @Test(
        "GitLab's cards, SVGs, badges and page link say merge requests, last activity and gitlab.com; GitHub's say what they said"
    )
    func words() async throws {
        let servers = try await GitLabEndToEndTests.servers()
        defer { servers.stop() }
        let dir = try GitLabEndToEndTests.site("gitlab-words", servers)
        defer { dir.remove() }
        let result = try await GitLabEndToEndTests.build(dir, servers)
        #expect(result.status == 0, "\(result)")
        let output = dir.url.appendingPathComponent("public")
        func read(_ path: String) throws -> String {
            try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
        for (folder, gitLab) in [
            ("repos/gitlab.com/gitlab-org/gitlab-runner/", true), ("repos/twbs/bootstrap/", false),
        ] {
            for file in ["large.html", "medium.svg", "large.svg", "index.html"] {
                let text = try read(folder + file)
                #expect(text.contains("merge requests") == gitLab, "\(folder)\(file)")
                #expect(text.contains("pull requests") != gitLab, "\(folder)\(file)")
                #expect(text.contains("Last activity") == gitLab, "\(folder)\(file)")
                #expect(text.contains("Last pushed") != gitLab, "\(folder)\(file)")
            }
            #expect(try read(folder + "badges/pulls.svg").contains(gitLab ? "merge requests" : "pull requests"))
            #expect(try read(folder + "badges/days.svg").contains(gitLab ? "last activity" : "last push"))
            // The page's link to the repository names where it goes.
            #expect(try read(folder + "index.html").contains(gitLab ? "View on gitlab.com" : "View on GitHub"))
            #expect(try !read(folder + "index.html").contains(gitLab ? "View on GitHub" : "View on gitlab.com"))
        }
        let page = try HTMLPage(
            contentsOf: output.appendingPathComponent("repos/gitlab.com/gitlab-org/gitlab-runner/large.html"))
        #expect(page.stats()["pulls"]?.value == "57")
    }
}
