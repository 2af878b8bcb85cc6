import Foundation
import Testing

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C ends the preview at once, whatever an open browser tab holds: a connection it opened ahead of
/// need, one kept alive after a page, the page's live-reload socket. Only a request already under way is
/// finished. (The stop used to wait for such connections up to the idle timeout, 15 s.)
@Suite("serve: Ctrl-C stops at once", .timeLimit(.minutes(5)))
struct ServeStopTests {
    @Test("Ctrl-C closes idle connections and live-reload sockets (going away) at once, finishes a request under way")
    func stopsAtOnce() async throws {
        // An idle timeout of an hour: a stop that waited for idle connections would outlast the deadline below.
        let (dir, server, port, _) = try await ServeTests.start("serve-stop-now", ["--idle-timeout", "3600"])
        defer { dir.remove() }
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let keptAlive = try await RawHTTP.blocking { () -> (RawSocket, RawHTTPResponse) in
            let socket = try RawSocket(port: port, timeout: 60)
            try socket.send("GET / HTTP/1.1\r\n\(host)\r\n")
            return (socket, try socket.readResponse())
        }
        #expect(keptAlive.1.status == 200 && keptAlive.1.headers["connection"] == "keep-alive", "\(keptAlive.1)")
        // A request whose head has begun to arrive, and one opened ahead of need and never used.
        let underWay = try await RawHTTP.blocking { () -> RawSocket in
            let socket = try RawSocket(port: port, timeout: 60)
            try socket.send("GET /assets/style.css HTTP/1.1\r\n\(host)")
            return socket
        }
        let unused = try await RawHTTP.blocking { try RawSocket(port: port, timeout: 60) }
        // Opened last: its answer means the server has taken the connections before it.
        let page = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload", timeout: 60)
        #expect(try await RawHTTP.nextMessage(page)?["type"] == "hello")

        kill(server.process.processIdentifier, SIGINT)
        // Each read below gives up after the socket's 60 s: only a stop that waits for the idle time gets there.
        #expect(try await RawHTTP.blocking { try unused.closedQuietly() }, "the unused connection got an answer")
        let finished = try await RawHTTP.blocking { () -> (RawHTTPResponse, Bool) in
            try underWay.send("\r\n")
            let answer = try underWay.readResponse()
            return (answer, try underWay.closedQuietly())
        }
        #expect(finished.0.status == 200 && finished.0.contentType.hasPrefix("text/css"), "\(finished.0)")
        #expect(finished.1, "the request under way was answered, but its connection was kept")
        #expect(
            try await RawHTTP.blocking { try keptAlive.0.closedQuietly() }, "the kept-alive connection got an answer")
        let heard = try await RawHTTP.blocking { ServeLimitsTests.heardUntilEnd(page) }
        #expect(heard.ended && heard.closeCode == 1001, "the page's socket did not hear going away: \(heard)")
        #expect(await server.exitStatus(within: 60) == 0, "\(server.stderr.suffix(2000))")
        #expect(await server.waitForStderr("Stopped."), "\(server.stderr.suffix(2000))")
    }
}
