import Foundation

/// A site whose `owners:` are on another forge: GitHub's fixture server for its `repos:`, the
/// forge's own fixture server declared under `forges:` (the known host, pointed at loopback), and
/// each token in the variable its host reads. What the forge-owner end-to-end tests share.
struct ForgeOwnerSite {
    /// The forge the owners are on: its host, its API's path and its token.
    enum Host: Sendable {
        case codeberg, gitLab

        var name: String { self == .codeberg ? "codeberg.org" : "gitlab.com" }
        var apiPath: String { self == .codeberg ? "/api/v1" : "/api/v4" }
        var token: (variable: String, value: String) {
            self == .codeberg
                ? ("CODEBERG_TOKEN", GiteaEndToEndTests.codebergToken)
                : ("GITLAB_TOKEN", GitLabOwnersEndToEndTests.token)
        }
    }

    let gitHub: FixtureServer
    let forge: FixtureServer
    let dir: TempDir
    let host: Host

    /// Starts both servers and writes site.yml in a new folder named after `name`: `owners` are the
    /// `owners:` entries, each its lines (`- owner: …` first, then its keys); `repos` GitHub's `repos:`.
    static func start(
        _ name: String, on host: Host, routes: [FixtureRoute], owners: [[String]], repos: [String] = ["twbs/bootstrap"],
        title: String = "Forge owners"
    ) async throws -> ForgeOwnerSite {
        let forge = try await FixtureServer.start(routes: routes)
        do {
            return try await ForgeOwnerSite(
                try TempDir(name), forge: forge, on: host, owners: owners, repos: repos, title: title)
        } catch {
            forge.stop()
            throw error
        }
    }

    /// Starts GitHub's server and writes site.yml in `dir` for `forge`, a server already running.
    init(
        _ dir: TempDir, forge: FixtureServer, on host: Host, owners: [[String]], repos: [String] = ["twbs/bootstrap"],
        title: String = "Forge owners"
    ) async throws {
        (self.dir, self.forge, self.host) = (dir, forge, host)
        gitHub = try await FixtureServer.start(routes: NetworkRoutes.routes())
        let entries = owners.map { lines in
            lines.enumerated().map { $0.offset == 0 ? "  \($0.element)\n" : "    \($0.element)\n" }.joined()
        }
        let listed = repos.isEmpty ? "" : "repos:\n" + repos.map { "  - \($0)\n" }.joined()
        do {
            try dir.write(
                "site.yml",
                """
                title: \(title)
                forges:
                  - host: \(host.name)
                    api: \(forge.base)\(host.apiPath)
                \(listed)owners:
                \(entries.joined())
                """)
        } catch {
            gitHub.stop()
            throw error
        }
    }

    /// Both tokens, each in its own variable, and a home of the site's own.
    var environment: [String: String] {
        BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": GiteaEndToEndTests.gitHubToken, host.token.variable: host.token.value])
    }

    /// `build --jobs 2` against GitHub's server, `extra` arguments after those.
    func build(_ extra: [String] = [], environment changes: [String: String] = [:]) async throws -> RunResult {
        try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", gitHub.base] + extra, in: dir.url,
            environment: environment.merging(changes) { $1 })
    }

    /// Stops both servers; the folder stays until `remove`.
    func stop() {
        gitHub.stop()
        forge.stop()
    }

    func remove() {
        stop()
        dir.remove()
    }
}
