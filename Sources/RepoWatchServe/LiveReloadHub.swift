import Foundation
import Synchronization

/// The open pages' live-reload connections: tells each to reload after a rebuild, or shows it the
/// error of a failed one. New connections first get `hello`, then the current error if there is one.
///
/// Each connection is pinged on `pings`' schedule; one that has said nothing for
/// `PingSchedule.missedAllowed` pings in a row (a laptop lid closed, a phone gone off the network) is
/// taken for gone: it hears goodbye and its stream of messages ends, so dead connections do not pile
/// up against `LiveReloadSockets.limit`. A page answers pings by itself (the browser does), so a busy
/// machine that answers late loses nothing: only a whole run of silent intervals ends a connection.
/// Whether the page answered is asked of `LiveReloadSockets.look`, which sees the bytes of the page's
/// socket as the event loop reads them: what the page sent counts from the moment it arrived, not
/// from when this busy server's task read it, and an interval in which the server had not even sent
/// its ping is not the page's.
final class LiveReloadHub: Sendable {
    enum Event: Equatable, Sendable {
        case reload
        case error(String)
    }

    /// What the hub says to one page; the WebSocket layer turns each into a frame.
    enum Message: Equatable, Sendable {
        /// A JSON text frame (`hello`, `reload`, `error`).
        case text(String)
        case ping
        /// Close (1001 going away): the page went silent, or the server stops.
        case goodbye
    }

    let pings: PingSchedule
    /// What the connection numbered `id` showed of its page since the last look (nil: unknown).
    private let look: @Sendable (UInt64) -> LiveReloadSockets.PageInterval?
    private let state = Mutex(State())

    private struct State {
        var clients: [UUID: AsyncStream<Message>.Continuation] = [:]
        var currentError: String?
        var closed = false
    }

    init(
        pings: PingSchedule = .every(.seconds(30)),
        look: @escaping @Sendable (UInt64) -> LiveReloadSockets.PageInterval? = { _ in nil }
    ) {
        self.pings = pings
        self.look = look
    }

    /// The error of the last failed rebuild; nil once a rebuild succeeds.
    var error: String? { state.withLock { $0.currentError } }

    var clientCount: Int { state.withLock { $0.clients.count } }

    /// What to say to one page, until it leaves or is taken for gone. `page` yields each message the
    /// page sent and ends when the page closed; `id` is `LiveReloadSockets`' number for it (nil when it
    /// came some other way, and then only its own messages count as answers).
    func messages(for page: AsyncThrowingStream<Void, any Error>, id: UInt64?) -> AsyncStream<Message> {
        let (messages, out) = AsyncStream<Message>.makeStream()
        let key = UUID()
        let error: String?? = state.withLock { state in
            guard !state.closed else { return .none }
            state.clients[key] = out
            return .some(state.currentError)
        }
        guard let error else {
            out.finish()
            return messages
        }
        out.yield(Self.text(["type": "hello"]))
        if let error { out.yield(Self.text(["type": "error", "message": error])) }
        Task { [pings, look] in
            let heard = Heard()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    guard await Self.ping(out, pings, heard: heard, look: { id.flatMap(look) }) else { return }
                    out.yield(.goodbye)
                }
                group.addTask {
                    do {
                        for try await _ in page { heard.set() }
                    } catch {}
                }
                // The first to end ends the connection: the page leaving, or the hub's goodbye.
                await group.next()
                group.cancelAll()
            }
            self.drop(key)
        }
        return messages
    }

    /// Pings at each tick; true once the page has been silent for `missedAllowed` ticks in a row, false
    /// when the ticks stop (the connection ended).
    private static func ping(
        _ out: AsyncStream<Message>.Continuation, _ pings: PingSchedule, heard: Heard,
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
            out.yield(.ping)
        }
        return false
    }

    func send(_ event: Event) {
        let targets: [AsyncStream<Message>.Continuation] = state.withLock { state in
            switch event {
            case .reload: state.currentError = nil
            case .error(let message): state.currentError = message
            }
            return Array(state.clients.values)
        }
        let message =
            switch event {
            case .reload: Self.text(["type": "reload"])
            case .error(let text): Self.text(["type": "error", "message": text])
            }
        for client in targets { client.yield(message) }
    }

    /// Says goodbye to every page, so the server can stop without waiting for open pages.
    func closeAll() {
        let targets: [AsyncStream<Message>.Continuation] = state.withLock { state in
            state.closed = true
            defer { state.clients.removeAll() }
            return Array(state.clients.values)
        }
        for client in targets {
            client.yield(.goodbye)
            client.finish()
        }
    }

    private func drop(_ key: UUID) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: key) }
        continuation?.finish()
    }

    static func text(_ object: [String: String]) -> Message { .text(json(object)) }

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
