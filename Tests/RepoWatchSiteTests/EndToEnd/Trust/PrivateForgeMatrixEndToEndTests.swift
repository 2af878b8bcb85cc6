import Foundation
import Testing

/// The private matrix's Gitea and Forgejo rows: a repository its forge marks `private: true`
/// (Codeberg, Forgejo), `internal: true` (a self-managed Gitea: a private organization's), of a
/// `limited` organization (signed-in users only: neither flag set), or a private Codeberg one named
/// as a public GitHub repository of the site, built under `private: exclude` from a fresh cache,
/// after a `private: include` build that published it (the exclude builds asking, or `--offline`),
/// and after it was made private since a build that showed it publicly. After the exclude build,
/// and after the next one from its cache, nothing of it is in the site, `.repowatch/`, the previous
/// site kept aside, `--verbose`'s log or the step summary, and GitHub's twbs/bootstrap keeps its card.
@Suite("End-to-end: Gitea and Forgejo keep nothing private", .timeLimit(.minutes(10)))
struct PrivateForgeMatrixEndToEndTests {
    enum Forge: String, CaseIterable, Sendable {
        case codebergPrivate, giteaInternal, giteaLimited, codebergNamedAsGitHub

        var repo: String {
            switch self {
            case .codebergPrivate: "codeberg.org/forgejo/secret-plans"
            case .giteaInternal: "gitea.example.com/infra/internal-tools"
            case .giteaLimited: "gitea.example.com/backroom/handbook-draft"
            case .codebergNamedAsGitHub: "codeberg.org/twbs/bootstrap"
            }
        }
        /// What only this repository has: its name, description, and for the limited one its
        /// owner's face and its one commit's author (name, login, face).
        var secrets: [String] {
            switch self {
            case .codebergPrivate: ["secret-plans", "Not for the gallery"]
            case .giteaInternal: ["internal-tools", "Signed-in users only"]
            case .giteaLimited: ["handbook-draft", "Drafts for signed-in staff", "backroom", "Quentin Quill", "qquill"]
            case .codebergNamedAsGitHub: ["Mirror kept on Codeberg"]
            }
        }
    }

    enum Start: String, CaseIterable, Sendable { case fresh, afterInclude, afterIncludeOffline, madePrivate }

    struct Case: Sendable, CustomTestStringConvertible {
        let forge: Forge
        let start: Start
        var testDescription: String { "\(forge) \(start)" }
    }

    static let cases = Forge.allCases.flatMap { forge in Start.allCases.map { Case(forge: forge, start: $0) } }

    /// Each forge's routes; a made-private repository answers its public document first.
    static func servers(_ matrix: Case) async throws -> GiteaEndToEndTests.Servers {
        let public_ = matrix.start == .madePrivate
        func routes(_ path: String, _ file: String, _ before: String, commits: String = "commits-recent.json")
            -> [FixtureRoute]
        {
            GiteaRoutes.repository(
                path, file: file, document: public_ ? [GiteaRoutes.file(before), GiteaRoutes.file(file)] : nil,
                commits: commits)
        }
        return GiteaEndToEndTests.Servers(
            gitHub: try await FixtureServer.start(routes: NetworkRoutes.routes()),
            codeberg: try await FixtureServer.start(
                routes: GiteaRoutes.repository("forgejo/forgejo", file: "repo-codeberg-forgejo-forgejo.json")
                    + routes("forgejo/secret-plans", "repo-private.json", "repo-private-when-public.json")
                    + routes(
                        "twbs/bootstrap", "repo-codeberg-twbs-bootstrap.json",
                        "repo-codeberg-twbs-bootstrap-when-public.json")),
            example: try await FixtureServer.start(
                routes: GiteaRoutes.repository("infra/deploy", file: "repo-example-infra-deploy.json", release: false)
                    + routes("infra/internal-tools", "repo-internal.json", "repo-internal-when-public.json")
                    + routes(
                        "backroom/handbook-draft", "repo-limited.json", "repo-limited-when-public.json",
                        commits: "commits-backroom.json")))
    }

