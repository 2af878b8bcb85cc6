import Foundation
import Testing

@testable import RepoWatchSite

/// "Private stays private" (issue 25): a private repository reaches no file of the site unless
/// site.yml says `private: include`, through `repos:`, widgets and `owners:`, and a repository that
/// becomes private leaves the published history too.
@Suite("End-to-end: private repositories stay private", .timeLimit(.minutes(10)))
struct PrivateReposEndToEndTests {
    @Test("repos: and widgets: left out with warnings, in no file; `private: include` publishes; off again, gone")
    func reposAndWidgets() async throws {
        let site = try PrivateSite("private-repos", site: PrivateRoutes.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: PrivateRoutes.routes())
        defer { server.stop() }

        let first = try await site.build(server)
        #expect(first.status == 0, "\(first)")
        // Each at its line in site.yml, which names it already; the log, public in a public
        // repository's workflow, never does.
        #expect(
            first.stderr.contains(
                "site.yml:4:5: warning: this repository is private and left out; set private: include to publish it"),
            "\(first)")
        #expect(
            first.stderr.contains("site.yml:6:5: warning: this widget shows a private repository and is left out"),
            "\(first)")
        #expect(
            first.stderr.contains(
                "site.yml:8:5: warning: this double widget shows a private repository and is left out whole"),
            "\(first)")
        #expect(!first.stderr.contains("BeaverSoftware") && !first.stdout.contains("BeaverSoftware"), "\(first)")
        #expect(try site.snapshotNames() == ["octocat/Hello-World"])
        #expect(site.mentions(of: "BeaverSoftware").isEmpty, "\(site.mentions(of: "BeaverSoftware"))")
        #expect(site.mentions(of: PrivateRoutes.secretContributor).isEmpty)
        // The gallery shows the one widget left, in both sizes; the double widget has no folder.
        let gallery = try HTMLPage(contentsOf: site.output.appendingPathComponent("index.html"))
        #expect(
            gallery.tags(where: "data-widget").map { $0["data-repo"] ?? "?" } == ["octocat/Hello-World"] + [
                "octocat/Hello-World"
            ])
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("widgets").path))
        let avatars = try site.avatars()
        #expect(avatars.files == avatars.named, "faces only the private repository showed are not published")

        try site.rewrite("private: include\n" + PrivateRoutes.site)
        let included = try await site.build(server)
        #expect(included.status == 0 && !included.stderr.contains("is private"), "\(included)")
        #expect(try site.snapshotNames() == ["octocat/Hello-World", "BeaverSoftware/test1"])
        let secret = try #require(try site.snapshot()["repos"]?.array?.last)
        #expect(secret["private"] == true)
        #expect(try site.read("repos/beaversoftware/test1/index.html").contains("data-repo=\"BeaverSoftware/test1\""))
        #expect(try site.read("data/history.json").lowercased().contains("beaversoftware/test1"))

        // Off again: nothing lingers, not the pages of the last build nor its history.
        try site.rewrite(PrivateRoutes.site)
        let excluded = try await site.build(server, now: "2026-11-23T12:00:00Z")
        #expect(excluded.status == 0, "\(excluded)")
        #expect(site.mentions(of: "BeaverSoftware").isEmpty, "\(site.mentions(of: "BeaverSoftware"))")
        let kept = try String(contentsOf: site.cache.appendingPathComponent("history.json"), encoding: .utf8)
        #expect(!kept.lowercased().contains("beaversoftware") && kept.contains("octocat/hello-world"), "\(kept)")
    }

    @Test("a repository that became private leaves the site and its history; GraphQL's isPrivate is enough")
    func becamePrivate() async throws {
        let site = try PrivateSite(
            "became-private", site: "title: Turned\nrepos:\n  - octocat/Hello-World\n  - twbs/bootstrap\n")
        defer { site.dir.remove() }
        let bootstrap: [FixtureRoute] = [
            .get("/repos/twbs/bootstrap", .shared("interaction-repos-get-200-twbs-bootstrap.json")),
            .get("/repos/twbs/bootstrap/contributors", .shared("openapi-contributors-example.json")),
        ]
        // GraphQL knows every repository REST serves: one it cannot resolve is gone (NOT_FOUND).
        let counted: [String: JSONValue] = ["twbs/bootstrap": ["issues": 10, "pulls": 5]]
        let before = try await FixtureServer.start(routes: PrivateRoutes.routes(graphQL: counted) + bootstrap)
        defer { before.stop() }
        #expect(try await site.build(before).status == 0)
        #expect(try site.read("data/history.json").contains("octocat/hello-world"))

        let after = try await FixtureServer.start(
            routes: bootstrap + [
                .get("/repos/octocat/Hello-World", .own("repos-get-private-octocat-Hello-World.json"))
            ] + PrivateRoutes.routes(graphQL: counted))
        defer { after.stop() }
        let result = try await site.build(after, now: "2026-11-23T12:00:00Z")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("site.yml:3:5: warning: this repository is private and left out"), "\(result)")
        #expect(try site.snapshotNames() == ["twbs/bootstrap"])
        #expect(site.mentions(of: "hello-world").isEmpty, "\(site.mentions(of: "hello-world"))")
        let kept = try String(contentsOf: site.cache.appendingPathComponent("history.json"), encoding: .utf8)
        #expect(!kept.contains("hello-world") && kept.contains("twbs/bootstrap"), "\(kept)")

        // REST still says public; GraphQL's answer says private: private wins.
        let graphQL = try await FixtureServer.start(
            routes: bootstrap
                + PrivateRoutes.routes(
                    graphQL: counted.merging(["octocat/Hello-World": ["issues": 1, "pulls": 1, "private": true]]) {
                        $1
                    }))
        defer { graphQL.stop() }
        let third = try await site.build(graphQL, now: "2026-11-24T12:00:00Z")
        #expect(third.status == 0, "\(third)")
        #expect(third.stderr.contains("site.yml:3:5: warning: this repository is private and left out"), "\(third)")
        #expect(site.mentions(of: "hello-world").isEmpty, "\(site.mentions(of: "hello-world"))")
    }

    @Test("every repository private: the site is written without them, not left as the last build made it")
    func everyRepositoryPrivate() async throws {
        let site = try PrivateSite(
            "all-private", site: "private: include\ntitle: Mine\nrepos:\n  - BeaverSoftware/test1\n")
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: PrivateRoutes.routes())
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        #expect(!site.mentions(of: "BeaverSoftware").isEmpty)

        try site.rewrite("title: Mine\nrepos:\n  - BeaverSoftware/test1\n")
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("site.yml:3:5: warning: this repository is private and left out"), "\(result)")
        #expect(site.mentions(of: "BeaverSoftware").isEmpty, "\(site.mentions(of: "BeaverSoftware"))")
        let gallery = try HTMLPage(contentsOf: site.output.appendingPathComponent("index.html"))
        #expect(gallery.tags(where: "data-widget").isEmpty)
        #expect(try site.snapshotNames().isEmpty)
    }
}
