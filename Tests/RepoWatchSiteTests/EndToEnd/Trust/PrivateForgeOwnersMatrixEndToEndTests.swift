import Foundation
import Testing

/// The private matrix's owner-listing rows on other forges: a private (or internal) project that
/// reaches the site only through an `owners:` listing, a GitLab group's (in a subgroup) or a
/// Codeberg organization's, from every starting state: nothing yet; after a `private: include`
/// build that published it; the same, then the forge answering 502 or `--offline` for the exclude
/// builds; listed public in a first build and private since. After the exclude build and the one
/// after it, nothing of it (its name, description, release, commit author, face, stars) is in the
/// site, `.repowatch/`, `--verbose`'s log or the step summary, and the owner's public ones stay.
@Suite("End-to-end: a forge owner's private listing entries leave nothing", .timeLimit(.minutes(10)))
struct PrivateForgeOwnersMatrixEndToEndTests {
    enum Listing: String, CaseIterable, Sendable {
        case gitLabGroupPrivate, gitLabGroupInternal, codebergOrganization

        var owner: String { self == .codebergOrganization ? "codeberg.org/forgejo" : "gitlab.com/gitlab-org" }
        /// The owner's public repository that stays in the gallery.
        var shown: String {
            self == .codebergOrganization ? "codeberg.org/forgejo/forgejo" : "gitlab.com/gitlab-org/gitlab-runner"
        }
        var hidden: String {
            self == .codebergOrganization
                ? "codeberg.org/forgejo/secret-plans" : "gitlab.com/gitlab-org/hush-group/vault-keeper"
        }
        /// What only the hidden repository has: names, description, release, commit author, face.
        var secrets: [String] {
            switch self {
            case .codebergOrganization: ["secret-plans", "Not for the gallery", "Quentin Quill", "qquill"]
            case .gitLabGroupPrivate, .gitLabGroupInternal:
                ["hush-group", "vault-keeper", "hush-topic", "hush-release-9", "quiet keeper", "hush-face"]
            }
        }
    }

    enum Start: String, CaseIterable, Sendable {
        case fresh, afterInclude, afterIncludeThenFailing, afterIncludeThenOffline, madePrivate
        var buildsFirst: Bool { self != .fresh }
        var includesFirst: Bool { buildsFirst && self != .madePrivate }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let listing: Listing
        let start: Start
        var testDescription: String { "\(listing) \(start)" }
    }

    static let cases = Listing.allCases.flatMap { listing in Start.allCases.map { Case(listing: listing, start: $0) } }

    static func fixture(_ path: String, replacing: [(String, String)] = []) throws -> JSONValue {
        var text = try String(contentsOf: E2EPaths.fixtures.appendingPathComponent(path), encoding: .utf8)
        for (old, new) in replacing { text = text.replacingOccurrences(of: old, with: new) }
        return try JSONValue.decode(Data(text.utf8))
    }

    static func with(_ value: JSONValue, _ key: String, _ new: JSONValue) -> JSONValue {
        guard case .object(var fields) = value else { return value }
        fields[key] = new
        return .object(fields)
    }

    /// The answers in order (the last repeating): public first where it was made private since, and a
    /// 502 after the first build where the forge fails.
    static func answers(_ start: Start, public before: FixtureResponse, private after: FixtureResponse)
        -> [FixtureResponse]
    {
        switch start {
        case .madePrivate: [before, after]
        case .afterIncludeThenFailing: [after, .text("<h1>Bad Gateway</h1>", status: 502)]
        case .fresh, .afterInclude, .afterIncludeThenOffline: [after]
        }
    }

    static func gitLabRoutes(_ matrix: Case) throws -> [FixtureRoute] {
        let api = GitLabRoutes.api
        let moved = [
            ("\"hush-group/vault-keeper", "\"gitlab-org/hush-group/vault-keeper"),
            ("com/hush-group/", "com/gitlab-org/hush-group/"),
        ]
        let vault = try fixture("gitlab/project-private-vault.json", replacing: moved)
        let visibility = matrix.listing == .gitLabGroupInternal ? "internal" : "private"
        let runner = try fixture("gitlab/project-gitlab-org-gitlab-runner.json")
        func page(_ shown: String) -> FixtureResponse {
            .json(
                .array([runner, with(vault, "visibility", .string(shown))]),
                headers: GitLabRoutes.quota.merging(["x-next-page": "", "x-total": "2"]) { $1 })
        }
        func document(_ shown: String) -> FixtureResponse {
            .json(with(vault, "visibility", .string(shown)), headers: GitLabRoutes.quota)
        }
        let fails = matrix.start == .afterIncludeThenFailing
        return [
            FixtureRoute(
                method: "GET", path: "\(api)/groups/gitlab-org", query: nil,
                responses: fails
                    ? [GitLabRoutes.file("group-gitlab-org.json"), .text("<h1>Bad Gateway</h1>", status: 502)]
                    : [GitLabRoutes.file("group-gitlab-org.json")]),
            FixtureRoute(
                method: "GET", path: "\(api)/groups/gitlab-org/projects", query: nil,
                responses: answers(matrix.start, public: page("public"), private: page(visibility))),
        ]
            + GitLabRoutes.project(
                path: "gitlab-org/hush-group/vault-keeper", id: 78, file: "project-private-vault.json",
                mergeRequests: ["x-total": "29"], contributors: "contributors-vault.json",
                releases: "releases-vault.json",
                document: answers(matrix.start, public: document("public"), private: document(visibility)))
            + GitLabRoutes.gitLabCom().filter { !$0.path.contains("278964") && !$0.path.contains("10983711") }
    }

