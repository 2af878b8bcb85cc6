import Foundation
import Testing

/// `owners:` on another forge (issue 48): a Codeberg organization listed whole, at the instance's
/// own page size, with the same rules as a GitHub owner's, its repositories' cards asked of Codeberg.
@Suite("End-to-end: a Codeberg organization under owners:", .timeLimit(.minutes(10)))
struct ForgeOwnersEndToEndTests {
    static let owner = "codeberg.org/forgejo"

    /// forgejo's six repositories, two a page (`max_response_items: 2`): one a fork, one archived,
    /// one private.
    static func codebergRoutes() -> [FixtureRoute] {
        let api = GiteaRoutes.api
        let total = ["X-Total-Count": "6"]
        return [
            .get("\(api)/settings/api", GiteaRoutes.file("settings-api-small.json")),
            .get("\(api)/orgs/forgejo", GiteaRoutes.file("org-forgejo.json")),
        ]
            + (1...3).map { page in
                .get(
                    "\(api)/orgs/forgejo/repos", query: ["page": "\(page)", "limit": "2"],
                    GiteaRoutes.file("orgs-forgejo-repos-page\(page).json", headers: total))
            }
            + GiteaRoutes.codeberg()
            + GiteaRoutes.repository("forgejo/runner", file: "repo-codeberg-forgejo-runner.json", release: false)
            + GiteaRoutes.repository("forgejo/website", file: "repo-codeberg-forgejo-website.json", release: false)
    }

    static func build(entry: [String]) async throws -> (TempDir, RunResult, [LoggedRequest]) {
        let site = try await ForgeOwnerSite.start(
            "forge-owners", on: .codeberg, routes: codebergRoutes(), owners: [["- owner: \(owner)"] + entry])
        defer { site.stop() }
        let result = try await site.build()
        for request in try await site.gitHub.requests() {
            #expect(!(request.header("authorization") ?? "").contains(GiteaEndToEndTests.codebergToken))
        }
        return (site.dir, result, try await site.forge.requests())
    }

    static func shown(_ dir: TempDir) throws -> [(name: String, source: String)] {
        let data = try Data(contentsOf: dir.url.appendingPathComponent("public/data/snapshot.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let repos = object?["repos"] as? [[String: Any]] ?? []
        return repos.map { (($0["config_name"] as? String) ?? "", ($0["source"] as? String) ?? "") }
    }

    @Test("forks, archived and private left out, exclude honoured, sorted by stars; every page at two a page")
    func organization() async throws {
        let (dir, result, requests) = try await Self.build(entry: ["exclude: [codeberg.org/forgejo/website]"])
        defer { dir.remove() }
        #expect(result.status == 0, "\(result)")
        let shown = try Self.shown(dir)
        #expect(shown.map(\.name) == ["twbs/bootstrap", "codeberg.org/forgejo/forgejo", "codeberg.org/forgejo/runner"])
        #expect(shown.dropFirst().allSatisfy { $0.source == "owner:\(Self.owner)" }, "\(shown)")
        let output = dir.url.appendingPathComponent("public")
        for repo in ["forgejo", "runner"] {
            let path = "repos/codeberg.org/forgejo/\(repo)/large.html"
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
        }
        let runner = try HTMLPage(
            contentsOf: output.appendingPathComponent("repos/codeberg.org/forgejo/runner/large.html"))
        #expect(runner.tags(where: "data-widget").first?["data-forge"] == "forgejo")
        #expect(runner.stats()["stars"]?.value == "512")
        let paths = requests.map(\.path)
        for page in 1...3 {
            #expect(paths.contains("/api/v1/orgs/forgejo/repos?limit=2&page=\(page)"), "\(paths)")
        }
        #expect(!paths.contains { $0.contains("page=4") }, "X-Total-Count says the list ends at page 3")
        // The progress line counts against X-Total-Count, page by page.
        for line in ["2/6", "4/6", "6/6"] {
            #expect(result.stderr.contains("Listing \(Self.owner): \(line) repositories…"), "\(result.stderr)")
        }
        for left in ["secret-plans", "gitea-fork", "old-docs", "website"] {
            #expect(!paths.contains("/api/v1/repos/forgejo/\(left)"), "\(left) was asked for")
            #expect(
                !FileManager.default.fileExists(
                    atPath: output.appendingPathComponent("repos/codeberg.org/forgejo/\(left)").path))
        }
        for request in requests where request.path.hasPrefix("/api/v1/") {
            #expect(request.header("authorization") == "Bearer \(GiteaEndToEndTests.codebergToken)", "\(request)")
        }
        // Nothing of the private repository in the site, the cache (under the site's folder) or the log.
        #expect(!(result.stdout + result.stderr).contains("secret-plans"))
        let files = FileManager.default.enumerator(at: dir.url, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: file) else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains("secret-plans"), "\(file.path)")
        }
    }

    @Test("sort: pushed is the forge's updated_at, newest first; limit counts after the rules")
    func pushedAndLimit() async throws {
        let (dir, result, _) = try await Self.build(entry: ["sort: pushed", "limit: 2"])
        defer { dir.remove() }
        #expect(result.status == 0, "\(result)")
        #expect(
            try Self.shown(dir).map(\.name)
                == ["twbs/bootstrap", "codeberg.org/forgejo/runner", "codeberg.org/forgejo/forgejo"])
    }
}
