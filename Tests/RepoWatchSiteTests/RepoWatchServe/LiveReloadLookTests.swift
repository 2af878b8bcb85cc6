import Foundation
import Synchronization
import Testing

@testable import RepoWatchServe

/// A page is judged at its own socket: what it sent counts once the event loop read it, however late a
/// busy server's task gets to it, and an interval in which the server had not sent its ping is not the page's.
/// (Under a loaded full run, the preview server read a page's answers late during a rebuild and
/// ended a page that had answered every ping: "send failed" in ServeSessionTests.)
@Suite("serve: whether a live-reload page answered")
struct LiveReloadLookTests {
    @Test("a page that sent anything answered; written to and unanswered is silence; unreached is neither")
    func lookAtTheSocket() throws {
        let sockets = LiveReloadSockets()
        let id = try #require(sockets.reserve())
        #expect(sockets.look(id) == .notReached, "nothing sent to the page yet")
        sockets.reached(id)
        #expect(sockets.look(id) == .silent)
        sockets.reached(id)
        sockets.heard(id)
        #expect(sockets.look(id) == .answered)
        sockets.heard(id)
        #expect(sockets.look(id) == .answered, "heard, though nothing was written since")
        #expect(sockets.look(id) == .notReached, "each look starts a new interval")
        sockets.release(id)
        #expect(sockets.look(id) == nil)
    }

    @Test("at most `limit` connections hold a place; a released one frees it")
    func places() throws {
        let sockets = LiveReloadSockets(limit: 2)
        let first = try #require(sockets.reserve())
        #expect(sockets.reserve() != nil)
        #expect(sockets.reserve() == nil)
        sockets.release(first)
        #expect(sockets.reserve() != nil && sockets.count == 2)
    }

    @Test("the hub counts only silent intervals; one the server did not reach neither counts nor resets")
    func hubCountsSilence() async throws {
        let ticks = HandTicks(connections: 1)
        let looks = Mutex<[LiveReloadSockets.PageInterval]>([])
        let (page, _) = AsyncThrowingStream<Void, any Error>.makeStream()
        let hub = LiveReloadHub(pings: ticks.schedule) { _ in looks.withLock { $0.isEmpty ? .silent : $0.removeFirst() }
        }
        var frames = hub.messages(for: page, id: 7).makeAsyncIterator()
        #expect(ServeUnitTests.text(await frames.next()) == #"{"type":"hello"}"#)
        // The first tick is free (the hello); then silent, not reached (a busy server), answered,
        // silent twice, not reached twice: still open after nine pings.
        let script: [LiveReloadSockets.PageInterval] = [
            .silent, .silent, .notReached, .answered, .silent, .silent, .notReached, .notReached,
        ]
        looks.withLock { $0 = [.silent] + script }
        for _ in 0...script.count {
            ticks.tick(0)
            #expect(await frames.next() == .ping, "ended although no three silent intervals came in a row")
        }
        ticks.tick(0)
        #expect(await frames.next() == .goodbye)
    }
}
