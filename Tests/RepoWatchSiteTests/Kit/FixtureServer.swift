import Foundation

@testable import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One response of a fixture route (see `Tests/Fixtures/fixture_server.py`).
struct FixtureResponse: Encodable, Sendable {
    var status: Int?
    var headers: [String: String]?
    var bodyFile: String?
    var body: JSONValue?
    var bodyText: String?
    var bodyBase64: String?
    /// A GraphQL answer the server computes from the query (see `graphQL(_:)`).
    var graphql: JSONValue?
    /// `bodyFile`'s bytes served as they are, even when they are not JSON or not UTF-8.
    var raw: Bool?
    /// GitHub's star history, paged by the server (see `starHistory(_:)`).
    var starHistory: JSONValue?

    enum CodingKeys: String, CodingKey {
        case status, headers, body, graphql, raw
        case starHistory = "star_history"
        case bodyFile = "body_file"
        case bodyText = "body_text"
        case bodyBase64 = "body_base64"
    }

    /// A real recorded file from `Tests/Fixtures/github/recorded/` (bare body or `interaction-*.json`).
    static func shared(_ name: String, status: Int? = nil, headers: [String: String]? = nil) -> Self {
        FixtureResponse(
            status: status, headers: headers,
            bodyFile: E2EPaths.sharedFixtures.appendingPathComponent(name).path)
    }

    /// A synthetic file from `Tests/Fixtures/github/`.
    static func own(_ name: String, status: Int? = nil, headers: [String: String]? = nil) -> Self {
        FixtureResponse(
            status: status, headers: headers,
            bodyFile: E2EPaths.ownFixtures.appendingPathComponent(name).path)
    }

    static func json(_ value: JSONValue, status: Int = 200, headers: [String: String]? = nil) -> Self {
        FixtureResponse(status: status, headers: headers, body: value)
    }

    static func text(_ text: String, status: Int, headers: [String: String]? = nil) -> Self {
        FixtureResponse(status: status, headers: headers, bodyText: text)
    }

    /// GitHub's GraphQL answer for the repositories in `counts` ("owner/name" → (issues, pulls)); any
    /// other repository the query names answers null with a `NOT_FOUND` error, as GitHub does.
    static func graphQL(_ counts: [String: (issues: Int, pulls: Int)], cost: Int = 1, remaining: Int = 4_999) -> Self {
        var repos: [String: JSONValue] = [:]
        for (name, value) in counts { repos[name] = ["issues": .int(value.issues), "pulls": .int(value.pulls)] }
        return FixtureResponse(
            graphql: ["repos": .object(repos), "cost": .int(cost), "remaining": .int(remaining), "limit": 5_000])
    }

    /// GitHub's GraphQL answer with whole cards: each repository ("owner/name" as asked) gets its
    /// counts and `node`, the rest of its fields in GitHub's shape; any other answers NOT_FOUND.
    static func graphQLCards(_ nodes: [String: JSONValue], cost: Int = 3) -> Self {
        var repos: [String: JSONValue] = [:]
        for (name, node) in nodes { repos[name] = ["issues": 5, "pulls": 2, "node": node] }
        return FixtureResponse(
            graphql: ["repos": .object(repos), "cost": .int(cost), "remaining": 4_997, "limit": 5_000])
    }

    /// GitHub's GraphQL answer to the cards' and the backfill's queries: each repository ("owner/name")
    /// gets its `spec` (counts, `createdAt`, `stargazers` and `forks` dates, see fixture_server.py).
    static func graphQLDates(_ specs: [String: JSONValue], cost: Int = 1, remaining: Int = 4_999) -> Self {
        FixtureResponse(
            graphql: ["repos": .object(specs), "cost": .int(cost), "remaining": .int(remaining), "limit": 5_000])
    }

    /// GitHub's star history (`GET /repos/OWNER/NAME/stargazers/history`), paged as GitHub pages it:
    /// `spec` gives `weeks` (newest first) or `generated`, and optionally a `new_week` from a page on
    /// (see fixture_server.py).
    static func starHistory(_ spec: JSONValue) -> Self {
        var response = FixtureResponse()
        response.starHistory = spec
        return response
    }

    /// A response with no body (204, 304) or an empty one.
    static func empty(status: Int, headers: [String: String]? = nil) -> Self {
        FixtureResponse(status: status, headers: headers)
    }
}

struct FixtureRoute: Encodable, Sendable {
    var method: String
    var path: String
    var query: [String: String]?
    var responses: [FixtureResponse]

    /// A GET route; several responses are served in order, the last one repeating.
    static func get(_ path: String, query: [String: String]? = nil, _ responses: FixtureResponse...) -> Self {
        FixtureRoute(method: "GET", path: path, query: query, responses: responses)
    }

    static func post(_ path: String, _ responses: FixtureResponse...) -> Self {
        FixtureRoute(method: "POST", path: path, query: nil, responses: responses)
    }
}

/// One request the fixture server saw.
struct LoggedRequest: Decodable, Sendable, CustomStringConvertible {
    let method: String
    /// Path and query, as sent.
    let path: String
    /// Header names lowercased.
    let headers: [String: String]
    let status: Int?
    /// Unix time the server received it.
    let time: Double?
    /// The request body as text (POST /graphql), when there was one.
    let body: String?

    var pathOnly: String { String(path.split(separator: "?", maxSplits: 1).first ?? "") }
    var query: String? {
        let parts = path.split(separator: "?", maxSplits: 1)
        return parts.count == 2 ? String(parts[1]) : nil
    }
    var isAvatar: Bool { path.hasPrefix("/_avatars/") }
    /// A token-holding build also asks GraphQL to count issues and pull requests apart.
    var isGraphQL: Bool { method == "POST" && pathOnly == "/graphql" }
    /// The history's backfill: star and fork dates (`StarBackfill`).
    var isBackfill: Bool { isGraphQL && (body ?? "").contains("query Backfill(") }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
    var description: String { "\(method) \(path) -> \(status.map(String.init) ?? "?")" }
}