    static func build(_ dir: TempDir, _ servers: GiteaEndToEndTests.Servers, _ extra: [String] = []) async throws
        -> (RunResult, String)
    {
        let summary = dir.url.appendingPathComponent("summary-\(UUID().uuidString).md")
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": GiteaEndToEndTests.gitHubToken, "CODEBERG_TOKEN": GiteaEndToEndTests.codebergToken,
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path,
            ])
        let result = try await BinaryRunner.run(
            ["build", "--jobs", "2", "--verbose", "--api-url", servers.gitHub.base] + extra, in: dir.url,
            environment: environment)
        return (result, (try? String(contentsOf: summary, encoding: .utf8)) ?? "")
    }

    /// Every file under `folder` (but site.yml) that mentions `secret`, ignoring case.
    static func mentions(of secret: String, in folder: URL) -> [String] {
        PrivateSite.mentions(of: secret, in: folder).filter { $0 != "site.yml" && !$0.hasPrefix("summary-") }
    }

    @Test(arguments: cases)
    func nothingPrivateStays(_ matrix: Case) async throws {
        let servers = try await Self.servers(matrix)
        defer { servers.stop() }
        let include = matrix.start != .fresh
        let dir = try GiteaEndToEndTests.site(
            "private-forge-\(matrix.forge)-\(matrix.start)", servers, extra: [matrix.forge.repo],
            privacy: include ? "private: include\n" : "")
        defer { dir.remove() }
        if include {
            let (first, _) = try await Self.build(dir, servers)
            #expect(first.status == 0, "\(first)")
            // The first build did show it: otherwise this row would prove nothing.
            let page = dir.url.appendingPathComponent("public/repos/\(matrix.forge.repo)/index.html")
            #expect(FileManager.default.fileExists(atPath: page.path), "\(first)")
            try dir.write("site.yml", GiteaEndToEndTests.siteText(servers, extra: [matrix.forge.repo]))
        }
        let offline = matrix.start == .afterIncludeOffline ? ["--offline"] : []
        let gitHubEntries = Self.filesNamingGitHubBootstrap(in: dir)
        for round in ["exclude", "exclude again"] {
            let (result, summary) = try await Self.build(dir, servers, offline)
            #expect(result.status == 0, "\(round): \(result)")
            let printed = (result.stdout + result.stderr + summary).lowercased()
            for secret in matrix.forge.secrets {
                #expect(!printed.contains(secret.lowercased()), "\(round): the log names \(secret): \(result)")
                let kept = Self.mentions(of: secret, in: dir.url)
                #expect(kept.isEmpty, "\(round): \(secret) in \(kept)")
            }
            let page = try GiteaEndToEndTests.page(dir, GiteaEndToEndTests.codebergRepo)
            let state = page.tags(where: "data-widget").first?["data-state"]
            #expect(state == (offline.isEmpty ? "fresh" : "stale"), "\(round): the public ones stay")
            // GitHub's repository of the same OWNER/NAME is another one: public, with its contributors.
            let gitHub = try GiteaEndToEndTests.page(dir, "twbs/bootstrap")
            #expect(gitHub.tags(where: "data-widget").first?["data-state"] != nil, "\(round): \(result)")
            #expect(!gitHub.tags(where: "data-login").isEmpty, "\(round): GitHub's contributors stay")
            let entries = Self.filesNamingGitHubBootstrap(in: dir)
            #expect(
                gitHubEntries.isSubset(of: entries), "\(round): GitHub's star history and backfill stay: \(entries)")
        }
    }

    /// The per-repository files of `.repowatch/` (star history, backfill, open counts) holding an
    /// entry for GitHub's twbs/bootstrap.
    static func filesNamingGitHubBootstrap(in dir: TempDir) -> Set<String> {
        let names = ["star-history.json", "backfill.json", "open-counts.json"]
        return Set(
            names.filter { name in
                let url = dir.url.appendingPathComponent(".repowatch/\(name)")
                return ((try? String(contentsOf: url, encoding: .utf8)) ?? "").contains(#""twbs/bootstrap""#)
            })
    }
}
