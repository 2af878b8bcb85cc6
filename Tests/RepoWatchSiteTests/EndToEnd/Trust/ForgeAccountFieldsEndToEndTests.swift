import Foundation
import Testing

/// An owner's account answer as a token that may see more is sent it (GitLab's `GET /users?username=`
/// for an administrator; Gitea's `structs.User`, with the email and the last sign-in): the cache
/// keeps the fields the card reads, none of the rest (nor does the owner in each listed repository).
/// No repository is kept (`min_stars`): only the account's and the list's answers are cached.
@Suite("End-to-end: an owner's account kept without its email or sign-ins", .timeLimit(.minutes(10)))
struct ForgeAccountFieldsEndToEndTests {
    static func build(
        on host: ForgeOwnerSite.Host, routes: [FixtureRoute], owner: String, name: String, secrets: [String]
    ) async throws {
        let (dir, cold) = try await ForgeOwnerCardsEndToEndTests.build(
            on: host, routes: routes, owners: [["- owner: \(owner)", "min_stars: 1000000"]])
        defer { dir.remove() }
        #expect(cold.status == 0, "\(cold)")
        let card = try ForgeOwnerCardsEndToEndTests.OwnerFiles(dir, owner: owner)
        #expect(card.record["name"] as? String == name, "\(card.record)")
        let cache = dir.url.appendingPathComponent(".repowatch")
        for secret in secrets {
            #expect(PrivateSite.mentions(of: secret, in: cache).isEmpty, "\(secret) kept")
        }
    }

    @Test("GitLab: an administrator's answer keeps no email, sign-in time or address, nor identity")
    func gitLabUser() async throws {
        let api = GitLabRoutes.api
        try await Self.build(
            on: .gitLab,
            routes: [
                .get("\(api)/groups/marrowvale", GitLabRoutes.file("group-gitlab-org.json", status: 404)),
                .get(
                    "\(api)/users/marrowvale/projects", query: ["page": "1", "per_page": "100"],
                    GitLabRoutes.file("users-marrowvale-projects.json", headers: ["x-next-page": "", "x-total": "2"])),
                .get(
                    "\(api)/users", query: ["username": "marrowvale"],
                    GitLabRoutes.file("users-marrowvale-as-admin.json")),
            ] + GitLabRoutes.gitLabCom(), owner: "gitlab.com/marrowvale", name: "Mira Marrowvale",
            secrets: [
                "corp.example.com", "last_sign_in", "current_sign_in", "198.51.100.23", "203.0.113.54", "identities",
                "mira-at-corp-7731", "two_factor",
            ])
    }

    @Test("Gitea: a user's email and last sign-in are not kept")
    func giteaUser() async throws {
        let api = GiteaRoutes.api
        try await Self.build(
            on: .codeberg,
            routes: [
                .get("\(api)/settings/api", GiteaRoutes.file("settings-api.json")),
                .get("\(api)/orgs/quillwright", GiteaRoutes.file("org-forgejo.json", status: 404)),
                .get("\(api)/users/quillwright", GiteaRoutes.file("user-quillwright.json")),
                .get(
                    "\(api)/users/quillwright/repos", query: ["limit": "50", "page": "1"],
                    GiteaRoutes.file("users-quillwright-repos.json", headers: ["X-Total-Count": "3"])),
            ], owner: "codeberg.org/quillwright",
            name: "Ada Quillwright", secrets: ["quillwright@noreply.codeberg.org", "last_login", "is_admin"])
    }
}
