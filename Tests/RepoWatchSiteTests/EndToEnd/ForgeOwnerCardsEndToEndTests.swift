import Foundation
import Testing

/// Owner cards of owners on other forges (issue 48): a Codeberg organization, a Gitea user (404 on
/// `/orgs`, then `/users`), a GitLab group and a GitLab user each get GitHub's card files under
/// `owners/HOST/PATH/`, counted from their listing, and say in words what their forge does not give.
@Suite("End-to-end: owner cards of Codeberg, Gitea and GitLab owners", .timeLimit(.minutes(10)))
struct ForgeOwnerCardsEndToEndTests {
    /// A built site's owner folder and its entry of `data/owners.json`.
    struct OwnerFiles {
        let folder: URL
        let record: [String: Any]

        init(_ dir: TempDir, owner: String) throws {
            let output = dir.url.appendingPathComponent("public")
            folder = output.appendingPathComponent("owners/\(owner)")
            let data = try Data(contentsOf: output.appendingPathComponent("data/owners.json"))
            let owners = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["owners"] as? [[String: Any]]
            record = owners?.first { $0["owner"] as? String == owner } ?? [:]
        }

        func text(_ file: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }

        /// Every file a GitHub owner's card has.
        func expectComplete() {
            for file in [
                "index.html", "stats.svg", "stats-dark.svg", "languages.svg", "languages-dark.svg", "badges/stars.svg",
                "badges/stars-dark.svg", "badges/stars.json",
            ] {
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path),
                    "\(folder.path)/\(file)")
            }
        }
    }

    /// One build of a site with `owners` on `host`; the folder is the caller's to remove.
    static func build(on host: ForgeOwnerSite.Host, routes: [FixtureRoute], owners: [[String]]) async throws -> (
        TempDir, RunResult
    ) {
        let site = try await ForgeOwnerSite.start("forge-owner-cards", on: host, routes: routes, owners: owners)
        defer { site.stop() }
        return (site.dir, try await site.build())
    }

    @Test("a Codeberg organization: its public, unforked, unarchived repositories counted, no followers said so")
    func codebergOrganization() async throws {
        let (dir, result, _) = try await ForgeOwnersEndToEndTests.build(entry: [])
        defer { dir.remove() }
        #expect(result.status == 0, "\(result)")
        let owner = try OwnerFiles(dir, owner: "codeberg.org/forgejo")
        owner.expectComplete()
        // forgejo, runner and website; not the fork, the archived one or the private one.
        #expect(owner.record["repos"] as? Int == 3)
        #expect(owner.record["stars"] as? Int == 3107 + 512 + 64)
        #expect(owner.record["forge"] as? String == "forgejo")
        #expect(owner.record["host"] as? String == "codeberg.org")
        #expect(owner.record["kind"] as? String == "organization")
        #expect(owner.record["name"] as? String == "Forgejo")
        #expect(owner.record["followers"] is NSNull)
        #expect((owner.record["languages"] as? [[String: Any]])?.first?["name"] as? String == "Go")
        let stats = try owner.text("stats.svg")
        #expect(stats.contains("Forgejo on codeberg.org"), "\(stats)")
        #expect(stats.contains("data-stat=\"repos\" data-value=\"3\""))
        #expect(stats.contains("data-absent=\"followers\""))
        #expect(stats.contains("Followers: not given by codeberg.org"))
        #expect(!stats.contains("data-absent=\"contributions\""), "an organization has none anywhere")
        #expect(!stats.contains("on GitHub"))
        let page = try owner.text("index.html")
        #expect(page.contains("data-stat=\"followers\" data-absent=\"true\""))
        #expect(page.contains("as codeberg.org lists them"))
        let languages = try owner.text("languages.svg")
        #expect(languages.contains("Repositories&#39; primary languages on codeberg.org"), "\(languages)")
        #expect(!(try owner.text("languages.svg")).contains("without a token"))
    }

    @Test("a Gitea user (no organization of that name): followers counted, contributions said not read")
    func giteaUser() async throws {
        let api = GiteaRoutes.api
        let routes: [FixtureRoute] = [
            .get("\(api)/settings/api", GiteaRoutes.file("settings-api.json")),
            .get("\(api)/orgs/quillwright", GiteaRoutes.file("org-forgejo.json", status: 404)),
            .get("\(api)/users/quillwright", GiteaRoutes.file("user-quillwright.json")),
            .get(
                "\(api)/users/quillwright/repos", query: ["limit": "50", "page": "1"],
                GiteaRoutes.file("users-quillwright-repos.json", headers: ["X-Total-Count": "3"])),
        ]
        let (dir, result) = try await Self.build(
            on: .codeberg, routes: routes, owners: [["- owner: codeberg.org/quillwright", "min_stars: 1000000"]])
        defer { dir.remove() }
        #expect(result.status == 0, "\(result)")
        let owner = try OwnerFiles(dir, owner: "codeberg.org/quillwright")
        owner.expectComplete()
        #expect(owner.record["kind"] as? String == "user")
        #expect(owner.record["login"] as? String == "codeberg.org/quillwright")
        #expect(owner.record["repos"] as? Int == 3, "min_stars chooses the gallery, not what the card counts")
        #expect(owner.record["stars"] as? Int == 249)
        #expect(owner.record["followers"] as? Int == 42)
        #expect(owner.record["contributions"] is NSNull)
        let stats = try owner.text("stats.svg")
        #expect(stats.contains("Ada Quillwright on codeberg.org"))
        #expect(stats.contains("data-stat=\"followers\" data-value=\"42\""))
        #expect(!stats.contains("data-absent=\"followers\""))
        #expect(stats.contains("Contributions in the last year: not read from codeberg.org"))
        let languages = try owner.text("languages.svg")
        #expect(languages.contains("data-language=\"Rust\""))
        #expect(languages.contains("data-language=\"Shell\""))
    }

    @Test("a GitLab group and a GitLab user: projects counted; followers, contributions and languages said so")
    func gitLabGroupAndUser() async throws {
        let api = GitLabRoutes.api
        let routes =
            GitLabOwnersEndToEndTests.routes() + [
                .get(
                    "\(api)/users/marrowvale/projects", query: ["page": "1", "per_page": "100"],
                    GitLabRoutes.file("users-marrowvale-projects.json", headers: ["x-next-page": "", "x-total": "2"])),
                .get("\(api)/users", query: ["username": "marrowvale"], GitLabRoutes.file("users-marrowvale.json")),
            ]
        let (dir, result) = try await Self.build(
            on: .gitLab, routes: routes,
            owners: [["- owner: gitlab.com/gitlab-org"], ["- owner: gitlab.com/marrowvale", "min_stars: 1000000"]])
        defer { dir.remove() }
        #expect(result.status == 0, "\(result)")
        let group = try OwnerFiles(dir, owner: "gitlab.com/gitlab-org")
        group.expectComplete()
        #expect(group.record["repos"] as? Int == 3, "the internal project and the fork are not counted")
        #expect(group.record["stars"] as? Int == 24310 + 2611 + 38)
        #expect(group.record["forge"] as? String == "gitlab")
        #expect(group.record["name"] as? String == "GitLab.org")
        let groupStats = try group.text("stats.svg")
        #expect(groupStats.contains("Public projects"))
        #expect(groupStats.contains("GitLab.org on gitlab.com"))
        #expect(groupStats.contains("Followers: not given by gitlab.com"))
        #expect(try group.text("languages.svg").contains("gitlab.com lists no languages with its projects"))
        let user = try OwnerFiles(dir, owner: "gitlab.com/marrowvale")
        user.expectComplete()
        #expect(user.record["kind"] as? String == "user")
        #expect(user.record["name"] as? String == "Mira Marrowvale", "read with GET /users?username=")
        #expect(user.record["html_url"] as? String == "https://gitlab.com/marrowvale")
        #expect(user.record["repos"] as? Int == 2)
        #expect(user.record["stars"] as? Int == 152)
        let userStats = try user.text("stats.svg")
        #expect(userStats.contains("data-absent=\"followers\""))
        #expect(userStats.contains("data-absent=\"contributions\""))
        let page = try user.text("index.html")
        #expect(page.contains("not read from gitlab.com"))
        #expect(page.contains("gitlab.com lists no languages with its projects"))
    }
}

