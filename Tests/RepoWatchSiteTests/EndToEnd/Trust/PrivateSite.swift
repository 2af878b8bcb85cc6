import Foundation

@testable import RepoWatchSite

/// A site folder built with a token against fixture servers, and what its output mentions.
struct PrivateSite {
    let dir: TempDir
    let token = "ghp_privateSuiteToken0123456789abcdefXYZ"

    init(_ label: String, site: String) throws {
        dir = try TempDir(label)
        try dir.write("site.yml", site)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("home"), withIntermediateDirectories: true)
    }

    var output: URL { dir.url.appendingPathComponent("public") }
    var cache: URL { dir.url.appendingPathComponent(".repowatch") }

    func rewrite(_ site: String) throws { try dir.write("site.yml", site) }

    func build(_ server: FixtureServer, now: String? = nil) async throws -> RunResult {
        var extra = ["GITHUB_TOKEN": token]
        if let now { extra["REPOWATCH_NOW"] = now }
        let environment = BinaryRunner.environment(home: dir.url.appendingPathComponent("home"), extra)
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", server.base], in: dir.url, environment: environment)
    }

    func snapshot() throws -> JSONValue {
        try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/snapshot.json")))
    }

    func snapshotNames() throws -> [String] {
        try snapshot()["repos"]?.array?.compactMap { $0["config_name"]?.string } ?? []
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Files of `folder` whose path or bytes contain `needle`, case-insensitively: every page, SVG,
    /// JSON, feed, sitemap and index, whatever the build writes.
    static func mentions(of needle: String, in folder: URL) -> [String] {
        let wanted = Data(needle.lowercased().utf8)
        var found: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ["(no folder)"] }
        for case let relative as String in walker {
            let path = folder.appendingPathComponent(relative).path
            if relative.lowercased().contains(needle.lowercased()) {
                found.append(relative)
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let lowered = Data(data.map { (65...90).contains($0) ? $0 + 32 : $0 })
            if lowered.range(of: wanted) != nil { found.append(relative) }
        }
        return found
    }

    func mentions(of needle: String) -> [String] { Self.mentions(of: needle, in: output) }

    /// Every `.html` file under `folder`, relative.
    static func htmlFiles(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".html") }.sorted()
    }

    /// Every file under `public/avatars/`, and the avatar paths snapshot.json names.
    func avatars() throws -> (files: Set<String>, named: Set<String>) {
        let folder = output.appendingPathComponent("avatars")
        let files = Set(
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") || $0.hasSuffix(".jpg") }
                .map { "avatars/\($0)" })
        var named: Set<String> = []
        for repo in try snapshot()["repos"]?.array ?? [] {
            if let owner = repo["owner_avatar"]?.string { named.insert(owner) }
            for person in repo["contributors"]?.array ?? [] {
                if let avatar = person["avatar"]?.string { named.insert(avatar) }
            }
        }
        return (files, named)
    }
}

/// A private repository as GitHub answers for it (the real recording of BeaverSoftware/test1,
/// `"private": true, "visibility": "private"`), beside octocat/Hello-World.
enum PrivateRoutes {
    static let secret = "BeaverSoftware/test1"
    /// Logins only the private repository's contributor list holds.
    static let secretContributor = "sferik"

    static func routes(graphQL: [String: JSONValue]? = nil) -> [FixtureRoute] {
        var counts: [String: JSONValue] = [
            "octocat/Hello-World": ["issues": 150, "pulls": 126],
            secret: ["issues": 0, "pulls": 0, "private": true],
        ]
        for (name, value) in graphQL ?? [:] { counts[name] = value }
        return [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            .get("/repos/\(secret)", .shared("repos-get-BeaverSoftware-test1.json")),
            .get("/repos/\(secret)/contributors", .shared("contributors-sferik-rails_admin.json")),
            .post(
                "/graphql",
                FixtureResponse(graphql: ["repos": .object(counts), "cost": 1, "remaining": 4_999, "limit": 5_000])),
        ]
    }

    static let site = """
        title: Private
        repos:
          - octocat/Hello-World
          - \(secret)
        widgets:
          - kind: single
            repo: \(secret)
          - kind: double
            top: octocat/Hello-World
            bottom: \(secret)
          - kind: single
            repo: octocat/Hello-World

        """
}
