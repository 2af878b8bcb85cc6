import Foundation
import Testing

/// What a repository of the main build should show, from the fixture it is served.
struct ExpectedRepo: Sendable, CustomTestStringConvertible {
    /// As written in site.yml (→ `data-repo`, `config_name`).
    let config: String
    let fullName: String
    let stars: Int
    let forks: Int
    let openIssues: Int
    let hasIssues: Bool
    let archived: Bool
    let pushedAt: String
    /// Whole days from `pushedAt` to 2026-11-22T12:00:00Z.
    let days: Int
    /// Top four people, in rank order (empty: none shown).
    let contributors: [HookContributor]
    let htmlURL: String?

    /// `repos/OWNER/NAME/` — the config name lowercased.
    var pagePath: String { "repos/\(config.lowercased())/" }
    var testDescription: String { config }
}

/// One build of many repositories against one fixture server, shared by the tests in
/// `MainSiteTests` (each binary run is a process; one run serves most assertions).
enum MainSite {
    static let token = "ghp_e2eMainSiteToken0123456789abcdef"

    static let hostileDescription = #"<script>alert("x")</script> & "quotes" 'apos' <img src=x onerror=alert(1)>"#
    static let hostileLogin = #""><img src=x onerror=alert(1)>"#

    static let yaml = """
        title: E2E Gallery
        description: |
          Fixture *gallery* for the end-to-end tests.
        refresh: 12h
        appearance: auto
        repos:
          - twbs/bootstrap
          - octocat/Hello-World
          - kennethreitz/requests
          - PyCQA/flake8
          - sferik/rails_admin
          - testgh3py/i-have-been-archived
          - sigmavirus24/github3.py
          - demoorg/demo-repo-2
          - PyGithub/PyGithub

        """

    static let octocat32 = [HookContributor("octocat", 32)]

    static let expected: [ExpectedRepo] = [
        // 403 "too large" for contributors.
        ExpectedRepo(
            config: "twbs/bootstrap", fullName: "twbs/bootstrap", stars: 171_281, forks: 78_987,
            openIssues: 673, hasIssues: true, archived: false, pushedAt: "2025-01-30T15:22:31Z",
            days: 660, contributors: [], htmlURL: "https://github.com/twbs/bootstrap"),
        ExpectedRepo(
            config: "octocat/Hello-World", fullName: "octocat/Hello-World", stars: 1437, forks: 1215,
            openIssues: 276, hasIssues: true, archived: false, pushedAt: "2017-12-17T22:54:51Z",
            days: 3261, contributors: octocat32, htmlURL: "https://github.com/octocat/Hello-World"),
        // 301 → /repositories/1362490.
        ExpectedRepo(
            config: "kennethreitz/requests", fullName: "requests/requests", stars: 29_496, forks: 5437,
            openIssues: 122, hasIssues: true, archived: false, pushedAt: "2018-01-01T20:21:13Z",
            days: 3246, contributors: octocat32, htmlURL: "https://github.com/requests/requests"),
        // has_issues: false.
        ExpectedRepo(
            config: "PyCQA/flake8", fullName: "PyCQA/flake8", stars: 277, forks: 47,
            openIssues: 4, hasIssues: false, archived: false, pushedAt: "2018-01-01T01:48:48Z",
            days: 3247, contributors: octocat32, htmlURL: "https://github.com/PyCQA/flake8"),
        // 2013 payload: no stargazers_count (watchers), no archived; contributors with anon=1 entries.
        ExpectedRepo(
            config: "sferik/rails_admin", fullName: "sferik/rails_admin", stars: 3903, forks: 986,
            openIssues: 156, hasIssues: true, archived: false, pushedAt: "2013-06-24T11:50:49Z",
            days: 4899,
            contributors: [
                HookContributor("bbenezech", 986), HookContributor("sferik", 545),
                HookContributor("kaapa", 310), HookContributor("gunn", 266),
            ],
            htmlURL: "https://github.com/sferik/rails_admin"),
        // archived; contributors 204 No Content.
        ExpectedRepo(
            config: "testgh3py/i-have-been-archived", fullName: "testgh3py/i-have-been-archived",
            stars: 0, forks: 0, openIssues: 0, hasIssues: true, archived: true,
            pushedAt: "2018-01-07T12:31:46Z", days: 3240, contributors: [],
            htmlURL: "https://github.com/testgh3py/i-have-been-archived"),
        // Bots and an anonymous entry among the first six; a Link: next that must not be followed.
        ExpectedRepo(
            config: "sigmavirus24/github3.py", fullName: "sigmavirus24/github3.py", stars: 744, forks: 278,
            openIssues: 103, hasIssues: true, archived: false, pushedAt: "2017-12-29T13:43:16Z",
            days: 3249,
            contributors: [
                HookContributor("sigmavirus24", 2065), HookContributor("itsmemattchung", 131),
                HookContributor("esacteksab", 65), HookContributor("bgilbert", 26),
            ],
            htmlURL: "https://github.com/sigmavirus24/github3.py"),
        // Hostile description/html_url/login; owner and contributor avatars 404.
        ExpectedRepo(
            config: "demoorg/demo-repo-2", fullName: "demoorg/demo-repo-2", stars: 0, forks: 0,
            openIssues: 0, hasIssues: true, archived: false, pushedAt: "2024-02-01T18:02:28Z",
            days: 1024, contributors: [HookContributor(hostileLogin, 32)], htmlURL: nil),
        // One contributor (2012 shape, no "type") on page 1, two more behind Link: next.
        ExpectedRepo(
            config: "PyGithub/PyGithub", fullName: "PyGithub/PyGithub", stars: 7701, forks: 1874,
            openIssues: 393, hasIssues: true, archived: false, pushedAt: "2026-04-14T07:25:38Z",
            days: 222,
            contributors: [
                HookContributor("jacquev6", 355), HookContributor("ministrike3", 1),
                HookContributor("no3am", 1),
            ],
            htmlURL: "https://github.com/PyGithub/PyGithub"),
    ]

