import Foundation
import Testing

/// 1,000 hostile API answers (fixed seed), served by the fixture server to 25 builds of 40
/// repositories each plus one healthy repository: every build ends with exit 0 or 1, never a crash or
/// a hang; a repository is fresh, or unavailable or stale with a reason; every page is written;
/// and no markup from the payloads reaches an HTML page or SVG image unescaped.
@Suite("Fuzz: mutated API payloads", .timeLimit(.minutes(10)))
struct PayloadFuzzTests {
    static let seed: UInt64 = 0x4150_4946_555A_5A
    static let builds = 25
    static let reposPerBuild = 40

    struct FuzzedRepo: Sendable {
        let owner: String
        let name: String
        var key: String { "\(owner)/\(name)" }
    }

    /// Writes every mutated body to `folder` and returns the routes serving them.
    static func routes(in folder: URL) throws -> (routes: [FixtureRoute], builds: [[FuzzedRepo]]) {
        var mutator = PayloadMutator(seed: seed)
        var routes: [FixtureRoute] = [
            .get("/repos/octocat/Hello-World", NetworkRoutes.helloWorld),
            .get("/repos/octocat/Hello-World/contributors", NetworkRoutes.contributors),
        ]
        var builds: [[FuzzedRepo]] = []
        for build in 0..<Self.builds {
            var repos: [FuzzedRepo] = []
            for index in 0..<Self.reposPerBuild {
                let repo = FuzzedRepo(owner: "fuzz-owner-\(build)", name: "repo-\(index)")
                let (document, contributors) = mutator.responses(owner: repo.owner, name: repo.name)
                for (suffix, response) in [("", document), ("/contributors", contributors)] {
                    let file = folder.appendingPathComponent("\(build)-\(index)\(suffix.isEmpty ? "" : "-c").body")
                    try response.body.write(to: file)
                    routes.append(
                        .get(
                            "/repos/\(repo.key)\(suffix)",
                            FixtureResponse(
                                status: response.status, headers: response.headers, bodyFile: file.path, raw: true)))
                }
                repos.append(repo)
            }
            builds.append(repos)
        }
        return (routes, builds)
    }

    /// Unescaped markup from a payload, as "file: marker".
    static func injections(in output: URL) -> [String] {
        var found: [String] = []
        let root = output.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return ["no output"] }
        for case let relative as String in walker where relative.hasSuffix(".html") || relative.hasSuffix(".svg") {
            guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for marker in PayloadMutator.forbidden where text.contains(marker) {
                found.append("\(relative): \(marker)")
            }
        }
        return found
    }

    @Test("1,000 hostile payloads in 25 builds: exit 0 or 1, a reason for every failure, every page, no injection")
    func hostilePayloads() async throws {
        let dir = try TempDir("fuzz-payloads")
        defer { dir.remove() }
        let bodies = dir.url.appendingPathComponent("bodies")
        try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
        let (routes, builds) = try await offThePool { try Self.routes(in: bodies) }
        let server = try await FixtureServer.start(routes: routes)
        defer { server.stop() }

        var tally = (fresh: 0, unavailable: 0, stale: 0, exits: [Int32: Int]())
        var slowest = (build: 0, seconds: 0.0)
        for (build, repos) in builds.enumerated() {
            let started = Date()
            let site = dir.url.appendingPathComponent("site-\(build)")
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            let names = ["octocat/Hello-World"] + repos.map(\.key)
            try Data(("title: Fuzz\nrepos:\n" + names.map { "  - \($0)\n" }.joined()).utf8)
                .write(to: site.appendingPathComponent("site.yml"))
            let result = try await BinaryRunner.runNiced(
                [
                    "build", "--config", "site.yml", "--output", "public", "--api-url", server.base, "--jobs", "8",
                    "--retries", "1", "--timeout", "10", "--max-wait", "0",
                ], in: site, environment: BinaryRunner.environment(home: site.appendingPathComponent("home")),
                timeout: 120)
            tally.exits[result.status, default: 0] += 1
            try #require(!result.timedOut && [0, 1].contains(result.status), "build \(build): \(result)")

            let output = site.appendingPathComponent("public")
            let snapshot = try JSONValue.decode(Data(contentsOf: output.appendingPathComponent("data/snapshot.json")))
            let entries = snapshot["repos"]?.array ?? []
            #expect(entries.count == names.count, "build \(build)")
            for entry in entries {
                let name = entry["config_name"]?.string ?? "?"
                let available = entry["stars"]?.int != nil
                let reason = entry["error"]?.string ?? ""
                if name == "octocat/Hello-World" {
                    #expect(available && entry["stale"]?.bool != true, "build \(build): the healthy repository")
                } else if !available {
                    tally.unavailable += 1
                    #expect(!reason.isEmpty, "build \(build): \(name) is unavailable without a reason")
                    #expect(result.stderr.contains(name), "build \(build): stderr does not name \(name)")
                } else if entry["stale"]?.bool == true {
                    tally.stale += 1
                    #expect(!reason.isEmpty, "build \(build): \(name) is stale without a reason")
                } else {
                    tally.fresh += 1
                }
                let folder = "repos/\(name.lowercased())/"
                for page in ["index.html", "medium.html", "large.html", "medium.svg", "large-dark.svg"] {
                    #expect(
                        FileManager.default.fileExists(atPath: output.appendingPathComponent(folder + page).path),
                        "build \(build): \(folder + page) is missing")
                }
            }
            #expect(result.status == (entries.allSatisfy { $0["stars"]?.int != nil } ? 0 : 1), "build \(build)")
            let injected = try await offThePool { Self.injections(in: output) }
            #expect(injected.isEmpty, "build \(build): \(injected.prefix(5))")
            try? FileManager.default.removeItem(at: site)
            let seconds = Date().timeIntervalSince(started)
            if seconds > slowest.seconds { slowest = (build, seconds) }
        }
        print(
            "payload fuzz: \(Self.builds * Self.reposPerBuild) payloads in \(Self.builds) builds: "
                + "\(tally.fresh) fresh, \(tally.unavailable) unavailable, \(tally.stale) stale; "
                + "exit statuses \(tally.exits.sorted { $0.key < $1.key }); slowest build \(slowest.build): "
                + String(format: "%.1f s", slowest.seconds))
        #expect(tally.unavailable > 300 && tally.fresh > 50)
    }
}
