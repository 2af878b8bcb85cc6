import Foundation
import Testing

@testable import RepoWatchSite

/// A user (YorickPeterse, three listing pages holding the real archived list item, a fork, topics and
/// equal stars) and an organization (fixture-org, one page), served as GitHub serves them.
enum OwnerRoutes {
    /// GitHub's next links for a user's repositories name the account by id, not by login.
    static func page(_ number: Int) -> String {
        "https://api.github.com/user/86065/repos?type=owner&sort=full_name&per_page=100&page=\(number)"
    }

    static let pageTwo = FixtureResponse.own(
        "owner-repos-YorickPeterse-page2.json",
        headers: ["link": "<\(page(1))>; rel=\"prev\", <\(page(3))>; rel=\"next\", <\(page(3))>; rel=\"last\""])

    static func routes(pageTwo: [FixtureResponse] = [pageTwo], extra: [FixtureRoute] = []) -> [FixtureRoute] {
        let contributors = FixtureResponse.shared("openapi-contributors-example.json")
        var routes =
            extra + [
                .get("/users/yorickpeterse", .own("owner-user-YorickPeterse.json")),
                .get("/users/fixture-org", .own("owner-user-fixture-org.json")),
                FixtureRoute(method: "GET", path: "/user/86065/repos", query: ["page": "2"], responses: pageTwo),
                .get(
                    "/user/86065/repos", query: ["page": "3"],
                    .own("owner-repos-YorickPeterse-page3.json", headers: ["link": "<\(page(2))>; rel=\"prev\""])),
                .get(
                    "/users/YorickPeterse/repos",
                    .own(
                        "owner-repos-YorickPeterse-page1.json",
                        headers: ["link": "<\(page(2))>; rel=\"next\", <\(page(3))>; rel=\"last\""])),
                .get("/orgs/fixture-org/repos", .own("owner-repos-fixture-org.json")),
                .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
                .get("/repos/fixture-org/swift-fork", .own("repos-get-fixture-org-swift-fork.json")),
            ]
        for repo in [
            "octocat/Hello-World", "fixture-org/swift-fork", "YorickPeterse/oga", "YorickPeterse/inko",
            "YorickPeterse/Tie-A", "YorickPeterse/tie-b", "fixture-org/swift-old",
        ] {
            routes.append(.get("/repos/\(repo)/contributors", contributors))
        }
        return routes
    }

    static let site = """
        title: Owners
        repos:
          - octocat/Hello-World
          - fixture-org/swift-fork
        owners:
          - owner: yorickpeterse
            min_stars: 1
            exclude: [YorickPeterse/excluded-one]
          - owner: fixture-org
            archived: true
            forks: true
            topics: [swift]
            sort: name
            limit: 2

        """

    /// The site's repositories in order, with their sources: `repos:` first, then each owner's
    /// (stars descending, ties by name; fixture-org's limit counted before swift-fork, already saved).
    static let expected: [(String, String)] = [
        ("octocat/Hello-World", "repos"), ("fixture-org/swift-fork", "repos"),
        ("YorickPeterse/oga", "owner:yorickpeterse"), ("YorickPeterse/inko", "owner:yorickpeterse"),
        ("YorickPeterse/Tie-A", "owner:yorickpeterse"), ("YorickPeterse/tie-b", "owner:yorickpeterse"),
        ("fixture-org/swift-old", "owner:fixture-org"),
    ]

    static func isListing(_ request: LoggedRequest) -> Bool {
        request.pathOnly.hasPrefix("/users/") || request.pathOnly.hasPrefix("/user/")
            || request.pathOnly.hasPrefix("/orgs/")
    }
}

/// A site folder built several times against fixture servers.
struct OwnerSite {
    let dir: TempDir

    init(_ label: String, site: String = OwnerRoutes.site) throws {
        dir = try TempDir(label)
        try dir.write("site.yml", site)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("home"), withIntermediateDirectories: true)
    }

    /// - Parameter binary: another build of the tool than the tests' own (the release one).
    func build(_ server: FixtureServer?, _ extra: [String] = [], binary: URL? = nil) async throws -> RunResult {
        var arguments = ["build", "--jobs", "2"] + extra
        if let server { arguments += ["--api-url", server.base] }
        let environment = BinaryRunner.environment(home: dir.url.appendingPathComponent("home"))
        return try await BinaryRunner.run(arguments, in: dir.url, environment: environment, executable: binary)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: dir.url.appendingPathComponent("public/\(path)"), encoding: .utf8)
    }

    func snapshot() throws -> JSONValue {
        try JSONValue.decode(Data(contentsOf: dir.url.appendingPathComponent("public/data/snapshot.json")))
    }
}

@Suite("End-to-end: owners: galleries", .timeLimit(.minutes(10)))
struct OwnersEndToEndTests {
    @Test("a user over three pages and an organization: rules, order, sources, sections; warm rerun all 304")
    func galleryAndWarmRerun() async throws {
        let site = try OwnerSite("owners")
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes(), options: ["--auto-etag"])
        defer { server.stop() }

