import FlyingFox
import Foundation
import Synchronization
import Testing

@testable import RepoWatchServe

#if canImport(Glibc)
    import Glibc
#endif

/// A page is judged at its own socket: what it sent counts once it arrived, however late a busy
/// server reads it, and an interval in which the server had not sent its ping is not the page's.
/// (Under a loaded full run, the preview server read a page's answers late during a rebuild and
/// ended a page that had answered every ping: "send failed" in ServeSessionTests.)
@Suite("serve: whether a live-reload page answered")
struct LiveReloadLookTests {
    static func text(_ frame: WSFrame?) -> String? {
        guard let frame, frame.opcode == .text else { return nil }
        return String(decoding: frame.payload, as: UTF8.self)
    }

    @Test("bytes waiting unread in the page's socket are an answer; written and unanswered is silence")
    func lookAtTheSocket() throws {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for end in ends { close(end) } }
        let sockets = LiveReloadSockets()
        let id = try #require(sockets.reserve())
        sockets.attach(id, page: ends[0])
        #expect(sockets.look(id) == .notReached, "nothing sent to the page yet")
        sockets.reached(id)
        #expect(sockets.look(id) == .silent)
        // The page answers; this process has not read it (a rebuild holds every core).
        #expect(send(ends[1], [0x8A, 0x00], 2, 0) == 2)
        sockets.reached(id)
        #expect(sockets.look(id) == .answered)
        var drained = [UInt8](repeating: 0, count: 2)
        #expect(recv(ends[0], &drained, 2, 0) == 2)
        sockets.heard(id)
        #expect(sockets.look(id) == .answered, "read by the gate since the last look")
        #expect(sockets.look(id) == .notReached, "each look starts a new interval")
        sockets.release(id)
        #expect(sockets.look(id) == nil)
    }

    @Test("the hub counts only silent intervals; one the server did not reach neither counts nor resets")
    func hubCountsSilence() async throws {
        let ticks = HandTicks(connections: 1)
        let looks = Mutex<[LiveReloadSockets.PageInterval]>([])
        let ended = Mutex<[UInt64]>([])
        let (page, pageEnd) = AsyncThrowingStream<WSFrame, any Error>.makeStream()
        let hub = LiveReloadHub(
            pings: ticks.schedule,
            endConnection: { id in
                ended.withLock { $0.append(id) }
                pageEnd.finish()
            },
            look: { _ in looks.withLock { $0.isEmpty ? .silent : $0.removeFirst() } })
        var frames = hub.frames(for: page, id: 7).makeAsyncIterator()
        #expect(Self.text(await frames.next()) == #"{"type":"hello"}"#)
        // The first tick is free (the hello); then silent, not reached (a busy server), answered,
        // silent twice, not reached twice: still open after nine pings.
        let script: [LiveReloadSockets.PageInterval] = [
            .silent, .silent, .notReached, .answered, .silent, .silent, .notReached, .notReached,
        ]
        looks.withLock { $0 = [.silent] + script }
        for _ in 0...script.count {
            ticks.tick(0)
            #expect(await frames.next()?.opcode == .ping)
        }
        #expect(ended.withLock { $0 }.isEmpty, "ended although no three silent intervals came in a row")
        ticks.tick(0)
        #expect(await frames.next() == .close(code: .goingAway))
        #expect(ended.withLock { $0 } == [7])
    }
}
