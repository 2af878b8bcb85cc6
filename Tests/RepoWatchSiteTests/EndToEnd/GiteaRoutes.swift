import Foundation

/// Gitea's and Forgejo's REST API as fixture routes, in the shapes of go-gitea/gitea's
/// `modules/structs` (`Tests/Fixtures/gitea/README.md` says where each came from): Codeberg's
/// forgejo/forgejo and one repository on a self-managed Gitea.
enum GiteaRoutes {
    static let api = "/api/v1"

    static func file(_ name: String, status: Int = 200, headers: [String: String]? = nil) -> FixtureResponse {
        FixtureResponse(
            status: status, headers: headers,
            bodyFile: E2EPaths.fixtures.appendingPathComponent("gitea/\(name)").path)
    }

    /// A repository's routes: its document, its latest release and its recent commits.
    static func repository(
        _ path: String, file name: String, document: [FixtureResponse]? = nil, release: Bool = true,
        commits: String = "commits-recent.json"
    ) -> [FixtureRoute] {
        [
            FixtureRoute(method: "GET", path: "\(api)/repos/\(path)", query: nil, responses: document ?? [file(name)]),
            .get("\(api)/repos/\(path)/commits", file(commits, headers: ["X-Total-Count": "4821"])),
        ] + (release ? [.get("\(api)/repos/\(path)/releases/latest", file("release-latest.json"))] : [])
    }

    /// codeberg.org: forgejo/forgejo (`document`: its answers in order, the last repeating).
    static func codeberg(document: [FixtureResponse]? = nil) -> [FixtureRoute] {
        repository("forgejo/forgejo", file: "repo-codeberg-forgejo-forgejo.json", document: document)
            + repository("forgejo/secret-plans", file: "repo-private.json", release: false)
    }

    /// gitea.example.com: infra/deploy (no release: none is asked).
    static func selfManaged() -> [FixtureRoute] {
        repository("infra/deploy", file: "repo-example-infra-deploy.json", release: false)
            + repository("infra/internal-tools", file: "repo-internal.json", release: false)
    }

    /// Every email the fixtures hold: none may reach the site, the cache or the log.
    static let emails = [
        "ada@example.com", "grace@example.org", "linus@example.com", "margaret@example.com", "edsger@example.com",
        "@noreply.codeberg.org",
    ]
}
