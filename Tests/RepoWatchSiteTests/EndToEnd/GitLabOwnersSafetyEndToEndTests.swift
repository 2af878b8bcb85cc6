import Foundation
import Testing

/// A GitLab group's answers under `owners:` as a careless or hostile server may send them: the
/// group's embedded projects, paging headers an offline build no longer sees, pages that cycle, a
/// path with a line break in it.
@Suite("End-to-end: a GitLab group's answers kept safe and whole", .timeLimit(.minutes(10)))
struct GitLabOwnersSafetyEndToEndTests {
    static let shownNames = [
        "gitlab.com/gitlab-org/gitlab", "gitlab.com/gitlab-org/gitlab-runner",
        "gitlab.com/gitlab-org/security-products/analyzers/semgrep",
    ]

    /// Builds the group from `gitLab`, `extra` arguments after `build`.
    static func build(_ dir: TempDir, _ gitLab: FixtureServer, _ extra: [String] = []) async throws -> RunResult {
        let site = try await ForgeOwnerSite(
            dir, forge: gitLab, on: .gitLab, owners: [["- owner: gitlab.com/gitlab-org"]], repos: [])
        defer { site.gitHub.stop() }
        return try await site.build(extra)
    }

    static func files(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
    }

    /// The group's own routes with `group` and `pages` (the project list's, by page) in place of its own.
    static func routes(group: FixtureResponse, pages: [String: FixtureResponse]) -> [FixtureRoute] {
        let api = GitLabRoutes.api
        return [.get("\(api)/groups/gitlab-org", group)]
            + pages.map { page, response in
                .get(
                    "\(api)/groups/gitlab-org/projects",
                    query: ["page": page, "include_subgroups": "true", "per_page": "100"], response)
            } + GitLabRoutes.gitLabCom()
    }

    @Test("a private project embedded in the group's answer is kept nowhere; --offline keeps page 2")
    func embeddedAndOffline() async throws {
        let dir = try TempDir("gitlab-owners-safety")
        defer { dir.remove() }
        let gitLab = try await FixtureServer.start(routes: GitLabOwnersEndToEndTests.routes())
        let first = try await Self.build(dir, gitLab)
        let group = try await gitLab.requests().map(\.path).filter { $0.hasPrefix("/api/v4/groups/gitlab-org?") }
        gitLab.stop()
        #expect(first.status == 0, "\(first)")
        #expect(group == ["/api/v4/groups/gitlab-org?with_projects=false"], "\(group)")
        #expect(try ForgeOwnersEndToEndTests.shown(dir).map(\.name) == Self.shownNames)
        for folder in [".repowatch", "public"] {
            for file in Self.files(under: dir.url.appendingPathComponent(folder)) {
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(!text.contains("moonlit-quarry"), "\(file.path) names the private project")
            }
        }
        let offline = try await Self.build(dir, gitLab, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try ForgeOwnersEndToEndTests.shown(dir).map(\.name) == Self.shownNames, "\(offline)")
    }

    @Test("pages whose next page leads back are each asked once")
    func cyclingPages() async throws {
        let gitLab = try await FixtureServer.start(
            routes: Self.routes(
                group: GitLabRoutes.file("group-gitlab-org.json"),
                pages: [
                    "1": GitLabRoutes.file("groups-gitlab-org-projects-page1.json", headers: ["x-next-page": "2"]),
                    "2": GitLabRoutes.file("groups-gitlab-org-projects-page2.json", headers: ["x-next-page": "3"]),
                    "3": .json([], headers: ["x-next-page": "2"]),
                ]))
        defer { gitLab.stop() }
        let dir = try TempDir("gitlab-owners-cycle")
        defer { dir.remove() }
        let result = try await Self.build(dir, gitLab)
        #expect(result.status == 0, "\(result)")
        #expect(try ForgeOwnersEndToEndTests.shown(dir).map(\.name) == Self.shownNames)
        let pages = try await gitLab.requests().map(\.path).filter {
            $0.hasPrefix("/api/v4/groups/gitlab-org/projects?")
        }
        #expect(pages.count == 3, "\(pages)")
    }

    @Test("a group path with a line break stays on one log line")
    func lineBreakInLogin() async throws {
        let gitLab = try await FixtureServer.start(
            routes: Self.routes(
                group: .json(["full_path": "gitlab-org\nFORGED: build succeeded", "name": "GitLab.org"]),
                pages: ["1": GitLabRoutes.file("groups-gitlab-org-projects-page2.json", headers: ["x-next-page": ""])]))
        defer { gitLab.stop() }
        let dir = try TempDir("gitlab-owners-login")
        defer { dir.remove() }
        let result = try await Self.build(dir, gitLab)
        #expect(result.status == 0, "\(result)")
        let lines = (result.stdout + "\n" + result.stderr).split(whereSeparator: \.isNewline)
        #expect(lines.contains { $0.contains("is now") && $0.contains("FORGED") }, "\(result)")
        #expect(!lines.contains { $0.hasPrefix("FORGED") }, "\(result)")
    }
}