/// An owner's listing page on another forge answering 502 on every try: the build goes on with the
/// list its cache kept (the last good one), the owner's repositories still in the gallery, and the
/// owner's card says it shows the last good numbers (`data-state="stale"`, "as of").
@Suite("End-to-end: a forge owner's listing failing falls back to the last good list", .timeLimit(.minutes(10)))
struct ForgeOwnerListingFaultEndToEndTests {
    enum Forge: String, CaseIterable, Sendable { case codeberg, gitLab }

    static func routes(_ forge: Forge) -> [FixtureRoute] {
        let failing = FixtureResponse.text("<h1>Bad Gateway</h1>", status: 502)
        switch forge {
        case .codeberg:
            let api = GiteaRoutes.api
            let page = GiteaRoutes.file("users-quillwright-repos.json", headers: ["X-Total-Count": "3"])
            return [
                .get("\(api)/settings/api", GiteaRoutes.file("settings-api.json")),
                .get("\(api)/orgs/quillwright", GiteaRoutes.file("org-forgejo.json", status: 404)),
                .get("\(api)/users/quillwright", GiteaRoutes.file("user-quillwright.json")),
                FixtureRoute(
                    method: "GET", path: "\(api)/users/quillwright/repos", query: nil, responses: [page, failing]),
            ]
        case .gitLab:
            let api = GitLabRoutes.api
            let page = GitLabRoutes.file(
                "users-marrowvale-projects.json", headers: ["x-next-page": "", "x-total": "2"])
            return [
                FixtureRoute(
                    method: "GET", path: "\(api)/users/marrowvale/projects", query: nil, responses: [page, failing]),
                .get("\(api)/users", query: ["username": "marrowvale"], GitLabRoutes.file("users-marrowvale.json")),
            ]
        }
    }

