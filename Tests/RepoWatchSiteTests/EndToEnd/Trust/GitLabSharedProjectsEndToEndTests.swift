import Foundation
import Testing

/// A GitLab group lists the projects shared with it from other namespaces unless asked
/// `with_shared=false`: a member could put their own project in the gallery and on the group's card.
@Suite("End-to-end: a GitLab group's gallery holds its own projects only", .timeLimit(.minutes(10)))
struct GitLabSharedProjectsEndToEndTests {
    @Test("asked with_shared=false; a shared project sent all the same is neither shown, asked nor counted")
    func sharedProjectLeftOut() async throws {
        let gitLab = try await FixtureServer.start(
            routes: GitLabOwnersSafetyEndToEndTests.routes(
                group: GitLabRoutes.file("group-gitlab-org.json"),
                pages: [
                    "1": GitLabRoutes.file(
                        "groups-gitlab-org-projects-with-shared.json", headers: ["x-next-page": "", "x-total": "2"])
                ]))
        defer { gitLab.stop() }
        let dir = try TempDir("gitlab-owners-shared")
        defer { dir.remove() }
        let result = try await GitLabOwnersSafetyEndToEndTests.build(dir, gitLab)
        #expect(result.status == 0, "\(result)")
        let paths = try await gitLab.requests().map(\.path)
        let pages = paths.filter { $0.hasPrefix("/api/v4/groups/gitlab-org/projects?") }
        #expect(!pages.isEmpty && pages.allSatisfy { $0.contains("with_shared=false") }, "\(pages)")
        #expect(!paths.contains { $0.lowercased().contains("star-farm") }, "\(paths)")
        #expect(try ForgeOwnersEndToEndTests.shown(dir).map(\.name) == ["gitlab.com/gitlab-org/gitlab"])
        let owners = try JSONValue.decode(
            Data(contentsOf: dir.url.appendingPathComponent("public/data/owners.json")))["owners"]
        #expect(owners?[0]?["stars"]?.int == 24310 && owners?[0]?["repos"]?.int == 1, "\(owners ?? .null)")
        #expect(PrivateSite.mentions(of: "star-farm", in: dir.url.appendingPathComponent("public")).isEmpty)
    }
}
