import Foundation
import Testing

@testable import RepoWatchServe

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` through a browsing session, over raw sockets: pages keep loading after their live-reload
/// sockets close (every way a socket can close), connections are kept and closed quietly when idle,
/// and the preview answers only its own user (forged `Host`, foreign `Origin`, dead sockets, too many
/// sockets, `--host`).
@Suite("serve: a browsing session, for its user only", .timeLimit(.minutes(10)))
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

    @Test("a connection carries request after request, and one left idle is closed without a word (no 408)")
    func keptAliveAndIdle() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-keep-alive")
        defer { dir.remove() }
        let answers = try await RawHTTP.blocking {
            let socket = try RawSocket(port: port, timeout: 60)
            var answers: [RawHTTPResponse] = []
            for target in ["/", "/repos/apple/swift/", "/assets/style.css"] {
                try socket.send("GET \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
                answers.append(try socket.readResponse())
            }
            // Two at once (pipelined): both answered, on the same connection.
            try socket.send(
                "GET / HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\nHEAD / HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            answers.append(try socket.readResponse())
            answers.append(try socket.readResponse(method: "HEAD"))
            // The client says it is done: answered, then closed.
            try socket.send("GET / HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
            let last = try socket.readResponse()
            #expect(last.status == 200 && last.headers["connection"] == "close", "\(last)")
            #expect(try socket.closedQuietly())
            return answers
        }
        #expect(answers.map(\.status) == [200, 200, 200, 200, 200], "\(answers)")
        #expect(answers.allSatisfy { $0.headers["connection"] == "keep-alive" }, "\(answers.map(\.headers))")
        #expect(await server.interrupt() == 0)

        // Quiet connections, on a server that lets them be quiet for a second only.
        let (idleDir, idle, idlePort, _) = try await ServeTests.start("serve-idle", ["--idle-timeout", "1"])
        defer { idleDir.remove() }
        let afterAnswer = try await RawHTTP.blocking {
            let socket = try RawSocket(port: idlePort, timeout: 60)
            try socket.send("GET / HTTP/1.1\r\nHost: localhost:\(idlePort)\r\n\r\n")
            let page = try socket.readResponse()
            return (page.status, try socket.closedQuietly())
        }
        #expect(afterAnswer == (200, true), "an idle connection must be closed, never answered")
        // A connection opened ahead of need and never used: closed quietly too.
        let unused = try await RawHTTP.blocking { try RawSocket(port: idlePort, timeout: 60).closedQuietly() }
        #expect(unused)
        // A head that started and stopped is another matter: 408.
        let stalled = try await RawHTTP.blocking {
            let socket = try RawSocket(port: idlePort, timeout: 60)
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(idlePort)\r\n")
            return try socket.readHead().status
        }
        #expect(stalled == 408)
        #expect(await idle.interrupt() == 0)
    }

    @Test("a request that does not keep its connection (HTTP/1.0 without keep-alive, `Connection: Close`) ends it")
    func closedAsAsked() async throws {
        // An idle timeout of an hour: a connection closed for being idle does not pass for one closed as asked.
        let (dir, server, port, _) = try await ServeTests.start("serve-close-as-asked", ["--idle-timeout", "3600"])
        defer { dir.remove() }
        let host = "Host: 127.0.0.1:\(port)\r\n"
        for head in ["GET / HTTP/1.0\r\n\(host)\r\n", "GET / HTTP/1.1\r\n\(host)Connection: Close\r\n\r\n"] {
            let (answer, closed) = try await RawHTTP.blocking { () -> (RawHTTPResponse, Bool) in
                let socket = try RawSocket(port: port, timeout: 60)
                try socket.send(head)
                return (try socket.readResponse(), try socket.closedQuietly())
            }
            #expect(answer.status == 200 && answer.headers["connection"] == "close", "\(head): \(answer)")
            #expect(closed, "\(head): more came after the answer")
        }
        // HTTP/1.0 asking to keep its connection keeps it: a second request on it is answered.
        let kept = try await RawHTTP.blocking { () -> [RawHTTPResponse] in
            let socket = try RawSocket(port: port, timeout: 60)
            return try (0..<2).map { _ in
                try socket.send("GET / HTTP/1.0\r\n\(host)Connection: keep-alive\r\n\r\n")
                return try socket.readResponse()
            }
        }
        #expect(kept.map(\.status) == [200, 200], "\(kept)")
        #expect(kept.allSatisfy { $0.headers["connection"] == "keep-alive" }, "\(kept.map(\.headers))")
        #expect(await server.interrupt() == 0)
    }

    @Test("only its own names: a forged Host is refused; the live-reload socket opens only for its own pages")
    func forgedHostAndOrigin() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-forged")
        defer { dir.remove() }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            let page = try await RawHTTP.get(port: port, "/", host: host)
            #expect(page.status == 200, "\(host): \(page)")
        }
        let forged = [
            "evil.example", "evil.example:\(port)", "127.0.0.1:\(port &+ 1)", "localhost", "127.0.0.1",
            "rebind.evil.example:\(port)", "0.0.0.0:\(port)",
        ]
        for host in forged {
            let page = try await RawHTTP.get(port: port, "/", host: host)
            #expect(page.status == 403, "\(host): \(page)")
            #expect(!page.text.contains("Serve Test") && !page.text.contains("<html"), "\(host) saw the site")
        }
        #expect(try await RawHTTP.get(port: port, "/", host: nil).status == 400)

        for origin in ["https://evil.example", "http://evil.example:\(port)", "null", "http://127.0.0.1:\(port &+ 1)"] {
            let (status, _) = try await RawHTTP.webSocketAnswer(port: port, "/__repowatch/livereload", origin: origin)
            #expect(status == 403, "Origin \(origin)")
        }
        #expect(try await RawHTTP.webSocketAnswer(port: port, "/__repowatch/livereload", origin: nil).0 == 403)
        let (forgedHost, _) = try await RawHTTP.webSocketAnswer(
            port: port, "/__repowatch/livereload", origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
        #expect(forgedHost == 403)
        let own = try await RawHTTP.webSocket(port: port, "/__repowatch/livereload", origin: "http://localhost:\(port)")
        #expect(try await RawHTTP.nextMessage(own)?["type"] == "hello")
        #expect(await server.interrupt() == 0)
    }

    @Test("live-reload sockets are pinged: one silent for three pings is closed, one that answers stays")
    func pings() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-pings", ["--live-reload-ping", "10"])
        defer { dir.remove() }
        let socketPath = "/__repowatch/livereload"
        // The answering page opens its socket and pongs every ping on one thread of its own, until the
        // rebuild's reload reaches it: this test's task waits its turn on a busy machine, and a page that
        // waited with it would be silent for real (it once missed three pings while the task was away).
        let answeringOpen = DispatchSemaphore(value: 0)
        let reloadSeen = StartedWork { () -> (pongs: Int, text: String?) in
            let answering: RawSocket
            do {
                defer { answeringOpen.signal() }
                answering = try RawHTTP.openedWebSocket(port: port, socketPath, timeout: 120)
            }
            var pongs = 0
            while let frame = try answering.receiveFrame() {
                if frame.opcode == 0x9 {
                    try answering.send(RawSocket.clientFrame(opcode: 0xA, payload: frame.payload))
                    pongs += 1
                }
                if frame.opcode == 0x1, String(decoding: frame.payload, as: UTF8.self).contains("reload") {
                    return (pongs, String(decoding: frame.payload, as: UTF8.self))
                }
            }
            return (pongs, nil)
        }
        try await RawHTTP.blocking { answeringOpen.wait() }
        let silent = try await RawHTTP.webSocket(port: port, socketPath, timeout: 120)
        // The silent one hears hello and three pings it never answers, then goodbye (1001, when it
        // arrives before the socket is shut) and the end.
        let heard = try await RawHTTP.blocking {
            var opcodes: [UInt8] = []
            while let frame = try silent.receiveFrame() {
                opcodes.append(frame.opcode)
                if frame.opcode == 0x8 { #expect(frame.payload.prefix(2) == [0x03, 0xE9]) }
            }
            return opcodes
        }
        #expect(heard.first == 0x1 && heard.filter { $0 == 0x9 }.count == 3, "\(heard)")
        #expect(heard.allSatisfy { [0x1, 0x9, 0x8].contains($0) }, "\(heard)")
        // After the silent one went, the answering one is still there: a rebuild reaches it.
        try dir.write("site.yml", ServeTests.site.replacingOccurrences(of: "Serve Test", with: "Still Here"))
        let (pongs, reload) = try await reloadSeen.value
        #expect(pongs >= 1, "\(pongs) pings answered")
        #expect(reload == #"{"type":"reload"}"#)
        #expect(await server.interrupt() == 0)
    }

    @Test("live-reload sockets are capped: one past the limit gets 503, and a place frees when one closes")
    func cappedSockets() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-cap")
        defer { dir.remove() }
        let socketPath = "/__repowatch/livereload"
        let limit = LiveReloadSockets().limit
        var open: [RawSocket] = []
        for _ in 0..<limit { open.append(try await RawHTTP.webSocket(port: port, socketPath, timeout: 120)) }
        let (refused, refusedSocket) = try await RawHTTP.webSocketAnswer(port: port, socketPath)
        #expect(refused == 503)
        let quiet = try await RawHTTP.blocking { try refusedSocket.closedQuietly() }
        #expect(!quiet, "the 503 says why")
        // Pages still load while the sockets are all taken.
        #expect(try await RawHTTP.get(port: port, "/").status == 200)
        let first = open.removeFirst()
        try await RawHTTP.blocking { try first.end(.closeFrame) }
        // The place frees once the server has ended its side too: asked again until it has.
        var status = 0
        for _ in 0..<600 where status != 101 {
            status = try await RawHTTP.webSocketAnswer(port: port, socketPath).0
            if status != 101 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 101)
        #expect(await server.interrupt() == 0)
    }

    @Test("--host 0.0.0.0: one warning, the machine's own addresses answered, other names still refused")
    func wildcardHost() async throws {
        let addresses = HostPolicy.localAddresses().filter { !$0.contains(":") && !$0.hasPrefix("127.") }
        let (dir, server, port, _) = try await ServeTests.start("serve-wildcard", ["--host", "0.0.0.0"])
        defer { dir.remove() }
        let warning = "not only on this machine"
        // Said before the build; stderr comes through a pipe read as it fills, so it is waited for.
        #expect(await server.waitForStderr("Built"), "\(server.stderr)")
        #expect(server.stderr.components(separatedBy: warning).count == 2, "\(server.stderr)")
        #expect(server.stderr.contains("private: include"))
        for address in addresses {
            #expect(
                await server.waitForStderr("http://\(address):\(port)/"), "\(address) not offered: \(server.stderr)")
            #expect(try await RawHTTP.get(port: port, "/", host: "\(address):\(port)").status == 200, "\(address)")
            let (status, _) = try await RawHTTP.webSocketAnswer(
                port: port, "/__repowatch/livereload", origin: "http://\(address):\(port)", host: "\(address):\(port)")
            #expect(status == 101)
        }
        #expect(try await RawHTTP.get(port: port, "/").status == 200)
        #expect(try await RawHTTP.get(port: port, "/", host: "evil.example:\(port)").status == 403)
        #expect(await server.interrupt() == 0)

        let (loopDir, loopback, _, _) = try await ServeTests.start("serve-loopback", ["--host", "127.0.0.1"])
        defer { loopDir.remove() }
        #expect(!loopback.stderr.contains(warning))
        #expect(await loopback.interrupt() == 0)

        let bad = try await BinaryRunner.run(
            ["serve", "--sample", "--host", "example.com"], in: dir.url,
            environment: BinaryRunner.environment(home: dir.url.appendingPathComponent("home")), timeout: 30)
        #expect(bad.status == 2 && bad.stderr.contains("--host"), "\(bad)")
    }
}
