import Foundation

/// The main site's nine repositories built once at 2026-11-22T12:00:00Z over six weeks of recorded
/// history (a point a day, each repository growing at its own pace; one that started only 10 days
/// ago): what the insights page, the history chart and the open data files are made from.
enum DashboardSite {
    static let now = 1_795_348_800
    static let day = 86_400
    static let weeks = 6

    /// The seeded points of one repository: `[time, stars, forks, open_issues, contributors]`, a day
    /// apart, the last a day before the build (which adds its own point).
    static func seeded(_ repo: ExpectedRepo, index: Int) -> [[Int]] {
        let days = repo.config == "octocat/Hello-World" ? 10 : weeks * 7
        return (1...days).reversed().map { ago in
            // Growth differs per repository so the rising lists have an order to check.
            let stars = max(0, repo.stars - ago * (index * 3 + 1) - (index == 4 ? 400 : 0))
            return [now - ago * day, stars, max(0, repo.forks - ago / 7), repo.openIssues + ago % 3, 4]
        }
    }

    static var historyJSON: String {
        let repos = MainSite.expected.enumerated().map { index, repo in
            let points = seeded(repo, index: index).map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
            return "\"\(repo.config.lowercased())\":[\(points.joined(separator: ","))]"
        }
        return """
            {"schema":1,"fields":["time","stars","forks","open_issues","contributors"],"repos":{\(repos.joined(separator: ","))}}
            """
    }

    /// The seeded weeks are the whole history: no star history is read (the fixture server's empty
    /// one would mark charts as starting at GitHub's star history at the first seeded day).
    static let yaml = MainSite.yaml + "base_url: https://watch.example.com/site/\nhistory:\n  backfill: false\n"

    private static let build = Task<BuiltSite, any Error> {
        let site = try await E2E.build(
            "dashboard", site: yaml, routes: MainSite.routes,
            environment: { _ in ["GITHUB_TOKEN": MainSite.token] },
            extraFiles: [".repowatch/history.json": historyJSON])
        return site
    }

    /// The shared build (started by the first test that asks for it).
    static func site() async throws -> BuiltSite { try await build.value }
}
