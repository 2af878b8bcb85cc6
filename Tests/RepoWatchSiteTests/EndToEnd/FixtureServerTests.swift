import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fixture server itself: if these fail, the end-to-end results mean nothing.
@Suite("End-to-end: the fixture server", .timeLimit(.minutes(10)))
struct EndToEndFixtureServerTests {

    struct Fetched {
        let status: Int
        let headers: [String: String]
        let body: Data
        let url: URL?
        var json: JSONValue? { try? JSONValue.decode(body) }
    }

    func fetch(_ server: FixtureServer, _ path: String, headers: [String: String] = [:]) async throws -> Fetched {
        let config = URLSessionConfiguration.ephemeral
        config.connectionProxyDictionary = [:]
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.urlCache = nil
        let session = URLSession(configuration: config)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: server.base + path)!)
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                let http = response as! HTTPURLResponse
                var h: [String: String] = [:]
                for (k, v) in http.allHeaderFields { h["\(k)".lowercased()] = "\(v)" }
                continuation.resume(
                    returning: Fetched(status: http.statusCode, headers: h, body: data ?? Data(), url: http.url))
            }.resume()
        }
    }

    @Test("serves recorded interactions and bodies, rewritten to 127.0.0.1")
    func rewriting() async throws {
        let server = try await FixtureServer.start(routes: [
            .get("/repos/twbs/bootstrap", .shared("interaction-repos-get-200-twbs-bootstrap.json")),
            .get("/repos/kennethreitz/requests", .shared("interaction-repos-get-301-kennethreitz-requests.json")),
            .get("/repositories/1362490", .shared("interaction-repositories-id-200-requests-requests.json")),
            .get("/repos/sferik/rails_admin/contributors", .shared("contributors-sferik-rails_admin-anon.json")),
        ])
        defer { server.stop() }

        let repo = try await fetch(server, "/repos/twbs/bootstrap")
        #expect(repo.status == 200)
        #expect(repo.json?["stargazers_count"]?.int == 171_281)
        #expect(repo.json?["url"]?.string == server.base + "/repos/twbs/bootstrap")
        #expect(repo.json?["owner"]?["avatar_url"]?.string == server.base + "/_avatars/u/2918581?v=4")
        #expect(repo.json?["html_url"]?.string == "https://github.com/twbs/bootstrap")
        #expect(repo.headers["etag"] != nil)
        #expect(repo.headers["content-encoding"] == nil, "recorded transfer headers must be dropped")
        let text = String(decoding: repo.body, as: UTF8.self)
        #expect(!text.contains("https://api.github.com") && !text.contains("githubusercontent.com"))

        // 301 with a rewritten location, followed by URLSession.
        let moved = try await fetch(server, "/repos/kennethreitz/requests")
        #expect(moved.status == 200)
        #expect(moved.url?.path == "/repositories/1362490")
        #expect(moved.json?["full_name"]?.string == "requests/requests")

        let gravatar = try await fetch(server, "/repos/sferik/rails_admin/contributors")
        let avatar = try #require(gravatar.json?[0]?["avatar_url"]?.string)
        #expect(avatar.hasPrefix(server.base + "/_avatars/avatar/c1607873b99845b2cd53f8634860d4d4?d="), "\(avatar)")

        let log = try await server.requests()
        #expect(
            log.map(\.pathOnly) == [
                "/repos/twbs/bootstrap", "/repos/kennethreitz/requests",
                "/repositories/1362490", "/repos/sferik/rails_admin/contributors",
            ])
        #expect(log.map(\.status) == [200, 301, 200, 200])
    }

    @Test("responses in sequence, the last repeating; unknown routes 404; query matching")
    func sequencesAndMatching() async throws {
        let server = try await FixtureServer.start(routes: [
            .get(
                "/flaky", .json(["message": "Server Error"], status: 502),
                .json(["message": "Server Error"], status: 502),
                .json(["ok": true])),
            .get("/paged", query: ["page": "2"], .json(["page": 2])),
            .get("/paged", .json(["page": 1])),
            .get("/empty", .empty(status: 204)),
        ])
        defer { server.stop() }

        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await fetch(server, "/flaky").status) }
        #expect(statuses == [502, 502, 200, 200])
        #expect(try await fetch(server, "/paged?per_page=100&page=2").json?["page"]?.int == 2)
        #expect(try await fetch(server, "/paged?per_page=100").json?["page"]?.int == 1)
        #expect(try await fetch(server, "/empty").status == 204)
        let missing = try await fetch(server, "/repos/nobody/nothing")
        #expect(missing.status == 404)
        // GitHub's recorded 404 (Tests/Fixtures/github/behaviour.json), as every fake GitHub answers it.
        #expect(missing.json?["message"] == "Not Found")
        #expect(
            missing.json?["documentation_url"]?.string?.hasPrefix("https://") == true,
            "\(String(describing: missing.json))")
    }

    @Test("If-None-Match → 304; avatars are distinct PNGs unless routed")
    func etagsAndAvatars() async throws {
        let server = try await FixtureServer.start(routes: [
            .get("/repos/twbs/bootstrap", .shared("interaction-repos-get-200-twbs-bootstrap.json")),
            .get("/_avatars/u/404", .text("Not Found", status: 404)),
        ])
        defer { server.stop() }

        let first = try await fetch(server, "/repos/twbs/bootstrap")
        let etag = try #require(first.headers["etag"])
        let again = try await fetch(server, "/repos/twbs/bootstrap", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)

        let a = try await fetch(server, "/_avatars/u/1?v=4")
        let b = try await fetch(server, "/_avatars/u/2?v=4")
        #expect(a.status == 200 && b.status == 200)
        #expect(a.headers["content-type"] == "image/png")
        #expect(a.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(a.body != b.body)
        #expect(try await fetch(server, "/_avatars/u/404").status == 404)

        let log = try await server.requests()
        #expect(log.count == 5, "GET /_log is not logged: \(log)")
        #expect(log[1].header("if-none-match") == etag)
    }

    @Test("--hold: each request waits, written to the held file as it arrives, until the test releases it")
    func holdsUntilReleased() async throws {
        let server = try await FixtureServer.start(
            routes: [.get("/repos/twbs/bootstrap", .shared("interaction-repos-get-200-twbs-bootstrap.json"))],
            options: ["--hold"])
        defer { server.stop() }
        let port = UInt16(server.port)
        // Reads wait as long as the test may: the answer comes only on release, however late that is.
        let answer = Task {
            try await RawHTTP.blocking {
                let socket = try RawSocket(port: port, timeout: 300)
                try socket.send("GET /repos/twbs/bootstrap HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return try socket.readHead().status
            }
        }
        let held = try await server.waitForHeldRequest { $0.pathOnly == "/repos/twbs/bootstrap" }
        #expect(held.status == nil, "answered before the release: \(held)")
        try server.release()
        #expect(try await answer.value == 200)
        // Released for good: later requests go straight through.
        #expect(try await RawHTTP.get(port: port, "/repos/twbs/bootstrap").status == 200)
        await #expect(throws: FixtureServerError.self) {
            try await server.waitForHeldRequest(deadline: 1) { $0.pathOnly == "/nothing" }
        }
    }
}
