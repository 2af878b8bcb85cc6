import Foundation
import Testing

/// The private matrix's Gitea and Forgejo rows: a repository its forge marks `private: true`
/// (Codeberg, Forgejo) or `internal: true` (a self-managed Gitea; every signed-in user sees it),
/// built under `private: exclude` from a fresh cache, after a `private: include` build that
/// published it, and after it was made private since a build that showed it publicly. After the
/// exclude build, and after the next one from its cache, nothing of it is in the site, `.repowatch/`,
/// the previous site kept aside, `--verbose`'s log or the step summary.
@Suite("End-to-end: Gitea and Forgejo keep nothing private", .timeLimit(.minutes(10)))
struct PrivateForgeMatrixEndToEndTests {
    enum Forge: String, CaseIterable, Sendable {
        case codebergPrivate, giteaInternal

        var repo: String {
            self == .codebergPrivate ? "codeberg.org/forgejo/secret-plans" : "gitea.example.com/infra/internal-tools"
        }
        /// The name and description only this repository has.
        var secrets: [String] {
            self == .codebergPrivate
                ? ["secret-plans", "Not for the gallery"] : ["internal-tools", "Signed-in users only"]
        }
    }

    enum Start: String, CaseIterable, Sendable { case fresh, afterInclude, madePrivate }

    struct Case: Sendable, CustomTestStringConvertible {
        let forge: Forge
        let start: Start
        var testDescription: String { "\(forge) \(start)" }
    }

    static let cases = Forge.allCases.flatMap { forge in Start.allCases.map { Case(forge: forge, start: $0) } }

    /// Each forge's routes; a made-private repository answers its public document first.
    static func servers(_ matrix: Case) async throws -> GiteaEndToEndTests.Servers {
        let public_ = matrix.start == .madePrivate
        func routes(_ path: String, _ file: String, _ before: String) -> [FixtureRoute] {
            GiteaRoutes.repository(
                path, file: file, document: public_ ? [GiteaRoutes.file(before), GiteaRoutes.file(file)] : nil)
        }
        return GiteaEndToEndTests.Servers(
            gitHub: try await FixtureServer.start(routes: NetworkRoutes.routes()),
            codeberg: try await FixtureServer.start(
                routes: GiteaRoutes.repository("forgejo/forgejo", file: "repo-codeberg-forgejo-forgejo.json")
                    + routes("forgejo/secret-plans", "repo-private.json", "repo-private-when-public.json")),
            example: try await FixtureServer.start(
                routes: GiteaRoutes.repository("infra/deploy", file: "repo-example-infra-deploy.json", release: false)
                    + routes("infra/internal-tools", "repo-internal.json", "repo-internal-when-public.json")))
    }

    static func build(_ dir: TempDir, _ servers: GiteaEndToEndTests.Servers) async throws -> (RunResult, String) {
        let summary = dir.url.appendingPathComponent("summary-\(UUID().uuidString).md")
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            [
                "GITHUB_TOKEN": GiteaEndToEndTests.gitHubToken, "CODEBERG_TOKEN": GiteaEndToEndTests.codebergToken,
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path,
            ])
        let result = try await BinaryRunner.run(
            ["build", "--jobs", "2", "--verbose", "--api-url", servers.gitHub.base], in: dir.url,
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
        for round in ["exclude", "exclude again"] {
            let (result, summary) = try await Self.build(dir, servers)
            #expect(result.status == 0, "\(round): \(result)")
            let printed = (result.stdout + result.stderr + summary).lowercased()
            for secret in matrix.forge.secrets {
                #expect(!printed.contains(secret.lowercased()), "\(round): the log names \(secret): \(result)")
                let kept = Self.mentions(of: secret, in: dir.url)
                #expect(kept.isEmpty, "\(round): \(secret) in \(kept)")
            }
            let page = try GiteaEndToEndTests.page(dir, GiteaEndToEndTests.codebergRepo)
            #expect(page.tags(where: "data-widget").first?["data-state"] == "fresh", "the public ones stay")
        }
    }
}