    static func codebergRoutes(_ matrix: Case) throws -> [FixtureRoute] {
        let api = GiteaRoutes.api
        let forgejo = try fixture("gitea/repo-codeberg-forgejo-forgejo.json")
        let hidden = try fixture("gitea/repo-private.json")
        let before = try fixture("gitea/repo-private-when-public.json")
        func page(_ secret: JSONValue) -> FixtureResponse {
            .json(.array([forgejo, secret]), headers: ["X-Total-Count": "2"])
        }
        let pages = answers(matrix.start, public: page(before), private: page(hidden))
        return [
            .get("\(api)/settings/api", GiteaRoutes.file("settings-api.json")),
            .get("\(api)/orgs/forgejo", GiteaRoutes.file("org-forgejo.json")),
            FixtureRoute(method: "GET", path: "\(api)/orgs/forgejo/repos", query: nil, responses: pages),
        ]
            + GiteaRoutes.repository("forgejo/forgejo", file: "repo-codeberg-forgejo-forgejo.json")
            + GiteaRoutes.repository(
                "forgejo/secret-plans", file: "repo-private.json",
                document: answers(
                    matrix.start, public: GiteaRoutes.file("repo-private-when-public.json"),
                    private: GiteaRoutes.file("repo-private.json")),
                commits: "commits-backroom.json")
    }

    static func site(_ matrix: Case, include: Bool, api: String) -> String {
        let (host, path) = matrix.listing == .codebergOrganization ? ("codeberg.org", "v1") : ("gitlab.com", "v4")
        return """
            title: Owners
            \(include ? "private: include\n" : "")forges:
              - host: \(host)
                api: \(api)/api/\(path)
            repos:
              - octocat/Hello-World
            owners:
              - owner: \(matrix.listing.owner)

            """
    }

    static func gitHubRoutes() -> [FixtureRoute] {
        [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            .post("/graphql", .json(["message": "Problems parsing JSON"], status: 400)),
        ]
    }

    @Test(arguments: cases)
    func nothingPrivateStays(_ matrix: Case) async throws {
        let forge =
            matrix.listing == .codebergOrganization ? try Self.codebergRoutes(matrix) : try Self.gitLabRoutes(matrix)
        let server = try await FixtureServer.start(routes: Self.gitHubRoutes() + forge, options: ["--auto-etag"])
        defer { server.stop() }
        let site = try PrivateSite(
            "private-forge-owners-\(matrix.listing)-\(matrix.start)",
            site: Self.site(matrix, include: matrix.start.includesFirst, api: server.base))
        defer { site.dir.remove() }
        let secrets = matrix.listing.secrets
        if matrix.start.buildsFirst {
            let first = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-21T12:00:00Z")
            #expect(first.result.status == 0, "\(first.result)")
            // The first build did show it: otherwise this row would prove nothing.
            let names = try site.snapshotNames()
            #expect(names.contains(matrix.listing.hidden), "\(names): \(first.result)")
            try site.rewrite(Self.site(matrix, include: false, api: server.base))
        }
        let extra =
            switch matrix.start {
            case .afterIncludeThenOffline: ["--offline"]
            case .afterIncludeThenFailing: ["--retries", "1"]
            case .fresh, .afterInclude, .madePrivate: [String]()
            }
        for (round, now) in ["2026-11-22T12:00:00Z", "2026-11-23T12:00:00Z"].enumerated() {
            let built = try await PrivateEverywhereEndToEndTests.build(site, server, now: now, extra: extra)
            #expect(built.result.status == 0, "build \(round): \(built.result)")
            let printed = (built.result.stdout + built.result.stderr + built.summary).lowercased()
            for secret in secrets {
                #expect(
                    !printed.contains(secret.lowercased()), "build \(round): the log names \(secret): \(built.result)")
                #expect(site.mentions(of: secret).isEmpty, "build \(round): public/ mentions \(secret)")
                let kept = PrivateSite.mentions(of: secret, in: site.cache)
                #expect(kept.isEmpty, "build \(round): .repowatch/ keeps \(secret): \(kept): \(built.result)")
            }
            if matrix.listing != .codebergOrganization {
                for folder in [site.output, site.cache] {
                    let shown = PrivateCacheMatrixEndToEndTests.gitLabStarMentions(in: folder)
                    #expect(shown.isEmpty, "build \(round): \(folder.lastPathComponent) shows its stars: \(shown)")
                }
            }
            let names = try site.snapshotNames()
            #expect(!names.contains(matrix.listing.hidden), "build \(round): \(names)")
            #expect(names.contains(matrix.listing.shown), "build \(round): the public one stays: \(built.result)")
            let owner = try site.read("data/owners.json")
            #expect(owner.contains("\"repos\": 1") || owner.contains("\"repos\":1"), "build \(round): \(owner)")
        }
    }
}
