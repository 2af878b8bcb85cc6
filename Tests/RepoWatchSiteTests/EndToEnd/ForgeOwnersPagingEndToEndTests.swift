import Foundation
import Testing

/// Where an owner's list on Gitea and Forgejo ends: the items the instance sent, counted against its
/// `X-Total-Count`, or an empty page; never the page size the build guessed, nor a page kept in the
/// cache without its private entries.
@Suite("End-to-end: a Codeberg owner's list ends where the instance says", .timeLimit(.minutes(10)))
struct ForgeOwnersPagingEndToEndTests {
    /// What the instance serves: its page size (nil: `/settings/api` does not answer), the
    /// `X-Total-Count` it sends, which fixture page each page number answers, and whether the page
    /// after them answers an empty list.
    struct Instance {
        var pageSize: Int? = 2
        var total = "6"
        var order = [1, 2, 3]
        var emptyAfter = false

        func routes() -> [FixtureRoute] {
            let api = GiteaRoutes.api
            let limit = String(pageSize ?? 50)
            var routes: [FixtureRoute] = [.get("\(api)/orgs/forgejo", GiteaRoutes.file("org-forgejo.json"))]
            if pageSize != nil {
                routes.append(.get("\(api)/settings/api", GiteaRoutes.file("settings-api-small.json")))
            }
            for (index, file) in order.enumerated() {
                routes.append(
                    .get(
                        "\(api)/orgs/forgejo/repos", query: ["page": "\(index + 1)", "limit": limit],
                        GiteaRoutes.file("orgs-forgejo-repos-page\(file).json", headers: ["X-Total-Count": total])))
            }
            if emptyAfter {
                routes.append(
                    .get(
                        "\(api)/orgs/forgejo/repos", query: ["page": "\(order.count + 1)", "limit": limit],
                        FixtureResponse.text("[]", status: 200, headers: ["X-Total-Count": total])))
            }
            return routes + GiteaRoutes.codeberg()
                + GiteaRoutes.repository("forgejo/runner", file: "repo-codeberg-forgejo-runner.json", release: false)
                + GiteaRoutes.repository("forgejo/website", file: "repo-codeberg-forgejo-website.json", release: false)
        }
    }

    /// forgejo's public repositories that are neither forks nor archived.
    static let listed: Set = [
        "twbs/bootstrap", "codeberg.org/forgejo/forgejo", "codeberg.org/forgejo/runner",
        "codeberg.org/forgejo/website",
    ]

    /// The site's builds, one per `runs` entry (its extra arguments), from one folder; the shown
    /// names after each and the paths Codeberg was asked.
    static func builds(_ instance: Instance, runs: [[String]]) async throws -> [(Set<String>, [String])] {
        let site = try await ForgeOwnerSite.start(
            "forge-owners-paging", on: .codeberg, routes: instance.routes(),
            owners: [["- owner: \(ForgeOwnersEndToEndTests.owner)"]])
        defer { site.remove() }
        var results: [(Set<String>, [String])] = []
        for extra in runs {
            let result = try await site.build(extra)
            #expect(result.status == 0, "\(result)")
            let shown = Set(try ForgeOwnersEndToEndTests.shown(site.dir).map(\.name))
            results.append((shown, try await site.forge.requests().map(\.path)))
        }
        return results
    }

    @Test("an instance that does not say its page size and sends fewer than the guess is read whole")
    func guessedPageSize() async throws {
        let results = try await Self.builds(Instance(pageSize: nil), runs: [[]])
        let (shown, paths) = try #require(results.first)
        #expect(shown == Self.listed, "\(paths)")
        #expect(paths.contains("/api/v1/orgs/forgejo/repos?limit=50&page=3"), "\(paths)")
        #expect(!paths.contains { $0.contains("page=4") }, "six received of six: the list is whole")
    }

    @Test("an X-Total-Count larger than what is sent ends at the first empty page")
    func lyingTotal() async throws {
        let results = try await Self.builds(Instance(total: "100", emptyAfter: true), runs: [[]])
        let (shown, paths) = try #require(results.first)
        #expect(shown == Self.listed)
        #expect(paths.contains("/api/v1/orgs/forgejo/repos?limit=2&page=4"), "\(paths)")
        #expect(!paths.contains { $0.contains("page=5") }, "\(paths)")
    }

    /// The private repository on the first page: kept without it, that page is shorter than the
    /// instance's page size, which is not where the list ends.
    @Test("a page kept without its private entry still says where the list ends, --offline")
    func cachedPageWithoutItsPrivateEntry() async throws {
        let results = try await Self.builds(Instance(order: [3, 2, 1]), runs: [[], ["--offline"]])
        for (shown, paths) in results { #expect(shown == Self.listed, "\(paths)") }
    }
}
