import Foundation
import Testing

@testable import RepoWatchSite

/// Sites that fit GitHub Pages (`outputs:` on an owner, the size in the summary) and the token's
/// budget told before a build that would not fit it.
@Suite("End-to-end: outputs: per owner, the site's size, the quota told", .timeLimit(.minutes(10)))
struct SiteFitEndToEndTests {
    static let site = """
        title: Fit
        base_url: https://me.github.io/fit/
        repos:
          - octocat/Hello-World
        owners:
          - owner: yorickpeterse
            min_stars: 1
            outputs: page
          - owner: fixture-org
            outputs: card

        """

    func exists(_ site: OwnerSite, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: site.dir.url.appendingPathComponent("public/\(path)").path)
    }

    @Test("outputs: page writes the page alone; outputs: card only a large card linking to GitHub")
    func outputsPerOwner() async throws {
        let site = try OwnerSite("fit-outputs", site: Self.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")

        // repos: gets everything.
        for file in ["index.html", "medium.html", "large.html", "medium.svg", "large-dark.svg"] {
            #expect(exists(site, "repos/octocat/hello-world/\(file)"), "\(file)")
        }
        // outputs: page: the page, without standalone widgets, images or embed snippets.
        #expect(exists(site, "repos/yorickpeterse/oga/index.html"))
        for file in ["medium.html", "large.html", "medium.svg", "medium-dark.svg", "large.svg", "large-dark.svg"] {
            #expect(!exists(site, "repos/yorickpeterse/oga/\(file)"), "\(file)")
        }
        let page = try site.read("repos/yorickpeterse/oga/index.html")
        #expect(page.contains("data-widget=\"large\"") && !page.contains("class=\"embeds\""))
        #expect(!page.contains("href=\"medium.html\""), "no link to a page that is not written")
        // outputs: card: no folder at all; one large card in the gallery, its caption to GitHub.
        #expect(!exists(site, "repos/fixture-org/swift-old"))
        let gallery = try HTMLPage(contentsOf: site.dir.url.appendingPathComponent("public/index.html"))
        let cards = gallery.widgetRoots.filter { $0["data-repo"] == "fixture-org/swift-old" }
        #expect(cards.map { $0["data-widget"] } == ["large"])
        let html = try site.read("index.html")
        #expect(
            html.contains(
                "<a class=\"tile__link\" href=\"https://github.com/fixture-org/swift-old\">fixture-org/swift-old</a>"))
        #expect(html.contains("href=\"repos/yorickpeterse/oga/index.html\""))
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("repos/yorickpeterse/oga/") && !sitemap.contains("swift-old"))
        // Their data is all there.
        let names = try site.snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string } ?? []
        #expect(names.contains("fixture-org/swift-old"))
        // The summary says how big the site is.
        #expect(result.stderr.contains(" KB, into ") || result.stderr.contains(" MB, into "), "\(result)")
    }

    @Test("an unknown outputs: value is an error with its line and the choices")
    func badOutputs() async throws {
        let site = try OwnerSite("fit-bad", site: "owners:\n  - owner: fixture-org\n    outputs: cards\n")
        defer { site.dir.remove() }
        let result = try await site.build(nil)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("site.yml:3:14: error: `outputs` must be all, page, card (got 'cards')"))
    }

    @Test("a build that needs more requests than the token has left says so first, with what a token allows")
    func quotaTold() async throws {
        let site = try OwnerSite("fit-quota", site: "owners:\n  - owner: fixture-org\n")
        defer { site.dir.remove() }
        func quota(_ remaining: Int) -> [String: String] {
            ["x-ratelimit-remaining": "\(remaining)", "x-ratelimit-limit": "60", "x-ratelimit-reset": "{{now+3000}}"]
        }
        let server = try await FixtureServer.start(
            routes: OwnerRoutes.routes(extra: [
                .get("/users/fixture-org", .own("owner-user-fixture-org.json", headers: quota(2))),
                .get("/orgs/fixture-org/repos", .own("owner-repos-fixture-org.json", headers: quota(1))),
            ]))
        defer { server.stop() }
        let result = try await site.build(server)
        // By default a build leaves a tenth unspent: of the 3 left when it began, 2 went to the listing.
        #expect(result.status == 0, "pending, not failed: \(result)")
        #expect(result.stderr.contains("2 pending"), "\(result)")
        #expect(result.stderr.contains("this build needs about 2 requests but GitHub has 1 of 60 left this hour"))
        #expect(result.stderr.contains("without a token GitHub allows 60 requests an hour"), "\(result)")
        let warning = try #require(result.stderr.range(of: "this build needs about"))
        let fetching = try #require(result.stderr.range(of: "Fetching 2 repositories"))
        #expect(fetching.lowerBound < warning.lowerBound, "said before the repositories are fetched")
    }
}