        let cold = try await site.build(server)
        #expect(cold.status == 0, "\(cold)")
        let repos = try #require(try site.snapshot()["repos"]?.array)
        #expect(repos.map { $0["config_name"]?.string ?? "?" } == OwnerRoutes.expected.map(\.0))
        #expect(repos.map { $0["source"]?.string ?? "?" } == OwnerRoutes.expected.map(\.1))
        #expect(repos.allSatisfy { $0["stale"]?.bool == false && $0["stars"]?.int != nil })
        // Listed data is the list item's: no repository document was asked for.
        #expect(repos[2]["stars"]?.int == 1100 && repos[2]["has_issues"]?.bool == true)

        let coldLog = try await server.requests().filter { !$0.isAvatar }
        let listings = coldLog.filter(OwnerRoutes.isListing)
        #expect(
            listings.map(\.pathOnly).sorted() == [
                "/orgs/fixture-org/repos", "/user/86065/repos", "/user/86065/repos", "/users/YorickPeterse/repos",
                "/users/fixture-org", "/users/yorickpeterse",
            ], "\(listings)")
        #expect(
            listings.filter { $0.pathOnly.hasSuffix("/repos") }.allSatisfy {
                $0.query?.contains("per_page=100") == true
            })
        let documents = coldLog.filter {
            $0.pathOnly.hasPrefix("/repos/") && !$0.pathOnly.hasSuffix("/contributors")
                && !$0.pathOnly.hasSuffix("/stargazers/history")
        }
        #expect(documents.map(\.pathOnly).sorted() == ["/repos/fixture-org/swift-fork", "/repos/octocat/Hello-World"])
        #expect(coldLog.filter { $0.pathOnly.hasSuffix("/contributors") }.count == 7)
        // Each repository's star history, once: the fixture server's empty first page is all of it.
        let starHistory = coldLog.filter { $0.pathOnly.hasSuffix("/stargazers/history") }
        #expect(
            Set(starHistory.map { $0.pathOnly.lowercased() })
                == Set(OwnerRoutes.expected.map { "/repos/\($0.0.lowercased())/stargazers/history" })
                && starHistory.count == OwnerRoutes.expected.count, "\(starHistory)")

        // Every repository has a widget in both sizes, in the site's order; a section per owner.
        let gallery = try HTMLPage(contentsOf: site.dir.url.appendingPathComponent("public/index.html"))
        let shown = gallery.tags(where: "data-widget", is: "medium").compactMap { $0["data-repo"] }
        #expect(shown == OwnerRoutes.expected.map(\.0))
        let headings = gallery.tags(where: "data-owner")
        #expect(headings.map { $0["data-owner"] ?? "" } == ["yorickpeterse", "fixture-org"])
        #expect(headings.map { $0["data-count"] ?? "" } == ["4", "1"])
        let html = try site.read("index.html")
        #expect(html.contains("4 repositories") && html.contains("1 repository"))
        #expect(html.contains("href=\"https://github.com/YorickPeterse\""))
        let page = try site.read("repos/yorickpeterse/oga/index.html")
        #expect(
            page.contains("data-source=\"owner:yorickpeterse\"") && page.contains("One of YorickPeterse’s repositories")
        )
        #expect(!(try site.read("repos/octocat/hello-world/index.html")).contains("data-source="))

        let warm = try await site.build(server)
        #expect(warm.status == 0, "\(warm)")
        let all = try await server.requests().filter { !$0.isAvatar }
        let warmRequests = Array(all.dropFirst(coldLog.count))
        let warmListings = warmRequests.filter(OwnerRoutes.isListing)
        #expect(warmListings.count == 6 && warmListings.allSatisfy { $0.status == 304 }, "\(warmListings)")
        #expect(warmRequests.allSatisfy { $0.status == 304 }, "\(warmRequests)")
        #expect(
            try site.snapshot()["repos"]?.array?.map { $0["source"]?.string ?? "?" } == OwnerRoutes.expected.map(\.1))
    }

    @Test("an owner that does not exist: named on stderr, exit 1, the rest of the site written")
    func missingOwner() async throws {
        let site = try OwnerSite(
            "owners-404",
            site: "repos: [octocat/Hello-World]\nowners:\n  - owner: ghost-owner\n  - owner: fixture-org\n")
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("owner ghost-owner: not found on GitHub"), "\(result)")
        let names = try site.snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string }
        // fixture-org by stars: kotlin-thing (900) and swift-old (10); archived and fork left out.
        #expect(names == ["octocat/Hello-World", "fixture-org/kotlin-thing", "fixture-org/swift-old"])

        // Nothing else to show: no site is written over the previous one.
        let lonely = try OwnerSite("owners-lonely", site: "owners:\n  - owner: ghost-owner\n")
        defer { lonely.dir.remove() }
        let nothing = try await lonely.build(server)
        #expect(nothing.status == 1, "\(nothing)")
        #expect(nothing.stderr.contains("owner ghost-owner: not found") && nothing.stderr.contains("nothing to build"))
        #expect(!FileManager.default.fileExists(atPath: lonely.dir.url.appendingPathComponent("public").path))
    }

    @Test("a listing that fails with no cache falls back to the previous build's repositories of that owner, stale")
    func previousBuildFallback() async throws {
        let site = try OwnerSite("owners-previous")
        defer { site.dir.remove() }
        let failing = FixtureResponse.shared("interaction-repos-get-502-PyGithub-PyGithub-2018.json")
        let server = try await FixtureServer.start(
            routes: OwnerRoutes.routes(pageTwo: [OwnerRoutes.pageTwo, failing]))
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        try FileManager.default.removeItem(at: site.dir.url.appendingPathComponent(".repowatch"))
        let second = try await site.build(server, ["--retries", "1"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("owner yorickpeterse: GitHub answered 502"), "\(second)")
        let repos = try #require(try site.snapshot()["repos"]?.array)
        #expect(repos.map { $0["config_name"]?.string ?? "?" } == OwnerRoutes.expected.map(\.0))
        #expect(repos.map { $0["stale"]?.bool == true } == [false, false, true, true, true, true, false])
        #expect(repos.map { $0["source"]?.string ?? "?" } == OwnerRoutes.expected.map(\.1))
    }

    @Test("a listing failing mid-way uses the cached pages, marked stale; --offline builds owners from the cache")
    func midwayFailureAndOffline() async throws {
        let site = try OwnerSite("owners-stale")
        defer { site.dir.remove() }
        let failing = FixtureResponse.shared("interaction-repos-get-502-PyGithub-PyGithub-2018.json")
        let server = try await FixtureServer.start(
            routes: OwnerRoutes.routes(pageTwo: [OwnerRoutes.pageTwo, failing]), options: ["--auto-etag"])
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)

        let second = try await site.build(server, ["--retries", "1"])
        #expect(second.status == 0, "\(second)")
        let repos = try #require(try site.snapshot()["repos"]?.array)
        #expect(repos.map { $0["config_name"]?.string ?? "?" } == OwnerRoutes.expected.map(\.0))
        let stale = repos.filter { $0["stale"]?.bool == true }.compactMap { $0["source"]?.string }
        #expect(stale == Array(repeating: "owner:yorickpeterse", count: 4), "\(repos)")
        #expect(try site.read("repos/yorickpeterse/inko/medium.html").contains("data-state=\"stale\""))
        #expect(second.stderr.contains("YorickPeterse/inko"), "\(second)")

        server.stop()
        let offline = try await site.build(nil, ["--offline", "--api-url", server.base])
        #expect(offline.status == 0, "\(offline)")
        let names = try site.snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string }
        #expect(names == OwnerRoutes.expected.map(\.0))
    }

    @Test("a renamed owner (301) is followed and told")
    func renamedOwner() async throws {
        let site = try OwnerSite("owners-renamed", site: "owners:\n  - owner: old-org-name\n")
        defer { site.dir.remove() }
        let moved = FixtureResponse.empty(
            status: 301, headers: ["location": "https://api.github.com/users/fixture-org"])
        let server = try await FixtureServer.start(
            routes: OwnerRoutes.routes(extra: [.get("/users/old-org-name", moved)]))
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("owner old-org-name is now fixture-org on GitHub"), "\(result)")
        let repos = try #require(try site.snapshot()["repos"]?.array)
        #expect(
            repos.map { $0["config_name"]?.string ?? "?" } == ["fixture-org/kotlin-thing", "fixture-org/swift-old"])
        #expect(repos.allSatisfy { $0["source"]?.string == "owner:old-org-name" })
    }

    @Test("a widget naming a repository no owner lists: exit 2 at its line, nothing written")
    func widgetOfNoOwner() async throws {
        let site = try OwnerSite(
            "owners-widget",
            site:
                "owners:\n  - owner: fixture-org\nwidgets:\n  - repo: fixture-org/swift-old\n  - repo: fixture-org/nope\n"
        )
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.contains("site.yml:5:11: error: fixture-org/nope is not in `repos` and no owner lists it"))
        #expect(!FileManager.default.fileExists(atPath: site.dir.url.appendingPathComponent("public").path))
    }

    @Test(
        "a widget's slip of an owner-listed name and an `exclude` the owner does not list: did you mean, at their places"
    )
    func slipsSuggestListedNames() async throws {
        let site = try OwnerSite(
            "owners-slips",
            site: """
                owners:
                  - owner: fixture-org
                    exclude: [fixture-org/swift-olf]
                widgets:
                  - repo: fixture-org/swift-olx

                """)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.contains(
                "site.yml:3:15: warning: fixture-org lists no fixture-org/swift-olf, so excluding it changes nothing; "
                    + "did you mean fixture-org/swift-old?"), "\(result)")
        #expect(
            result.stderr.contains(
                "site.yml:5:11: error: fixture-org/swift-olx is not in `repos` and no owner lists it (owners: "
                    + "fixture-org); did you mean fixture-org/swift-old?"), "\(result)")
    }
}
