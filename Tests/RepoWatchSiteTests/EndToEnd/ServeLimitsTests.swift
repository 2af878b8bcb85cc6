import Foundation
import Testing

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The preview's limits are Hummingbird's settings (`ServeLimits`): one client past them loses its own
/// connection, never the server or another client's. (Behind the hand-written gate it replaced, one
/// WebSocket frame could declare 2⁴⁰ bytes, and 260 idle connections kept a real request waiting
/// until the idle timeout.)
@Suite("serve: one client's excess costs only its own connection", .timeLimit(.minutes(5)))
struct ServeLimitsTests {
    static let socketPath = "/__repowatch/livereload"

    /// A masked client frame's head declaring `length` bytes of payload (the 8-byte length past 65,535).
    static func frameHead(opcode: UInt8, length: UInt64) -> [UInt8] {
        var head: [UInt8] = [0x80 | opcode]
        if length < 126 {
            head.append(0x80 | UInt8(length))
        } else if length <= 0xFFFF {
            head += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            head.append(0x80 | 127)
            head += (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xFF) }
        }
        return head + [0x37, 0xFA, 0x21, 0x3D]
    }

    /// What a socket heard until its end: each frame's opcode, and the close frame's code if one came.
    static func heardUntilEnd(_ socket: RawSocket) -> (opcodes: [UInt8], closeCode: Int?, ended: Bool) {
        var opcodes: [UInt8] = []
        var closeCode: Int?
        while true {
            let frame: (opcode: UInt8, payload: [UInt8])?
            do {
                frame = try socket.receiveFrame()
            } catch {
                // A reset ends it too; a read that timed out does not.
                return (opcodes, closeCode, errno == ECONNRESET)
            }
            guard let frame else { return (opcodes, closeCode, true) }
            opcodes.append(frame.opcode)
            if frame.opcode == 0x8, frame.payload.count >= 2 {
                closeCode = Int(frame.payload[0]) << 8 | Int(frame.payload[1])
            }
        }
    }

    @Test("a client frame over 64 KiB closes that socket (1009); the server and the other sockets carry on")
    func oversizedFrame() async throws {
        let (dir, server, port, _) = try await ServeTests.start("serve-frame")
        defer { dir.remove() }
        let before = try #require(ProcessMemory(pid: server.process.processIdentifier))
        let other = try await RawHTTP.webSocket(port: port, Self.socketPath, timeout: 60)
        #expect(try await RawHTTP.nextMessage(other)?["type"] == "hello")
        // Just past the limit, sent whole; then a head that declares 2⁴⁰ bytes and sends a few.
        for (length, sent) in [(UInt64(64 * 1024 + 1), 64 * 1024 + 1), (UInt64(1) << 40, 4096)] {
            let socket = try await RawHTTP.webSocket(port: port, Self.socketPath, timeout: 60)
            #expect(try await RawHTTP.nextMessage(socket)?["type"] == "hello")
            let heard = try await RawHTTP.blocking {
                // The server may close before it has read it all: what it no longer takes is not this test's.
                try? socket.send(Self.frameHead(opcode: 0x1, length: length) + [UInt8](repeating: 0x61, count: sent))
                return Self.heardUntilEnd(socket)
            }
            #expect(heard.ended, "\(length) bytes: the socket stayed open: \(heard)")
            #expect(heard.closeCode == nil || heard.closeCode == 1009, "\(heard)")
        }
        // The other page's socket still answers: its ping comes back as a pong with the same words.
        let pong = try await RawHTTP.blocking { () -> [UInt8]? in
            try other.send(RawSocket.clientFrame(opcode: 0x9, payload: Array("still here".utf8)))
            while let frame = try other.receiveFrame() {
                if frame.opcode == 0xA { return frame.payload }
            }
            return nil
        }
        #expect(pong == Array("still here".utf8))
        #expect(try await RawHTTP.get(port: port, "/").status == 200)
        let after = try #require(ProcessMemory(pid: server.process.processIdentifier), "serve died")
        // Resident memory, in KiB: nothing near what the frames declared.
        #expect((after.peak - before.resident) / 1024 < 256, "grew from \(before.resident) to \(after.peak) KiB")
        #expect(await server.interrupt() == 0, "\(server.stderr.suffix(2000))")
    }

    @Test("300 idle connections do not keep a real request from being answered within a second")
    func idleCrowd() async throws {
        // An idle timeout longer than any run: on a loaded machine opening the crowd can outlast the default
        // one, which would close the first connections for being idle, not to make room.
        let (dir, server, port, _) = try await ServeTests.start("serve-idle-crowd", ["--idle-timeout", "3600"])
        defer { dir.remove() }
        #expect(try await RawHTTP.get(port: port, "/").status == 200)
        let idle = try await RawHTTP.blocking { try (0..<300).map { _ in try RawSocket(port: port, timeout: 60) } }
        // Answered once the server has taken in every connection before it (a loaded machine may take
        // its time over that); the one after it is timed.
        #expect(try await RawHTTP.get(port: port, "/", timeout: 60).status == 200)
        // The deadline is the socket's: a read that waits past a second fails, and so does the whole answer.
        let answered = try await RawHTTP.blocking { () -> (status: Int, seconds: Double) in
            let started = ContinuousClock.now
            let socket = try RawSocket(port: port, timeout: 1)
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            let status = try socket.readResponse().status
            let elapsed = ContinuousClock.now - started
            return (status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        #expect(answered.status == 200)
        #expect(answered.seconds < 1, "answered after \(answered.seconds) s")
        // The crowd was still there: none of it had been closed to make room.
        let stillOpen = try await RawHTTP.blocking { idle.prefix(5).allSatisfy { $0.isOpen } }
        #expect(stillOpen)
        // Still open at the stop, which closes them at once (it does not wait out the idle hour).
        #expect(await server.interrupt() == 0, "\(server.stderr.suffix(2000))")
        let closed = try await RawHTTP.blocking { try idle.prefix(5).allSatisfy { try $0.closedQuietly() } }
        #expect(closed)
    }
}
