import Foundation
import Testing

@testable import RepoWatchServe
@testable import RepoWatchSite

/// The serve gate's reading of a request head: what goes on to FlyingFox, and what is refused.
@Suite("serve: the request gate's head checks")
struct RequestHeadTests {
    static let limits = RequestGate.Limits()

    static func parse(_ text: String) throws -> RequestHead {
        let bytes = Array(text.utf8)
        let end = try #require(RequestHead.headEnd(bytes, from: 0))
        return try RequestHead.parse(Array(bytes[..<end.head]), rest: Array(bytes[end.rest...]), limits)
    }

    @Test("a GET goes on with Connection: close, its keep-alive and zero length dropped")
    func forwardsGet() throws {
        let head = try Self.parse(
            "GET /a/b.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")
        #expect(!head.isUpgrade)
        #expect(
            String(decoding: head.forwarded, as: UTF8.self)
                == "GET /a/b.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    }

    @Test("a WebSocket upgrade keeps its Upgrade and the bytes sent after the head")
    func forwardsUpgrade() throws {
        let head = try Self.parse(
            "GET /__repowatch/livereload HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n\u{81}")
        #expect(head.isUpgrade)
        let text = String(decoding: head.forwarded, as: UTF8.self)
        #expect(text.hasSuffix("Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n\u{81}"))
    }

    @Test("the gate names the live-reload connection for the hub; a page cannot name one itself")
    func namesTheConnection() throws {
        let head = try Self.parse(
            "GET /__repowatch/livereload HTTP/1.1\r\nX-Repowatch-Live-Reload-Connection: 7\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\n\r\n\u{81}")
        #expect(!String(decoding: head.forwarded, as: UTF8.self).lowercased().contains("live-reload-connection"))
        let named = String(decoding: head.forwarded(liveReloadConnection: 42), as: UTF8.self)
        #expect(
            named
                == "GET /__repowatch/livereload HTTP/1.1\r\nUpgrade: websocket\r\n"
                + "x-repowatch-live-reload-connection: 42\r\nConnection: Upgrade\r\n\r\n\u{81}")
    }

    @Test(
        "broken heads are refused",
        arguments: [
            "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "get / HTTP/1.1\r\n\r\n", "GET http://x/ HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nno colon\r\n\r\n", "GET / HTTP/1.1\r\n Folded: x\r\n\r\n", "GET /\u{0} HTTP/1.1\r\n\r\n",
            "GET /\u{E9} HTTP/1.1\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n",
        ])
    func refusesMalformed(_ text: String) {
        #expect(throws: RequestHead.Refusal.malformed) { try Self.parse(text) }
    }

    @Test("bodies are refused: the preview only serves files")
    func refusesBodies() {
        for text in [
            "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        ] {
            #expect(throws: RequestHead.Refusal.hasBody) { try Self.parse(text) }
        }
    }

    @Test("too many header lines, or a head past 16 KB, are too large")
    func refusesLargeHeads() {
        let many = "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"
        #expect(throws: RequestHead.Refusal.tooLarge) { try Self.parse(many) }
        let long = "GET /" + String(repeating: "a", count: 17 * 1024) + " HTTP/1.1\r\n\r\n"
        #expect(throws: RequestHead.Refusal.tooLarge) { try Self.parse(long) }
        #expect(String(decoding: RequestHead.Refusal.tooLarge.response, as: UTF8.self).hasPrefix("HTTP/1.1 431 "))
    }
}
