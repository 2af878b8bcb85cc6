import Foundation
import Testing

/// An owner its forge shows only to some (a Codeberg organization that is `limited`, a GitLab
/// group that is `internal` or `private`) listed under `owners:` beside a public one: its face is
/// never asked for, so neither public/avatars/ nor the cache can hold it; the public owner's is.
@Suite("End-to-end: the face of an owner its forge shows only to some", .timeLimit(.minutes(10)))
struct PrivateOwnerFacesEndToEndTests {
    enum Owner: String, CaseIterable, Sendable {
        case codebergLimited, gitLabInternal, gitLabPrivate

        /// The path the fixture server answers the hidden owner's face at (`/_avatars/` + its URL's path).
        var hiddenFace: String {
            switch self {
            case .codebergLimited: "/_avatars/avatars/backroom"
            case .gitLabInternal, .gitLabPrivate: "/_avatars/uploads/-/system/group/avatar/77/hidden-face.png"
            }
        }

        /// The public owner's face, asked for: otherwise this row would prove nothing.
        var publicFace: String {
            switch self {
            case .codebergLimited: "/_avatars/avatars/forgejo"
            case .gitLabInternal, .gitLabPrivate: "/_avatars/uploads/-/system/group/avatar/9970/project_avatar.png"
            }
        }
    }

    /// GitLab's `GET /groups/:id` of a group that is not public, in group-gitlab-org.json's shape.
    static func hiddenGroup(_ visibility: String) -> FixtureResponse {
        .json(
            [
                "id": 77, "web_url": "https://gitlab.com/groups/backroom", "name": "Backroom", "path": "backroom",
                "full_path": "backroom", "visibility": .string(visibility),
                "avatar_url": "https://gitlab.com/uploads/-/system/group/avatar/77/hidden-face.png",
            ])
    }

    static func forgeRoutes(_ owner: Owner) -> [FixtureRoute] {
        switch owner {
        case .codebergLimited:
            return ForgeOwnersEndToEndTests.codebergRoutes() + [
                .get("\(GiteaRoutes.api)/orgs/backroom", GiteaRoutes.file("org-backroom-limited.json")),
                .get(
                    "\(GiteaRoutes.api)/orgs/backroom/repos", query: ["page": "1", "limit": "2"],
                    GiteaRoutes.file("orgs-backroom-repos.json", headers: ["X-Total-Count": "1"])),
            ]
        case .gitLabInternal, .gitLabPrivate:
            let api = GitLabRoutes.api
            return GitLabOwnersEndToEndTests.routes() + [
                .get("\(api)/groups/backroom", hiddenGroup(owner == .gitLabInternal ? "internal" : "private")),
                .get(
                    "\(api)/groups/backroom/projects",
                    query: ["page": "1", "include_subgroups": "true", "per_page": "100"],
                    .json([], headers: ["x-next-page": "", "x-total": "0"])),
            ]
        }
    }

    @Test(arguments: Owner.allCases)
    func hiddenOwnersFaceIsNeverAsked(_ owner: Owner) async throws {
        let (host, path): (ForgeOwnerSite.Host, String) =
            owner == .codebergLimited ? (.codeberg, "forgejo") : (.gitLab, "gitlab-org")
        let site = try await ForgeOwnerSite.start(
            "owner-faces-\(owner)", on: host, routes: Self.forgeRoutes(owner),
            owners: [["- owner: \(host.name)/\(path)"], ["- owner: \(host.name)/backroom"]], title: "Owner faces")
        defer { site.remove() }
        let (dir, forge) = (site.dir, site.forge)
        for round in ["cold", "warm"] {
            let result = try await site.build()
            #expect(result.status == 0, "\(round): \(result)")
            let asked = try await forge.requests().map(\.pathOnly)
            #expect(asked.contains(owner.publicFace), "\(round): \(asked)")
            #expect(!asked.contains(owner.hiddenFace), "\(round): the hidden owner's face was asked for")
            let kept =
                PrivateSite.mentions(of: "hidden-face", in: dir.url)
                + PrivateSite.mentions(
                    of: "avatars/backroom", in: dir.url)
            #expect(kept.filter { $0 != "site.yml" }.isEmpty, "\(round): \(kept)")
        }
    }
}
