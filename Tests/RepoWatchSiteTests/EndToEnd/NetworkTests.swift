import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// A site folder that is built several times, as a scheduled job would, against fixture servers.
struct RebuiltSite {
    let dir: TempDir
    let token = "ghp_networkSuiteToken0123456789abcdefXYZ"

    init(_ label: String, repos: [String]) throws {
        dir = try TempDir(label)
        try dir.write("site.yml", "title: Network\nrepos:\n" + repos.map { "  - \($0)\n" }.joined())
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("home"), withIntermediateDirectories: true)
    }

    var output: URL { dir.url.appendingPathComponent("public") }
    var cache: URL { dir.url.appendingPathComponent(".repowatch") }

    func build(_ server: FixtureServer?, _ extra: [String] = []) async throws -> RunResult {
        var arguments = ["build", "--jobs", "1"] + extra
        if let server { arguments += ["--api-url", server.base] }
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"), ["GITHUB_TOKEN": token])
        return try await BinaryRunner.run(arguments, in: dir.url, environment: environment)
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }
}

/// twbs/bootstrap and octocat/Hello-World as recorded, with ETags.
enum NetworkRoutes {
    static let bootstrap = FixtureResponse.shared("interaction-repos-get-200-twbs-bootstrap.json")
    static let helloWorld = FixtureResponse.shared(
        "repos-get-octocat-Hello-World.json", headers: ["etag": "\"hello-world-v1\""])
    static let contributors = FixtureResponse.shared(
        "openapi-contributors-example.json", headers: ["etag": "\"contributors-v1\""])
    static let serverError = FixtureResponse.shared("interaction-repos-get-502-PyGithub-PyGithub-2018.json")

    static func routes(bootstrap: [FixtureResponse] = [bootstrap]) -> [FixtureRoute] {
        [
            FixtureRoute(method: "GET", path: "/repos/twbs/bootstrap", query: nil, responses: bootstrap),
            .get("/repos/twbs/bootstrap/contributors", contributors),
            .get("/repos/octocat/Hello-World", helloWorld),
            .get("/repos/octocat/Hello-World/contributors", contributors),
        ]
    }

    /// REST requests: not avatars, not GraphQL (counted in `OpenCountsEndToEndTests`).
    static func apiRequests(_ log: [LoggedRequest]) -> [LoggedRequest] {
        log.filter { !$0.pathOnly.hasPrefix("/_avatars/") && !$0.isGraphQL }
    }
}

@Suite("End-to-end: GitHub faults, the cache and quota", .timeLimit(.minutes(10)))
struct EndToEndNetworkTests {
    let repos = ["twbs/bootstrap", "octocat/Hello-World"]

