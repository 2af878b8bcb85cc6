import NIOCore
import Synchronization

/// The open live-reload connections, each under a number given when its upgrade is let through: at
/// most `limit` at once, and each can be ended when its page stops answering pings.
///
/// Whether a page answered is judged here, at the page's own socket (`LiveReloadActivity` at the
/// front of its pipeline notes every read and write as the event loop does it), not where the hub
/// reads its frames: a server busy with a rebuild runs its tasks late, and a page whose answer
/// waited unread in this process would take the blame for it (see `look(_:)`).
final class LiveReloadSockets: Sendable {
    let limit: Int

    /// What the page of one connection did in the interval that just ended, as its socket shows it.
    enum PageInterval: Equatable, Sendable {
        /// The page sent something.
        case answered
        /// Nothing from the page, after the server had written to it.
        case silent
        /// The server wrote nothing to the page: it was too late with its ping to blame the page.
        case notReached
    }

    private struct Connection {
        var channel: (any Channel)?
        var heard = false
        var reached = false
    }

    private struct State {
        var next: UInt64 = 0
        var open: [UInt64: Connection] = [:]
        /// Waiting for `open` to empty.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(limit: Int = 64) { self.limit = limit }

    var count: Int { state.withLock { $0.open.count } }

    /// A number for a new connection on `channel`; nil when `limit` are open.
    func reserve(_ channel: (any Channel)? = nil) -> UInt64? {
        state.withLock { state in
            guard state.open.count < limit else { return nil }
            state.next += 1
            state.open[state.next] = Connection(channel: channel)
            return state.next
        }
    }

    /// Forgets `id` (its socket closed): its place is free again.
    func release(_ id: UInt64) {
        let waiting = state.withLock { state in
            state.open.removeValue(forKey: id)
            guard state.open.isEmpty else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once no connection is open.
    func allClosed() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard !state.open.isEmpty else { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Closes every connection's socket.
    func endAll() {
        let channels = state.withLock { $0.open.values.compactMap(\.channel) }
        for channel in channels { channel.close(promise: nil) }
    }

    /// Bytes arrived from connection `id`'s page.
    func heard(_ id: UInt64) {
        state.withLock { state in state.open[id]?.heard = true }
    }

    /// Bytes went out to connection `id`'s page.
    func reached(_ id: UInt64) {
        state.withLock { state in state.open[id]?.reached = true }
    }

    /// What the page did since the last look (nil: no such connection).
    func look(_ id: UInt64) -> PageInterval? {
        state.withLock { state in
            guard let connection = state.open[id] else { return nil }
            state.open[id]?.heard = false
            state.open[id]?.reached = false
            if connection.heard { return .answered }
            return connection.reached ? .silent : .notReached
        }
    }

    /// Closes connection `id`'s socket; nothing when it already closed.
    func end(_ id: UInt64) {
        let channel = state.withLock { $0.open[id]?.channel }
        channel?.close(promise: nil)
    }
}

/// At the front of a live-reload connection's pipeline: tells `LiveReloadSockets` of every byte read
/// from the page and written to it, and frees the connection's place when its socket closes.
final class LiveReloadActivity: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let sockets: LiveReloadSockets
    let id: UInt64

    init(sockets: LiveReloadSockets, id: UInt64) {
        self.sockets = sockets
        self.id = id
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sockets.heard(id)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.whenSuccess { [sockets, id] in sockets.reached(id) }
        context.write(data, promise: written)
    }

    func channelInactive(context: ChannelHandlerContext) {
        sockets.release(id)
        context.fireChannelInactive()
    }
}
