import Foundation
import Testing

@testable import RepoWatchServe

/// Which `Host` and `Origin` values the preview answers: its own names, never a page's elsewhere.
@Suite("serve: the names it answers to and the pages that may live-reload")
struct HostPolicyTests {
    static func head(host: String?, origin: String? = nil, upgrade: Bool = false) throws -> RequestHead {
        var text = "GET /\(upgrade ? "__repowatch/livereload" : "") HTTP/1.1\r\n"
        if let host { text += "Host: \(host)\r\n" }
        if let origin { text += "Origin: \(origin)\r\n" }
        if upgrade { text += "Upgrade: websocket\r\nConnection: Upgrade\r\n" }
        let bytes = Array((text + "\r\n").utf8)
        let end = try #require(RequestHead.headEnd(bytes, from: 0))
        return try RequestHead.parse(Array(bytes[..<end.head]), rest: [], RequestGate.Limits())
    }

    @Test("loopback: 127.0.0.1, localhost and [::1] with the port; any other name or port is refused")
    func loopback() throws {
        let policy = HostPolicy(address: "127.0.0.1", port: 8123, localAddresses: ["192.168.1.20"])
        for host in ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"] {
            #expect(policy.refusal(for: try Self.head(host: host)) == nil, "\(host)")
        }
        let forged = [
            "evil.example", "evil.example:8123", "127.0.0.1", "127.0.0.1:8000", "localhost", "192.168.1.20:8123",
            "127.0.0.1:8123.evil.example", "localhost.:8123", "",
        ]
        for host in forged {
            let refusal = policy.refusal(for: try Self.head(host: host))
            #expect(refusal != nil, "\(host)")
            let answer = String(decoding: refusal?.response ?? Data(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 403 "))
        }
        #expect(policy.refusal(for: try Self.head(host: nil)) != nil)
    }

    @Test("the live-reload socket opens only for the preview's own pages")
    func origins() throws {
        let policy = HostPolicy(address: "127.0.0.1", port: 8123, localAddresses: [])
        for origin in ["http://127.0.0.1:8123", "http://localhost:8123", "http://[::1]:8123"] {
            #expect(policy.refusal(for: try Self.head(host: "127.0.0.1:8123", origin: origin, upgrade: true)) == nil)
        }
        let foreign = [
            nil, "null", "https://evil.example", "http://evil.example:8123", "https://127.0.0.1:8123",
            "http://127.0.0.1:8000", "http://127.0.0.1:8123/", "file://",
        ]
        for origin in foreign {
            #expect(
                policy.refusal(for: try Self.head(host: "127.0.0.1:8123", origin: origin, upgrade: true)) != nil,
                "\(origin ?? "no Origin")")
        }
        // A page of another site may still link to the preview: only the socket checks Origin.
        #expect(policy.refusal(for: try Self.head(host: "127.0.0.1:8123", origin: "https://evil.example")) == nil)
    }

    @Test("--host: the address given; a wildcard adds the machine's own addresses; port 80 also bare")
    func hosts() {
        let one = HostPolicy(address: "192.168.1.20", port: 8000, localAddresses: ["10.0.0.5"])
        #expect(one.allows(host: "192.168.1.20:8000") && !one.allows(host: "10.0.0.5:8000"))
        let all = HostPolicy(address: "0.0.0.0", port: 8000, localAddresses: ["10.0.0.5", "fe80::1"])
        #expect(all.allows(host: "10.0.0.5:8000") && all.allows(host: "[fe80::1]:8000"))
        #expect(!all.allows(host: "0.0.0.0:8000") && !all.allows(host: "evil.example:8000"))
        #expect(all.allows(origin: "http://10.0.0.5:8000"))
        let standard = HostPolicy(address: "127.0.0.1", port: 80, localAddresses: [])
        #expect(standard.allows(host: "localhost") && standard.allows(host: "localhost:80"))
        #expect(!HostPolicy.localAddresses().isEmpty)
    }

    @Test("keep-alive as the client asks: HTTP/1.1 unless close, HTTP/1.0 only with keep-alive; the rest kept")
    func keepAlive() throws {
        func parse(_ text: String) throws -> RequestHead {
            let bytes = Array(text.utf8)
            let end = try #require(RequestHead.headEnd(bytes, from: 0))
            return try RequestHead.parse(Array(bytes[..<end.head]), rest: Array(bytes[end.rest...]), .init())
        }
        #expect(try parse("GET / HTTP/1.1\r\nHost: a\r\n\r\n").keepsAlive)
        #expect(try !parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n").keepsAlive)
        #expect(try !parse("GET / HTTP/1.0\r\nHost: a\r\n\r\n").keepsAlive)
        #expect(try parse("GET / HTTP/1.0\r\nHost: a\r\nConnection: keep-alive\r\n\r\n").keepsAlive)
        let pipelined = try parse("GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\n")
        #expect(pipelined.rest == Array("GET /b HTTP/1.1\r\n".utf8) && pipelined.target == "/a")
        #expect(String(decoding: pipelined.forwarded, as: UTF8.self).hasSuffix("Connection: close\r\n\r\n"))
        #expect(throws: RequestHead.Refusal.malformed) { try parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") }
    }

    @Test("the answer's head says keep-alive only when asked and its length is known")
    func answerHead() {
        let known = Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close".utf8)
        let kept = AnswerHead(known, keepAlive: true)
        #expect(kept.keepsAlive)
        #expect(
            String(decoding: kept.data, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\n")
        #expect(!AnswerHead(known, keepAlive: false).keepsAlive)
        let unknown = AnswerHead(Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain".utf8), keepAlive: true)
        #expect(!unknown.keepsAlive && String(decoding: unknown.data, as: UTF8.self).contains("Connection: close\r\n"))
    }
}
