import Foundation

/// GitLab's REST API as fixture routes, in the shapes of GitLab's documentation
/// (`Tests/Fixtures/gitlab/README.md` says where each came from): three gitlab.com projects (one in
/// a nested group, one with more than 10,000 open merge requests) and one on a self-managed host.
enum GitLabRoutes {
    static let api = "/api/v4"

    static func file(_ name: String, status: Int = 200, headers: [String: String]? = nil) -> FixtureResponse {
        FixtureResponse(
            status: status, headers: headers,
            bodyFile: E2EPaths.fixtures.appendingPathComponent("gitlab/\(name)").path)
    }

    /// What GitLab.com sends on every API answer (docs.gitlab.com/ee/user/gitlab_com/, rate limits).
    static let quota = ["RateLimit-Limit": "2000", "RateLimit-Remaining": "1990", "RateLimit-Reset": "1790000000"]

    /// A project's routes: its document by path, and its parts by id. `mergeRequests`: the headers
    /// of the one-item list (`x-total`, or none past 10,000).
    static func project(
        path: String, id: Int, file name: String, mergeRequests: [String: String], contributors: String,
        releases: String = "releases-latest.json", languages: String = "languages-go.json",
        document: [FixtureResponse]? = nil
    ) -> [FixtureRoute] {
        let encoded = path.replacingOccurrences(of: "/", with: "%2F")
        return [
            FixtureRoute(
                method: "GET", path: "\(api)/projects/\(encoded)", query: nil,
                responses: document ?? [file(name, headers: quota)]),
            .get("\(api)/projects/\(id)/merge_requests", file("merge-requests-one.json", headers: mergeRequests)),
            .get("\(api)/projects/\(id)/repository/contributors", file(contributors)),
            .get("\(api)/projects/\(id)/releases", file(releases)),
            .get("\(api)/projects/\(id)/languages", file(languages)),
        ]
    }

    /// `/avatar?email=`: a Gravatar address, which the fixture server serves as an image.
    static let avatar = FixtureRoute.get(
        "\(api)/avatar", .json(["avatar_url": "https://secure.gravatar.com/avatar/5e1f2a?s=88&d=identicon"]))

    /// gitlab.com: the three projects.
    static func gitLabCom(runner: [FixtureResponse]? = nil) -> [FixtureRoute] {
        project(
            path: "gitlab-org/gitlab-runner", id: 250833, file: "project-gitlab-org-gitlab-runner.json",
            mergeRequests: ["x-total": "57", "x-total-pages": "57", "x-next-page": "2"],
            contributors: "contributors-with-emails.json", document: runner)
            + project(
                path: "gitlab-org/gitlab", id: 278964, file: "project-gitlab-org-gitlab.json",
                mergeRequests: ["x-next-page": "2", "x-page": "1", "x-per-page": "1"],
                contributors: "contributors-with-emails.json", languages: "languages-ruby.json")
            + project(
                path: "gitlab-org/security-products/analyzers/semgrep", id: 10_983_711,
                file: "project-nested-semgrep.json", mergeRequests: ["x-total": "0", "x-total-pages": "0"],
                contributors: "contributors-one.json") + [avatar]
    }

    /// gitlab.example.com: one project.
    static func selfManaged() -> [FixtureRoute] {
        project(
            path: "platform/api", id: 42, file: "project-self-managed-platform-api.json",
            mergeRequests: ["x-total": "2", "x-total-pages": "2"], contributors: "contributors-one.json") + [avatar]
    }

    /// Every email the fixtures hold: none may reach the site, the cache or the log.
    static let emails = [
        "ada@example.com", "grace@example.org", "ada.work@example.net", "linus@example.com", "margaret@example.com",
        "edsger@example.com", "solo@example.com",
    ]
}
