import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The preview server's front door on 127.0.0.1. FlyingFox reads a request line and headers with
/// no limit on their size or on how long they take, so a client streaming one endless header line
/// grows its memory without bound, and half-sent requests stay open forever. Every connection
/// passes through here first: its request head must arrive within `Limits.headSeconds` and fit in
/// `Limits.headBytes`, a request body is refused (the preview serves files), and at most
/// `Limits.connections` connections are open at once. A good head goes on, with
/// `Connection: close`, to FlyingFox listening on a Unix socket in a private folder, and its
/// answer comes back; a live-reload WebSocket is relayed both ways.
package final class RequestGate: Sendable {
    package struct Limits: Sendable {
        package var headBytes = 16 * 1024
        package var headerLines = 100
        package var headSeconds: Double = 10
        package var connections = 256
    }

    package let limits: Limits
    package let backend: sockaddr_un
    private let listener: Socket
    private let pool: any AsyncSocketPool = HTTPServer.defaultPool()
    private let open = OpenCount()

    /// Binds now, so a port in use is reported before anything else starts.
    package init(port: UInt16, backendPath: String, limits: Limits = Limits()) throws {
        self.limits = limits
        backend = .unix(path: backendPath)
        listener = try Socket(domain: AF_INET)
        try listener.setValue(true, for: .localAddressReuse)
        try listener.bind(to: .inet(ip4: "127.0.0.1", port: port))
        try listener.listen()
    }

    package var port: UInt16? {
        guard case .ip4(_, let port) = try? listener.sockname() else { return nil }
        return port
    }

    package func run() async throws {
        try await pool.prepare()
        let accepting = try AsyncSocket(socket: listener, pool: pool)
        defer { try? listener.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [pool] in try await pool.run() }
            group.addTask {
                try await withThrowingDiscardingTaskGroup { connections in
                    for try await client in accepting.sockets {
                        guard self.open.enter(limit: self.limits.connections) else {
                            try? client.close()
                            continue
                        }
                        connections.addTask {
                            await self.serve(client)
                            self.open.leave()
                        }
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func serve(_ client: AsyncSocket) async {
        defer { try? client.close() }
        let head: RequestHead
        do {
            head = try await withDeadline(limits.headSeconds) { [limits] in try await RequestHead.read(client, limits) }
        } catch let refusal as RequestHead.Refusal {
            try? await client.write(refusal.response)
            return
        } catch {
            return
        }
        guard let upstream = try? await AsyncSocket.connected(to: backend, pool: pool, timeout: 5) else {
            try? await client.write(RequestHead.Refusal.unavailable.response)
            return
        }
        defer { try? upstream.close() }
        guard (try? await upstream.write(head.forwarded)) != nil else { return }
        if head.isUpgrade {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await Self.relay(from: client, to: upstream) }
                group.addTask { await Self.relay(from: upstream, to: client) }
                await group.next()
                group.cancelAll()
                try? client.close()
                try? upstream.close()
            }
        } else {
            await Self.relay(from: upstream, to: client)
        }
    }

    private static func relay(from source: AsyncSocket, to target: AsyncSocket) async {
        while !Task.isCancelled {
            guard let bytes = try? await source.read(atMost: 64 * 1024), !bytes.isEmpty,
                (try? await target.write(Data(bytes))) != nil
            else { return }
        }
    }
}

/// How many connections are open.
private final class OpenCount: Sendable {
    private let count = Mutex(0)

    func enter(limit: Int) -> Bool {
        count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() { count.withLock { $0 -= 1 } }
}

/// `body`'s result, or `RequestHead.Refusal.timedOut` after `seconds`.
package func withDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws
    -> T
{
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw RequestHead.Refusal.timedOut
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