    static let missingAvatarPaths = ["/_avatars/u/156956893", "/_avatars/u/404404404"]

    static var routes: [FixtureRoute] {
        let github3Next =
            #"<https://api.github.com/repositories/3710711/contributors?per_page=100&page=2>; rel="next", "#
            + #"<https://api.github.com/repositories/3710711/contributors?per_page=100&page=2>; rel="last""#
        let pyGithubNext =
            #"<https://api.github.com/repositories/3544490/contributors?per_page=100&page=2>; rel="next", "#
            + #"<https://api.github.com/repositories/3544490/contributors?per_page=100&page=2>; rel="last""#
        return [
            .get("/repos/twbs/bootstrap", .shared("interaction-repos-get-200-twbs-bootstrap.json")),
            .get("/repos/twbs/bootstrap/contributors", .own("contributors-403-too-large.json", status: 403)),

            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),

            .get("/repos/kennethreitz/requests", .shared("interaction-repos-get-301-kennethreitz-requests.json")),
            .get("/repositories/1362490", .shared("interaction-repositories-id-200-requests-requests.json")),
            .get("/repos/requests/requests/contributors", .shared("openapi-contributors-example.json")),

            .get("/repos/PyCQA/flake8", .shared("repos-get-PyCQA-flake8.json")),
            .get("/repos/PyCQA/flake8/contributors", .shared("openapi-contributors-example.json")),

            .get("/repos/sferik/rails_admin", .shared("repos-get-sferik-rails_admin-2013.json")),
            .get(
                "/repos/sferik/rails_admin/contributors",
                .shared("interaction-contributors-200-anon-sferik-rails_admin-2013.json")),

            .get("/repos/testgh3py/i-have-been-archived", .shared("repos-get-testgh3py-i-have-been-archived.json")),
            .get("/repos/testgh3py/i-have-been-archived/contributors", .empty(status: 204)),

            .get("/repos/sigmavirus24/github3.py", .shared("repos-get-sigmavirus24-github3.py.json")),
            .get(
                "/repos/sigmavirus24/github3.py/contributors",
                .own("contributors-bots-sigmavirus24-github3.py.json", headers: ["link": github3Next])),
            .get("/repositories/3710711/contributors", .shared("contributors-sigmavirus24-github3.py-page2.json")),

            .get("/repos/demoorg/demo-repo-2", .own("repos-get-hostile-demoorg-demo-repo-2.json")),
            .get("/repos/demoorg/demo-repo-2/contributors", .own("contributors-hostile-login.json")),
            .get(missingAvatarPaths[0], .text("Not Found", status: 404)),
            .get(missingAvatarPaths[1], .text("Not Found", status: 404)),

            .get(
                "/repos/PyGithub/PyGithub", .shared("interaction-repos-get-200-unauthenticated-PyGithub-PyGithub.json")),
            .get(
                "/repos/PyGithub/PyGithub/contributors",
                .shared("contributors-PyGithub-PyGithub-2012.json", headers: ["link": pyGithubNext])),
            .get(
                "/repositories/3544490/contributors", query: ["page": "2"],
                .shared("contributors-sigmavirus24-github3.py-page2.json")),
        ]
    }

    private static let build = Task<BuiltSite, any Error> {
        // The recorded answers carry an anonymous 60-an-hour quota whose remaining count depends on which
        // answer came last, so the default budget let the star history read every repository in one run
        // and not in the next: a budget of its own makes "asked exactly" one answer.
        let site = try await E2E.build(
            "main", site: yaml, routes: routes, arguments: { E2E.buildArguments(base: $0) + ["--budget", "200"] },
            environment: { _ in ["GITHUB_TOKEN": token] })
        removeAtExit(site.dir)
        return site
    }

    /// The shared build (started by the first test that asks for it).
    static func site() async throws -> BuiltSite { try await build.value }

    static func repo(_ config: String) -> ExpectedRepo { expected.first { $0.config == config }! }
}

/// The shared build outlives every test that reads it: remove its folder when the test process exits.
private nonisolated(unsafe) var foldersToRemoveAtExit: [String] = []
private let foldersLock = NSLock()

private func removeAtExit(_ dir: TempDir) {
    guard ProcessInfo.processInfo.environment["REPOWATCH_E2E_KEEP"] == nil else { return }
    foldersLock.lock()
    defer { foldersLock.unlock() }
    if foldersToRemoveAtExit.isEmpty {
        atexit {
            foldersLock.lock()
            let folders = foldersToRemoveAtExit
            foldersLock.unlock()
            for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        }
    }
    foldersToRemoveAtExit.append(dir.url.path)
}
