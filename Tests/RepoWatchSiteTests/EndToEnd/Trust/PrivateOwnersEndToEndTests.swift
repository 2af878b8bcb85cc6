import Foundation
import Testing

@testable import RepoWatchSite

/// `owners:` and private repositories: the public lists by default, every repository the token may
/// see with `private: include` (an organization's `type=all`; a user's own `/user/repos`).
@Suite("End-to-end: owners: listings and private repositories", .timeLimit(.minutes(10)))
struct PrivateOwnersEndToEndTests {
    static let site = """
        title: Owners
        owners:
          - owner: yorickpeterse
            min_stars: 500
          - owner: fixture-org
            topics: [swift]

        """

    static func routes(user: String = "owner-user-YorickPeterse.json") -> [FixtureRoute] {
        var routes: [FixtureRoute] = [
            .get("/users/yorickpeterse", .own("owner-user-YorickPeterse.json")),
            .get("/users/fixture-org", .own("owner-user-fixture-org.json")),
            .get("/user", .own(user)),
            .get(
                "/user/repos", query: ["affiliation": "owner", "visibility": "all"],
                .own("owner-repos-YorickPeterse-own.json")),
            .get("/users/YorickPeterse/repos", query: ["type": "owner"], .own("owner-repos-YorickPeterse-page2.json")),
            .get("/orgs/fixture-org/repos", query: ["type": "all"], .own("owner-repos-fixture-org-all.json")),
            // A public list that holds a private repository all the same: still left out.
            .get("/orgs/fixture-org/repos", query: ["type": "public"], .own("owner-repos-fixture-org-all.json")),
            .post("/graphql", FixtureResponse(graphql: ["repos": [:], "cost": 1, "remaining": 4_999, "limit": 5_000])),
        ]
        for repo in [
            "YorickPeterse/oga", "YorickPeterse/diary", "YorickPeterse/inko", "YorickPeterse/excluded-one",
            "fixture-org/secret-plans", "fixture-org/swift-old",
        ] {
            routes.append(.get("/repos/\(repo)/contributors", .shared("openapi-contributors-example.json")))
        }
        return routes
    }

    static func listings(_ server: FixtureServer) async throws -> [String] {
        try await server.requests().filter(OwnerRoutes.isListing).map(\.path)
    }

    @Test("default: the public lists only, no GET /user; a private item in a public list is left out, counted")
    func publicLists() async throws {
        let site = try PrivateSite("owners-public", site: Self.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: Self.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        let listings = try await Self.listings(server)
        #expect(listings.contains { $0.hasPrefix("/users/YorickPeterse/repos?type=owner") }, "\(listings)")
        #expect(listings.contains { $0.hasPrefix("/orgs/fixture-org/repos?type=public") }, "\(listings)")
        #expect(!listings.contains { $0.hasPrefix("/user/repos") }, "\(listings)")
        #expect(try await server.requests().allSatisfy { $0.pathOnly != "/user" }, "who the token is matters not")
        #expect(result.stderr.contains("warning: fixture-org: 1 private repository left out"), "\(result)")
        #expect(!result.stderr.contains("secret-plans"), "\(result)")
        #expect(
            try site.snapshotNames() == ["YorickPeterse/inko", "YorickPeterse/excluded-one", "fixture-org/swift-old"])
        #expect(site.mentions(of: "secret-plans").isEmpty, "\(site.mentions(of: "secret-plans"))")
    }

    @Test("a widget naming an owner's private repository is left out at its line; the build goes on (exit 0)")
    func widgetNamingAnOwnersPrivateRepository() async throws {
        let site = try PrivateSite(
            "owners-widget",
            site: """
                title: Owners
                owners:
                  - owner: fixture-org
                widgets:
                  - kind: single
                    repo: fixture-org/swift-old
                  - kind: single
                    repo: fixture-org/secret-plans

                """)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: Self.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("site.yml:7:5: warning: this widget shows a private repository and is left out"),
            "\(result)")
        #expect(result.stderr.contains("warning: fixture-org: 1 private repository left out"), "\(result)")
        #expect(!result.stderr.contains("secret-plans") && !result.stdout.contains("secret-plans"), "\(result)")
        #expect(try site.snapshotNames() == ["fixture-org/kotlin-thing", "fixture-org/swift-old"])
        #expect(site.mentions(of: "secret-plans").isEmpty, "\(site.mentions(of: "secret-plans"))")
    }

    @Test("private: include with the user's own token: /user/repos and type=all; private ones published")
    func includeWithOwnToken() async throws {
        let site = try PrivateSite("owners-private", site: "private: include\n" + Self.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: Self.routes())
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        let listings = try await Self.listings(server)
        #expect(listings.contains { $0.hasPrefix("/user/repos?affiliation=owner&visibility=all") }, "\(listings)")
        #expect(listings.contains { $0.hasPrefix("/orgs/fixture-org/repos?type=all") }, "\(listings)")
        #expect(!listings.contains { $0.hasPrefix("/users/YorickPeterse/repos") }, "\(listings)")
        let token = try await server.requests().first { $0.path == "/user" }?.header("authorization")
        #expect(token == "Bearer \(site.token)")
        // Stars descending within each owner: the private ones lead.
        #expect(
            try site.snapshotNames() == [
                "YorickPeterse/diary", "YorickPeterse/oga", "YorickPeterse/inko", "fixture-org/secret-plans",
                "fixture-org/swift-old",
            ])
        let repos = try site.snapshot()["repos"]?.array ?? []
        #expect(repos.map { $0["private"]?.bool ?? false } == [true, false, false, true, false])
        #expect(!site.mentions(of: "secret-plans").isEmpty)
    }

    @Test("private: include with somebody else's token: the user's public list, and a warning that says why")
    func includeWithAnotherToken() async throws {
        let site = try PrivateSite("owners-other", site: "private: include\n" + Self.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: Self.routes(user: "user-someone-else.json"))
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "listing only the public repositories of YorickPeterse: the token is someone-else's"), "\(result)")
        let listings = try await Self.listings(server)
        #expect(listings.contains { $0.hasPrefix("/users/YorickPeterse/repos?type=owner") }, "\(listings)")
        #expect(!listings.contains { $0.hasPrefix("/user/repos") }, "\(listings)")
        #expect(try site.snapshotNames().first == "YorickPeterse/inko")
    }
}
