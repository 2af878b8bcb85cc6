import FlyingFox
import Foundation
import Synchronization

/// The open pages' WebSocket connections: tells each to reload after a rebuild, or shows it the
/// error of a failed one. New connections first get `hello`, then the current error if there is one.
final class LiveReloadHub: WSMessageHandler, Sendable {
    enum Event: Equatable, Sendable {
        case reload
        case error(String)
    }

    private let state = Mutex(State())

    private struct State {
        var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
        var currentError: String?
        var closed = false
    }

    init() {}

    /// The error of the last failed rebuild; nil once a rebuild succeeds.
    var error: String? { state.withLock { $0.currentError } }

    var clientCount: Int { state.withLock { $0.clients.count } }

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let id = UUID()
        let error: String?? = state.withLock { state in
            guard !state.closed else { return .none }
            state.clients[id] = continuation
            return .some(state.currentError)
        }
        guard let error else {
            continuation.finish()
            return stream
        }
        continuation.yield(.text(Self.json(["type": "hello"])))
        if let error { continuation.yield(.text(Self.json(["type": "error", "message": error]))) }
        Task { [weak self] in
            for await message in client {
                if case .close = message { break }
            }
            self?.drop(id)
        }
        return stream
    }

    func send(_ event: Event) {
        let text: String
        let targets: [AsyncStream<WSMessage>.Continuation] = state.withLock { state in
            switch event {
            case .reload: state.currentError = nil
            case .error(let message): state.currentError = message
            }
            return Array(state.clients.values)
        }
        switch event {
        case .reload: text = Self.json(["type": "reload"])
        case .error(let message): text = Self.json(["type": "error", "message": message])
        }
        for client in targets { client.yield(.text(text)) }
    }

    /// Closes every connection, so the server can stop without waiting for open pages.
    func closeAll() {
        let targets: [AsyncStream<WSMessage>.Continuation] = state.withLock { state in
            state.closed = true
            defer { state.clients.removeAll() }
            return Array(state.clients.values)
        }
        for client in targets {
            client.yield(.close(.goingAway))
            client.finish()
        }
    }

    private func drop(_ id: UUID) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: id) }
        continuation?.finish()
    }

    static func json(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