    @Test(arguments: Forge.allCases)
    func lastGoodListing(_ forge: Forge) async throws {
        let owner = forge == .codeberg ? "codeberg.org/quillwright" : "gitlab.com/marrowvale"
        let site = try await ForgeOwnerSite.start(
            "forge-owner-listing-fault", on: forge == .codeberg ? .codeberg : .gitLab, routes: Self.routes(forge),
            owners: [["- owner: \(owner)", "min_stars: 1000000"]], title: "Listing fault")
        defer { site.remove() }
        let (dir, server) = (site.dir, site.forge)
        let first = try await site.build(["--retries", "1"])
        #expect(first.status == 0, "\(first)")
        let fresh = try ForgeOwnerCardsEndToEndTests.OwnerFiles(dir, owner: owner)
        #expect(fresh.record["state"] as? String == "fresh")
        let second = try await site.build(["--retries", "1"], environment: ["REPOWATCH_NOW": "2026-11-23T12:00:00Z"])
        #expect(second.status == 0, "\(second)")
        let stale = try ForgeOwnerCardsEndToEndTests.OwnerFiles(dir, owner: owner)
        #expect(stale.record["state"] as? String == "stale", "\(stale.record): \(second)")
        #expect(stale.record["repos"] as? Int == fresh.record["repos"] as? Int, "the last good list's count")
        #expect(try stale.text("stats.svg").contains("data-state=\"stale\""))
        let paths = try await server.requests().map(\.path)
        // One try each (`--retries 1`): the second build's met the 502.
        #expect(paths.filter { $0.contains("/repos?") || $0.contains("/projects?") }.count == 2, "\(paths)")
    }
}
