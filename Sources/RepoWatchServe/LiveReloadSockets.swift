import Foundation
import Synchronization

/// The live-reload connections the gate relays, each under a number the gate gives it: at most
/// `limit` at once, and each can be ended from the hub when its page stops answering pings.
///
/// The hub ends a connection here, through the gate, rather than by closing its own end: the gate
/// shuts the page's socket, and the end travels on as the end of a stream (the gate's read, then
/// FlyingFox's), so no task is left waiting on a socket when it closes.
///
/// Whether a page answered is judged here too, at the page's own socket, not where the hub reads
/// its frames two relays later: a server busy with a rebuild reads late, and a page whose answer
/// waited unread in this process took the blame for it (see `look(_:)`).
package final class LiveReloadSockets: Sendable {
    package let limit: Int

    /// What the page of one connection did in the interval that just ended, as its socket shows it.
    enum PageInterval: Equatable, Sendable {
        /// The page sent something: read by the gate, or waiting in the socket for this process.
        case answered
        /// Nothing from the page, after the gate had written to it.
        case silent
        /// The gate wrote nothing to the page: this server was too late with its ping to blame the page.
        case notReached
    }

    private struct Connection {
        /// The page's socket, once the gate has connected on.
        var page: Int32?
        var heard = false
        var reached = false
    }

    private struct State {
        var next: UInt64 = 0
        var open: [UInt64: Connection] = [:]
    }

    private let state = Mutex(State())

    package init(limit: Int = 64) { self.limit = limit }

    package var count: Int { state.withLock { $0.open.count } }

    /// A number for a new connection; nil when `limit` are open.
    package func reserve() -> UInt64? {
        state.withLock { state in
            guard state.open.count < limit else { return nil }
            state.next += 1
            state.open[state.next] = Connection()
            return state.next
        }
    }

    /// The page's socket of connection `id`, to shut when the hub asks.
    package func attach(_ id: UInt64, page descriptor: Int32) {
        state.withLock { state in state.open[id]?.page = descriptor }
    }

    /// Forgets `id`; the gate calls it before it closes the socket, so a descriptor is never shut after
    /// its number could have been given to another socket.
    package func release(_ id: UInt64) {
        _ = state.withLock { $0.open.removeValue(forKey: id) }
    }

    /// The gate read bytes from connection `id`'s page.
    func heard(_ id: UInt64) {
        state.withLock { state in state.open[id]?.heard = true }
    }

    /// The gate wrote bytes to connection `id`'s page.
    func reached(_ id: UInt64) {
        state.withLock { state in state.open[id]?.reached = true }
    }

    /// What the page did since the last look (nil: no such connection). Bytes still waiting in its
    /// socket count as an answer: they arrived before this look, however late this process reads them.
    func look(_ id: UInt64) -> PageInterval? {
        state.withLock { state in
            guard let connection = state.open[id] else { return nil }
            state.open[id]?.heard = false
            state.open[id]?.reached = false
            var waiting: Int32 = 0
            if let page = connection.page, ioctl(page, UInt(FIONREAD), &waiting) != 0 { waiting = 0 }
            if connection.heard || waiting > 0 { return .answered }
            return connection.reached ? .silent : .notReached
        }
    }

    /// Shuts connection `id`'s page socket both ways, which ends its relay; nothing when it already ended.
    package func end(_ id: UInt64) {
        state.withLock { state in
            if let page = state.open[id]?.page { shutdown(page, Int32(SHUT_RDWR)) }
        }
    }
}
