import Foundation
import Testing

/// The release binary, which users run, built by `scripts/test.sh` (every full run and CI) and named
/// by `REPOWATCH_RELEASE_BINARY`. The other suites run the debug build, and an optimizer bug once
/// made every owner listing of more than one page trap in release alone (docs/development.md).
enum ReleaseBinary {
    static let variable = "REPOWATCH_RELEASE_BINARY"

    static var url: URL? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// Without it the suite is skipped, with a note, except in CI, where that fails.
    static var shouldRun: Bool { url != nil || BrowserTools.isCI }

    static func required() throws -> URL {
        let url = try #require(
            url, "\(variable) is not set: scripts/test.sh builds the release binary and sets it")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path), "\(variable) names no program: \(url.path)")
        return url
    }
}

/// An organization listed over twelve pages (ten repositories a page, as GitHub may answer), so its
/// pages after the first go through the listing's sliding window several times over.
enum PagedOrganization {
    static let pages = 12
    static let perPage = 10
    static var names: [String] { (1...pages * perPage).map { String(format: "window-%03d", $0) } }

    static func next(_ page: Int) -> String {
        "https://api.github.com/organizations/424242/repos?type=public&per_page=100&page=\(page)"
    }

    /// fixture-org's real list item for kotlin-thing (neither archived nor a fork), renamed.
    static func items(_ names: ArraySlice<String>) throws -> JSONValue {
        let listed = try JSONValue.decode(
            Data(contentsOf: E2EPaths.ownFixtures.appendingPathComponent("owner-repos-fixture-org.json")))
        let template = String(decoding: try JSONEncoder().encode(try #require(listed[2])), as: UTF8.self)
        return .array(
            try names.map { name in
                let number = try #require(Int(name.dropFirst("window-".count)))
                let item = template.replacingOccurrences(of: "kotlin-thing", with: name)
                    .replacingOccurrences(of: "146399077", with: String(900_000 + number))
                return try JSONValue.decode(Data(item.utf8))
            })
    }

    static func routes() throws -> [FixtureRoute] {
        let names = names
        var routes: [FixtureRoute] = [.get("/users/fixture-org", .own("owner-user-fixture-org.json"))]
        for page in 1...pages {
            let slice = names[(page - 1) * perPage..<page * perPage]
            let link =
                page < pages ? ["link": "<\(next(page + 1))>; rel=\"next\", <\(next(pages))>; rel=\"last\""] : nil
            let answer = FixtureResponse.json(try items(slice), headers: link)
            routes.append(
                page == 1
                    ? .get("/orgs/fixture-org/repos", answer)
                    : .get("/organizations/424242/repos", query: ["page": "\(page)"], answer))
        }
        let contributors = FixtureResponse.shared("openapi-contributors-example.json")
        routes += names.map { .get("/repos/fixture-org/\($0)/contributors", contributors) }
        return routes
    }
}

@Suite(
    "End-to-end: the release binary lists owners over several pages and fetches repos:, as the debug one does",
    .serialized, .timeLimit(.minutes(10)), .enabled(if: ReleaseBinary.shouldRun))
struct ReleaseBuildEndToEndTests {
    @Test("a user over three pages, an organization and repos: entries: every repository's page, as debug writes")
    func ownersAndRepos() async throws {
        let release = try ReleaseBinary.required()
        let server = try await FixtureServer.start(routes: OwnerRoutes.routes())
        defer { server.stop() }
        let released = try OwnerSite("release-owners", site: OwnerRoutes.site)
        defer { released.dir.remove() }
        let debug = try OwnerSite("release-owners-debug", site: OwnerRoutes.site)
        defer { debug.dir.remove() }
        try await Self.build(released, with: release, debug, server)

        let names = try released.snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string }
        #expect(names == OwnerRoutes.expected.map(\.0))
        for name in OwnerRoutes.expected.map(\.0) {
            let page = try released.read("repos/\(name.lowercased())/index.html")
            #expect(page.contains(name), "\(name)'s page names another repository")
        }
        Self.expectSameFiles(released, debug)
    }

    @Test("an organization of twelve pages: every repository, in order, as debug writes")
    func organizationOfManyPages() async throws {
        let release = try ReleaseBinary.required()
        let server = try await FixtureServer.start(routes: try PagedOrganization.routes())
        defer { server.stop() }
        let site = "title: Paged\nowners:\n  - owner: fixture-org\n    sort: name\n"
        let released = try OwnerSite("release-paged", site: site)
        defer { released.dir.remove() }
        let debug = try OwnerSite("release-paged-debug", site: site)
        defer { debug.dir.remove() }
        try await Self.build(released, with: release, debug, server)

        let names = try released.snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string }
        #expect(names == PagedOrganization.names.map { "fixture-org/\($0)" })
        for name in PagedOrganization.names {
            #expect(
                FileManager.default.fileExists(
                    atPath: released.dir.url.appendingPathComponent("public/repos/fixture-org/\(name)/index.html").path),
                "no page for fixture-org/\(name)")
        }
        Self.expectSameFiles(released, debug)
    }

    /// The same site built by the release binary and by the debug one, each in its own folder,
    /// against the same server; both must succeed.
    static func build(_ released: OwnerSite, with release: URL, _ debug: OwnerSite, _ server: FixtureServer)
        async throws
    {
        let releaseRun = try await released.build(server, binary: release)
        try #require(releaseRun.status == 0 && !releaseRun.killedBySignal, "release: \(releaseRun)")
        let debugRun = try await debug.build(server)
        try #require(debugRun.status == 0, "debug: \(debugRun)")
    }

    /// The same files with the same bytes in both sites' public/.
    static func expectSameFiles(_ released: OwnerSite, _ debug: OwnerSite) {
        let releaseFiles = SiteFiles.files(in: released.dir.url.appendingPathComponent("public"))
        #expect(!releaseFiles.isEmpty)
        SiteFiles.expectSame(releaseFiles, SiteFiles.files(in: debug.dir.url.appendingPathComponent("public")))
    }
}