struct FixtureServerError: Error, CustomStringConvertible {
    let description: String
}

/// The Python fixture server (`Tests/Fixtures/fixture_server.py`) on 127.0.0.1, one per test.
/// Stopped by `stop()` or on deinit; it also exits by itself when this process goes away
/// (its stdin closes) or after 15 minutes.
final class FixtureServer: @unchecked Sendable {
    let port: Int
    let baseURL: URL
    var base: String { baseURL.absoluteString }

    /// Where the server appends each request it holds back (`--hold`), one JSON line each.
    let heldFile: URL

    private let process: SpawnedProcess
    private let stdinPipe: Pipe
    private let workDir: URL
    private let lock = NSLock()
    private var stopped = false

    /// Starts a server for `routes` (blocking; see `start(routes:)` for async callers).
    /// - Parameters:
    ///   - host: a loopback address; 127.0.0.2 plays a second origin (an avatar host).
    ///   - options: extra server flags (`--auto-etag`, `--avatar-base URL`, `--latency S`).
    init(routes: [FixtureRoute], host: String = "127.0.0.1", options: [String] = []) throws {
        let fm = FileManager.default
        workDir = fm.temporaryDirectory.appendingPathComponent("repowatch-fixture-\(UUID().uuidString)")
        try fm.createDirectory(at: workDir, withIntermediateDirectories: true)
        let routesFile = workDir.appendingPathComponent("routes.json")
        heldFile = workDir.appendingPathComponent("held.jsonl")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(routes).write(to: routesFile)

        let stderrFile = workDir.appendingPathComponent("server-stderr.txt")
        _ = fm.createFile(atPath: stderrFile.path, contents: nil)
        let stdoutPipe = Pipe()
        stdinPipe = Pipe()
        process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", E2EPaths.serverScript.path, "--routes", routesFile.path,
                "--host", host, "--port", "0", "--exit-on-stdin-eof", "--held-file", heldFile.path,
            ] + options
        process.currentDirectoryURL = workDir
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()

        // Read "PORT <n>" with a deadline.
        let box = LineBox()
        let reader = stdoutPipe.fileHandleForReading
        let got = DispatchSemaphore(value: 0)
        OwnThread.start {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                if let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    box.set(String(decoding: buffer[..<nl], as: UTF8.self))
                    break
                }
            }
            got.signal()
        }
        // The line comes as soon as Python has started; the deadline only catches a server that hangs.
        // A server that dies ends the read at once, so a long deadline costs a healthy run nothing, while
        // a short one failed tests whose many matrix rows start Python servers at once on a loaded machine.
        let waited = got.wait(timeout: .now() + 300)
        guard waited == .success, let line = box.get(), line.hasPrefix("PORT "),
            let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
        else {
            process.terminate()
            let err = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            throw FixtureServerError(
                description: "fixture server did not start (line: \(box.get() ?? "none")); stderr:\n\(err)")
        }
        self.port = port
        self.baseURL = URL(string: "http://\(host):\(port)")!
    }

    static func start(routes: [FixtureRoute], host: String = "127.0.0.1", options: [String] = []) async throws
        -> FixtureServer
    {
        try await OwnThread.run { try FixtureServer(routes: routes, host: host, options: options) }
    }

    /// Every request the server has seen so far, in order (decoded `GET /_log`).
    func requests() async throws -> [LoggedRequest] {
        let config = URLSessionConfiguration.ephemeral
        config.connectionProxyDictionary = [:]
        config.timeoutIntervalForRequest = 10
        let session = URLSession(configuration: config)
        defer { session.finishTasksAndInvalidate() }
        let url = baseURL.appendingPathComponent("_log")
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: url) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                guard let http = response as? HTTPURLResponse, http.statusCode == 200, let data else {
                    continuation.resume(
                        throwing: FixtureServerError(description: "GET /_log failed: \(String(describing: response))"))
                    return
                }
                continuation.resume(returning: data)
            }.resume()
        }
        return try JSONDecoder().decode([LoggedRequest].self, from: data)
    }

    /// Lets every response held back by `--hold` go, and all later ones straight through: a line on the
    /// server's standard input, so releasing asks nothing of the network stack.
    func release() throws {
        try lock.withLock {
            guard !stopped else { return }
            try stdinPipe.fileHandleForWriting.write(contentsOf: Data("release\n".utf8))
        }
    }

    /// The server's own stderr (for failure messages).
    var serverStderr: String {
        (try? String(contentsOf: workDir.appendingPathComponent("server-stderr.txt"), encoding: .utf8)) ?? ""
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        try? stdinPipe.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        // Bounded: a server that outlives its stdin and SIGTERM (both can be held up by another
        // process) is killed rather than waited for on a thread the other tests need.
        if !Self.waitForExit(process, seconds: 10) {
            kill(process.processIdentifier, SIGKILL)
            _ = Self.waitForExit(process, seconds: 10)
        }
        if ProcessInfo.processInfo.environment["REPOWATCH_E2E_KEEP"] == nil {
            try? FileManager.default.removeItem(at: workDir)
        }
    }

    deinit { stop() }

    private static func waitForExit(_ process: SpawnedProcess, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }
}

/// A line read on another thread.
private final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var line: String?
    func set(_ value: String) {
        lock.lock()
        line = value
        lock.unlock()
    }
    func get() -> String? {
        lock.lock()
        defer { lock.unlock() }
        return line
    }
}
