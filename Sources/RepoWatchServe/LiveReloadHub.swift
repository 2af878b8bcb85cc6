import FlyingFox
import Foundation

/// The open pages' WebSocket connections: tells each to reload after a rebuild, or shows it the
/// error of a failed one. New connections first get `hello`, then the current error if there is one.
package final class LiveReloadHub: WSMessageHandler, @unchecked Sendable {
    package enum Event: Equatable, Sendable {
        case reload
        case error(String)
    }

    private let lock = NSLock()
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    private var currentError: String?
    private var closed = false

    package init() {}

    /// The error of the last failed rebuild; nil once a rebuild succeeds.
    package var error: String? { locked { currentError } }

    package var clientCount: Int { locked { clients.count } }

    package func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let id = UUID()
        let error: String?? = locked {
            guard !closed else { return .none }
            clients[id] = continuation
            return .some(currentError)
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

    package func send(_ event: Event) {
        let text: String
        let targets: [AsyncStream<WSMessage>.Continuation] = locked {
            switch event {
            case .reload: currentError = nil
            case .error(let message): currentError = message
            }
            return Array(clients.values)
        }
        switch event {
        case .reload: text = Self.json(["type": "reload"])
        case .error(let message): text = Self.json(["type": "error", "message": message])
        }
        for client in targets { client.yield(.text(text)) }
    }

    /// Closes every connection, so the server can stop without waiting for open pages.
    package func closeAll() {
        let targets: [AsyncStream<WSMessage>.Continuation] = locked {
            closed = true
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        for client in targets {
            client.yield(.close(.goingAway))
            client.finish()
        }
    }

    private func drop(_ id: UUID) {
        let continuation = locked { clients.removeValue(forKey: id) }
        continuation?.finish()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    package static func json(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
