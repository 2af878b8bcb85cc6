import Foundation
import Testing

/// `owners:` on GitLab (issue 48): a group listed whole with its subgroups, 100 projects a page
/// following `x-next-page`, with a GitHub owner's rules, each kept project's card asked of GitLab.
@Suite("End-to-end: a GitLab group with a subgroup under owners:", .timeLimit(.minutes(10)))
struct GitLabOwnersEndToEndTests {
    static let token = "glpat-ownersSuiteToken0123456789"

    static func routes() -> [FixtureRoute] {
        let api = GitLabRoutes.api
        let projects = "\(api)/groups/gitlab-org/projects"
        return [
            .get("\(api)/groups/gitlab-org", GitLabRoutes.file("group-gitlab-org.json")),
            .get(
                projects, query: ["page": "1", "include_subgroups": "true", "per_page": "100"],
                GitLabRoutes.file(
                    "groups-gitlab-org-projects-page1.json", headers: ["x-next-page": "2", "x-total": "5"])),
            .get(
                projects, query: ["page": "2", "include_subgroups": "true", "per_page": "100"],
                GitLabRoutes.file(
                    "groups-gitlab-org-projects-page2.json", headers: ["x-next-page": "", "x-total": "5"])),
        ] + GitLabRoutes.gitLabCom()
    }

    @Test("the group's and its subgroup's projects, forks and internal ones left out, sorted by stars")
    func group() async throws {
        let site = try await ForgeOwnerSite.start(
            "gitlab-owners", on: .gitLab, routes: Self.routes(), owners: [["- owner: gitlab.com/gitlab-org"]])
        defer { site.remove() }
        let (dir, gitHub, gitLab) = (site.dir, site.gitHub, site.forge)
        let result = try await site.build()
        #expect(result.status == 0, "\(result)")
        let shown = try ForgeOwnersEndToEndTests.shown(dir)
        #expect(
            shown.map(\.name) == [
                "twbs/bootstrap", "gitlab.com/gitlab-org/gitlab", "gitlab.com/gitlab-org/gitlab-runner",
                "gitlab.com/gitlab-org/security-products/analyzers/semgrep",
            ], "\(shown)")
        #expect(shown.dropFirst().allSatisfy { $0.source == "owner:gitlab.com/gitlab-org" }, "\(shown)")
        // The progress line counts against x-total: two of five after the first page, then all.
        for line in ["2/5", "5/5"] {
            #expect(
                result.stderr.contains("Listing gitlab.com/gitlab-org: \(line) repositories…"), "\(result.stderr)")
        }
        let output = dir.url.appendingPathComponent("public/repos/gitlab.com/gitlab-org")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("gitlab/large.html").path))
        let paths = try await gitLab.requests().map(\.path)
        #expect(paths.contains { $0.hasPrefix("/api/v4/groups/gitlab-org/projects?") && $0.contains("page=2") })
        for left in ["internal-tool", "gitlab-runner-fork"] {
            #expect(!paths.contains { $0.contains(left) }, "\(left) was asked for")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(left).path))
        }
        for request in try await gitLab.requests() where request.path.hasPrefix("/api/v4/") {
            #expect(request.header("authorization") == "Bearer \(Self.token)", "\(request)")
        }
        for request in try await gitHub.requests() {
            #expect(!(request.header("authorization") ?? "").contains(Self.token))
        }
    }
}
