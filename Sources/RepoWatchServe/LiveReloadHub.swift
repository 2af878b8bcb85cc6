import FlyingFox
import Foundation
import Synchronization

/// The open pages' WebSocket connections: tells each to reload after a rebuild, or shows it the
/// error of a failed one. New connections first get `hello`, then the current error if there is one.
///
/// Each connection is pinged on `pings`' schedule; one that has said nothing for
/// `PingSchedule.missedAllowed` pings in a row (a laptop lid closed, a phone gone off the network) is
/// taken for gone: it hears goodbye and `endConnection` ends it, so dead connections do not pile up
/// against the gate's limit. A page answers pings by itself (the browser does), so a busy machine
/// that answers late loses nothing: only a whole run of silent intervals ends a connection. Whether
/// the page answered is asked of the gate (`LiveReloadSockets.look`), which sees the page's socket:
/// what the page sent counts from the moment it arrived, not from when this busy server read it
/// two relays later, and an interval in which the server had not even sent its ping is not the page's.
final class LiveReloadHub: Sendable {
    enum Event: Equatable, Sendable {
        case reload
        case error(String)
    }

    let pings: PingSchedule
    /// Ends the connection the gate numbered so: both of its sockets are shut, and every read on them
    /// ends as at the end of a stream (see `LiveReloadSockets`).
    private let endConnection: @Sendable (UInt64) -> Void
    /// What the gate saw of connection `id`'s page since the last look (nil: unknown to the gate).
    private let look: @Sendable (UInt64) -> LiveReloadSockets.PageInterval?
    private let state = Mutex(State())

    private struct State {
        var clients: [UUID: AsyncStream<WSFrame>.Continuation] = [:]
        var currentError: String?
        var closed = false
    }

    init(
        pings: PingSchedule = .every(.seconds(30)), endConnection: @escaping @Sendable (UInt64) -> Void = { _ in },
        look: @escaping @Sendable (UInt64) -> LiveReloadSockets.PageInterval? = { _ in nil }
    ) {
        self.pings = pings
        self.endConnection = endConnection
        self.look = look
    }

    /// The error of the last failed rebuild; nil once a rebuild succeeds.
    var error: String? { state.withLock { $0.currentError } }

    var clientCount: Int { state.withLock { $0.clients.count } }

    /// The handler of one connection; `id` is the gate's number for it (nil when it came some other way,
    /// and then a silent one only hears goodbye).
    func connection(_ id: UInt64?) -> some WSHandler { Connection(hub: self, id: id) }

    private struct Connection: WSHandler {
        let hub: LiveReloadHub
        let id: UInt64?

        func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
            hub.frames(for: client, id: id)
        }
    }

    func frames(for client: AsyncThrowingStream<WSFrame, any Error>, id: UInt64?) -> AsyncStream<WSFrame> {
        let (frames, out) = AsyncStream<WSFrame>.makeStream()
        let key = UUID()
        let error: String?? = state.withLock { state in
            guard !state.closed else { return .none }
            state.clients[key] = out
            return .some(state.currentError)
        }
        guard let error else {
            out.finish()
            return frames
        }
        out.yield(Self.text(["type": "hello"]))
        if let error { out.yield(Self.text(["type": "error", "message": error])) }
        Task { [pings, endConnection, look] in
            let heard = Heard()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    guard await Self.ping(out, pings, heard: heard, look: { id.flatMap(look) }) else { return }
                    out.yield(.close(code: .goingAway))
                    if let id { endConnection(id) }
                }
                // Until the page's side ends (its close, the end of its stream): nothing waits on the
                // socket afterwards, when FlyingFox closes it.
                await Self.read(client, into: out, heard: heard)
                group.cancelAll()
            }
            self.drop(key)
        }
        return frames
    }

    /// The page's frames: any frame counts as an answer, pings are answered, a close is echoed and ends it.
    private static func read(
        _ client: AsyncThrowingStream<WSFrame, any Error>, into out: AsyncStream<WSFrame>.Continuation, heard: Heard
    ) async {
        do {
            for try await frame in client {
                heard.set()
                switch frame.opcode {
                case .ping: out.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                case .close:
                    out.yield(WSFrame(fin: true, opcode: .close, mask: nil, payload: frame.payload.prefix(2)))
                    return
                default: break
                }
            }
        } catch {}
    }

    /// Pings at each tick; true once the page has been silent for `missedAllowed` ticks in a row, false
    /// when the ticks stop (the connection ended).
    private static func ping(
        _ out: AsyncStream<WSFrame>.Continuation, _ pings: PingSchedule, heard: Heard,
        look: () -> LiveReloadSockets.PageInterval?
    ) async -> Bool {
        var missed = 0
        for await _ in pings.ticks() {
            switch (heard.take(), look()) {
            case (true, _), (_, .answered?): missed = 0
            case (false, .notReached?): break
            case (false, .silent?), (false, nil): missed += 1
            }
            if missed >= pings.missedAllowed { return true }
            out.yield(WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data()))
        }
        return false
    }

    func send(_ event: Event) {
        let frame: WSFrame
        let targets: [AsyncStream<WSFrame>.Continuation] = state.withLock { state in
            switch event {
            case .reload: state.currentError = nil
            case .error(let message): state.currentError = message
            }
            return Array(state.clients.values)
        }
        switch event {
        case .reload: frame = Self.text(["type": "reload"])
        case .error(let message): frame = Self.text(["type": "error", "message": message])
        }
        for client in targets { client.yield(frame) }
    }

    /// Closes every connection, so the server can stop without waiting for open pages.
    func closeAll() {
        let targets: [AsyncStream<WSFrame>.Continuation] = state.withLock { state in
            state.closed = true
            defer { state.clients.removeAll() }
            return Array(state.clients.values)
        }
        for client in targets {
            client.yield(.close(code: .goingAway))
            client.finish()
        }
    }

    private func drop(_ key: UUID) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: key) }
        continuation?.finish()
    }

    static func text(_ object: [String: String]) -> WSFrame {
        WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(json(object).utf8))
    }

    static func json(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// When the hub pings its connections, and how many unanswered pings in a row end one.
package struct PingSchedule: Sendable {
    package var missedAllowed: Int
    /// A fresh stream of ticks for each connection; it ends when the connection does.
    package var ticks: @Sendable () -> AsyncStream<Void>

    package init(missedAllowed: Int = 3, ticks: @escaping @Sendable () -> AsyncStream<Void>) {
        self.missedAllowed = missedAllowed
        self.ticks = ticks
    }

    /// Each tick an `interval` after the last one was taken, never ahead: ticks that a busy server
    /// left waiting would come all at once, and a page would have no time between those pings to answer.
    package static func every(_ interval: Duration, missedAllowed: Int = 3) -> PingSchedule {
        PingSchedule(missedAllowed: missedAllowed) {
            AsyncStream { (try? await Task.sleep(for: interval)).map { _ in () } }
        }
    }
}

/// Whether a page said anything since the last tick.
private final class Heard: Sendable {
    private let heard = Mutex(true)

    func set() { heard.withLock { $0 = true } }

    /// Whether it did, starting the next interval unheard.
    func take() -> Bool {
        heard.withLock { heard in
            defer { heard = false }
            return heard
        }
    }
}
