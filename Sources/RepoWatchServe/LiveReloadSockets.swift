import Foundation
import Synchronization

/// The live-reload connections the gate relays, each under a number the gate gives it: at most
/// `limit` at once, and each can be ended from the hub when its page stops answering pings.
///
/// The hub ends a connection here, through the gate, rather than by closing its own end: the gate
/// shuts the page's socket, and the end travels on as the end of a stream (the gate's read, then
/// FlyingFox's), so no task is left waiting on a socket when it closes.
package final class LiveReloadSockets: Sendable {
    package let limit: Int

    private struct State {
        var next: UInt64 = 0
        /// The page's socket, once the gate has connected on; nil while it connects.
        var open: [UInt64: Int32?] = [:]
    }

    private let state = Mutex(State())

    package init(limit: Int = 64) { self.limit = limit }

    package var count: Int { state.withLock { $0.open.count } }

    /// A number for a new connection; nil when `limit` are open.
    package func reserve() -> UInt64? {
        state.withLock { state in
            guard state.open.count < limit else { return nil }
            state.next += 1
            state.open[state.next] = .some(nil)
            return state.next
        }
    }

    /// The page's socket of connection `id`, to shut when the hub asks.
    package func attach(_ id: UInt64, page descriptor: Int32) {
        state.withLock { state in
            if state.open[id] != nil { state.open[id] = .some(descriptor) }
        }
    }

    /// Forgets `id`; the gate calls it before it closes the socket, so a descriptor is never shut after
    /// its number could have been given to another socket.
    package func release(_ id: UInt64) {
        _ = state.withLock { $0.open.removeValue(forKey: id) }
    }

    /// Shuts connection `id`'s page socket both ways, which ends its relay; nothing when it already ended.
    package func end(_ id: UInt64) {
        state.withLock { state in
            if case .some(.some(let descriptor)) = state.open[id] { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }
}
