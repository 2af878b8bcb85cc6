import Foundation
import Testing

@testable import RepoWatchServe

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` through a browsing session, over raw sockets: pages keep loading after their live-reload
/// sockets close, every way a socket can close.
@Suite("serve: a browsing session", .timeLimit(.minutes(10)))
struct ServeSessionTests {
    @Test("WebSockets closed every way (close frame, reset, half-close), then every new request gets a 200")
    func socketsClosedEveryWay() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-ws-endings")
        defer { dir.remove() }
        for round in 0..<6 {
            for ending in RawSocket.Ending.allCases {
                let socket = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload")
                #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")
                try await RawHTTP.blocking { try socket.end(ending) }
                // A generous wait: only a server that stalled (the old 408 after 10 s) reaches it.
                for target in ["/", "/repos/apple/swift/", "/assets/style.css"] {
                    let page = try await RawHTTP.get(port: port, target, timeout: 60)
                    #expect(page.status == 200, "\(ending) (round \(round)), then \(target): \(page)")
                }
            }
        }
        #expect(await server.interrupt() == 0, "\(server.stderr.suffix(2000))")
    }
}