    @Test("two 502s then success: retried with backoff, fresh data, exit 0")
    func retriesServerErrors() async throws {
        let site = try RebuiltSite("retry", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [
                NetworkRoutes.serverError, NetworkRoutes.serverError, NetworkRoutes.bootstrap,
            ]))
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        let attempts = try await server.requests().filter { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(attempts.map(\.status) == [502, 502, 200])
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("data-state=\"fresh\""))
        #expect(result.stderr.contains("2 retried"), "\(result)")
    }

    @Test("a primary rate limit that resets in 2 s is waited out")
    func waitsForPrimaryReset() async throws {
        let site = try RebuiltSite("primary", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let limited = FixtureResponse.json(
            .object(["message": .string("API rate limit exceeded for user ID 1.")]), status: 403,
            headers: ["x-ratelimit-remaining": "0", "x-ratelimit-limit": "5000", "x-ratelimit-reset": "{{now+2}}"])
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [limited, NetworkRoutes.bootstrap]))
        defer { server.stop() }
        let result = try await site.build(server)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("rate limit"), "\(result)")
        let attempts = try await server.requests().filter { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(attempts.map(\.status) == [403, 200])
        let gap = (attempts.last?.time ?? 0) - (attempts.first?.time ?? 0)
        #expect(gap >= 1.0, "waited only \(gap)s")
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("data-state=\"fresh\""))
    }

    @Test("a primary limit far away stops asking and builds the rest from the cache")
    func exhaustedQuotaUsesTheCache() async throws {
        let site = try RebuiltSite("quota", repos: repos)
        defer { site.dir.remove() }
        let exhausted = FixtureResponse.json(
            .object(["message": .string("API rate limit exceeded")]), status: 403,
            headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "{{now+3600}}"])
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [NetworkRoutes.bootstrap, exhausted]))
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let before = NetworkRoutes.apiRequests(try await server.requests()).count
        let second = try await site.build(server, ["--max-wait", "5"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("rate limit is used up"), "\(second)")
        // One request hit the limit; nothing more was asked of the API.
        #expect(NetworkRoutes.apiRequests(try await server.requests()).count == before + 1)
        #expect(try site.page("repos/octocat/hello-world/medium.html").contains("data-state=\"stale\""))
    }

    @Test("--offline after a build makes no request; a repository missing from the cache is named, exit 1")
    func offlineUsesOnlyTheCache() async throws {
        let site = try RebuiltSite("offline", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let before = try await server.requests().count
        let offline = try await site.build(server, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(try await server.requests().count == before, "offline build made requests")
        #expect(try site.page("repos/twbs/bootstrap/large.html").contains("data-value=\"171281\""))

        try site.dir.write("site.yml", "repos:\n  - twbs/bootstrap\n  - octocat/Spoon-Knife\n")
        let missing = try await site.build(server, ["--offline"])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("octocat/Spoon-Knife"), "\(missing)")
        #expect(try await server.requests().count == before)
    }

    @Test("a warm rebuild sends only conditional API requests, all answered 304")
    func warmRebuildCostsNoQuota() async throws {
        let site = try RebuiltSite("warm", repos: repos + ["kennethreitz/requests"])
        defer { site.dir.remove() }
        let routes =
            NetworkRoutes.routes() + [
                .get("/repos/kennethreitz/requests", .shared("interaction-repos-get-301-kennethreitz-requests.json")),
                .get("/repositories/1362490", .shared("interaction-repositories-id-200-requests-requests.json")),
                .get("/repos/requests/requests/contributors", NetworkRoutes.contributors),
            ]
        let server = try await FixtureServer.start(routes: routes, options: ["--auto-etag"])
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let cold = NetworkRoutes.apiRequests(try await server.requests())
        let warm = try await site.build(server)
        #expect(warm.status == 0, "\(warm)")
        let rebuilt = Array(NetworkRoutes.apiRequests(try await server.requests()).dropFirst(cold.count))
        #expect(!rebuilt.isEmpty)
        for request in rebuilt {
            #expect(request.headers["if-none-match"] != nil, "unconditional: \(request)")
            #expect(request.status == 304, "\(request)")
        }
        // The rename is remembered: the old name is not asked again.
        #expect(!rebuilt.contains { $0.pathOnly == "/repos/kennethreitz/requests" })
        #expect(warm.stderr.contains("\(rebuilt.count) answered 304"), "\(warm)")
        #expect(try site.page("repos/kennethreitz/requests/medium.html").contains("data-state=\"fresh\""))
    }

    @Test("avatars on a second origin never receive the token; the token is never printed or stored")
    func tokenStaysOnTheAPIOrigin() async throws {
        let site = try RebuiltSite("token", repos: repos)
        defer { site.dir.remove() }
        let avatars = try await FixtureServer.start(routes: [], host: "127.0.0.2")
        defer { avatars.stop() }
        let api = try await FixtureServer.start(
            routes: NetworkRoutes.routes(), options: ["--avatar-base", avatars.base])
        defer { api.stop() }
        let result = try await site.build(api, ["--verbose"])
        #expect(result.status == 0, "\(result)")
        let avatarRequests = try await avatars.requests()
        #expect(!avatarRequests.isEmpty)
        #expect(avatarRequests.allSatisfy { $0.headers["authorization"] == nil })
        let apiRequests = try await api.requests()
        #expect(apiRequests.allSatisfy { $0.headers["authorization"] == "Bearer \(site.token)" })
        #expect(!result.stdout.contains(site.token) && !result.stderr.contains(site.token))
        #expect(result.stderr.contains("GET \(api.base)/repos/twbs/bootstrap"), "--verbose lists requests")
        for step in Build.steps.map(\.name) {
            #expect(result.stderr.contains("\n\(step): "), "--verbose times the step '\(step)'")
        }
        for (path, data) in SiteFiles.files(in: site.output).merging(
            SiteFiles.files(in: site.cache), uniquingKeysWith: { a, _ in a })
        {
            #expect(!String(decoding: data, as: UTF8.self).contains(site.token), "token in \(path)")
        }
    }

    @Test("a build killed with SIGKILL mid-way leaves the previous public/ byte-for-byte intact")
    func killedBuildLeavesThePreviousSite() async throws {
        let site = try RebuiltSite("sigkill", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let before = SiteFiles.files(in: site.output)

        // The server holds its answers back, so the build is certainly mid-fetch once its first request
        // arrives: no guess at how long a loaded machine takes to get there.
        let held = try await FixtureServer.start(routes: NetworkRoutes.routes(), options: ["--hold"])
        defer { held.stop() }
        let process = SpawnedProcess()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["build", "--jobs", "1", "--timeout", "600", "--api-url", held.base]
        process.currentDirectoryURL = site.dir.url
        process.environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        // Its words, should it end before the kill: the failure then says why.
        let errors = site.dir.url.appendingPathComponent("killed-build.stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        let end = ProcessEnd(process)
        try process.run()
        let words = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        do {
            _ = try await held.waitForHeldRequest()
        } catch {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the build sent no request: \(error)\nits stderr: \(words())")
        }
        #expect(process.isRunning, "the build should be waiting for its answer: \(words())")
        kill(process.processIdentifier, SIGKILL)
        try #require(await end.wait(), "the killed build was never reaped")
        #expect(process.terminationReason == .uncaughtSignal)
        try held.release()
        #expect(SiteFiles.files(in: site.output) == before)

        let after = try await site.build(server)
        #expect(after.status == 0, "\(after)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.dir.url.path)
            .filter { $0.hasPrefix(".public.") && ![".public.recycled", ".public.lock"].contains($0) }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a truncated or corrupt cache entry is ignored and refetched")
    func corruptCacheIsRefetched() async throws {
        let site = try RebuiltSite("corrupt", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let entries = SiteFiles.files(in: site.cache)
        #expect(!entries.isEmpty)
        for (index, (path, data)) in entries.enumerated() {
            let corrupted = index % 2 == 0 ? data.prefix(data.count / 2) : Data("{not json".utf8)
            try corrupted.write(to: site.cache.appendingPathComponent(path))
        }
        let before = try await server.requests().count
        let rebuilt = try await site.build(server)
        #expect(rebuilt.status == 0, "\(rebuilt)")
        let refetched = NetworkRoutes.apiRequests(Array(try await server.requests().dropFirst(before)))
        // The four cached answers, and the star history's first pages: star-history.json was
        // corrupted with the rest, and what cannot be read is read again.
        #expect(refetched.count == 6, "\(refetched)")
        #expect(refetched.filter { $0.pathOnly.hasSuffix("/stargazers/history") }.count == 2, "\(refetched)")
        #expect(refetched.allSatisfy { $0.headers["if-none-match"] == nil && $0.status == 200 })
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("data-state=\"fresh\""))
    }

    @Test("a repository that is gone (404) after a good build is unavailable, not stale: exit 1")
    func goneIsNotStale() async throws {
        let site = try RebuiltSite("gone", repos: repos)
        defer { site.dir.remove() }
        let gone = FixtureResponse.shared("interaction-repos-get-404-jacquev6-Xxx-2012.json")
        let server = try await FixtureServer.start(
            routes: NetworkRoutes.routes(bootstrap: [NetworkRoutes.bootstrap, gone]))
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let second = try await site.build(server)
        #expect(second.status == 1, "\(second)")
        #expect(second.stderr.contains("twbs/bootstrap: not found"), "\(second)")
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("data-state=\"unavailable\""))
    }
}

@Suite("End-to-end: serve's rebuilds leave the history alone", .timeLimit(.minutes(10)))
struct EndToEndHistoryRecordingTests {
    @Test("a build with recordsHistory off renders but adds no point")
    func rebuildsDoNotRecord() async throws {
        let site = try RebuiltSite("no-record", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.build(server).status == 0)
        let history = site.cache.appendingPathComponent("history.json")
        let recorded = try Data(contentsOf: history)

        var options = try BuildOptions(fetch: FetchOptions(apiURL: server.base))
        options.configPath = site.dir.url.appendingPathComponent("site.yml").path
        options.recordsHistory = false
        options.environment = ["REPOWATCH_NOW": "2026-11-23T12:00:00Z"]
        let result = try await Build(options: options, log: MemoryLog()).run()
        #expect(result.exitCode == 0)
        #expect(try Data(contentsOf: history) == recorded)
    }
}

@Suite("End-to-end: the output folder is never someone else's", .timeLimit(.minutes(10)))
struct EndToEndOutputLocationTests {
    @Test("--output . (the project itself) is refused with exit 2 and nothing is touched")
    func refusesTheProjectFolder() async throws {
        let site = try RebuiltSite("output-dot", repos: ["apple/swift"])
        defer { site.dir.remove() }
        try site.dir.write("notes.txt", "mine")
        for output in [".", ""] {
            let result = try await site.build(nil, ["--sample", "--output", output])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("refusing"), "\(result)")
        }
        #expect(try String(contentsOf: site.dir.url.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: site.dir.url.appendingPathComponent("site.yml").path))
    }

    @Test("a folder this tool did not build is not replaced; an empty one and our own are")
    func refusesForeignFolders() async throws {
        let site = try RebuiltSite("output-foreign", repos: ["apple/swift"])
        defer { site.dir.remove() }
        try site.dir.write("docs/about.md", "hand-written")
        let refused = try await site.build(nil, ["--sample", "--output", "docs"])
        #expect(refused.status == 2, "\(refused)")
        #expect(
            try String(contentsOf: site.dir.url.appendingPathComponent("docs/about.md"), encoding: .utf8)
                == "hand-written")

        try site.dir.write("afile", "x")
        let file = try await site.build(nil, ["--sample", "--output", "afile"])
        #expect(file.status == 2 && file.stderr.contains("is a file"), "\(file)")

        try FileManager.default.createDirectory(
            at: site.dir.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(try await site.build(nil, ["--sample", "--output", "empty"]).status == 0)
        #expect(try await site.build(nil, ["--sample", "--output", "empty"]).status == 0)
    }
}
