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

    /// Each socket is closed once, by the `defer` that opened it, and only after no task waits on it.
    /// (The gate used to close a finished WebSocket's two sockets and then close them again on the way
    /// out; the second `close` hit whatever connection the kernel had given the same number meanwhile,
    /// usually the next page's, which then waited for the head deadline and got a 408, or was reset.)
    private func serve(_ client: AsyncSocket) async {
        defer { try? client.close() }
        let head: RequestHead
        do {
            head = try await readHead(client)
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
        guard head.isUpgrade else {
            await Self.relay(from: upstream, to: client)
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.relay(from: client, to: upstream) }
            group.addTask { await Self.relay(from: upstream, to: client) }
            await group.next()
            // Ends the other direction through the poller: its read meets the end of the stream, its
            // write fails. Cancelling it instead would leave FlyingSocks' epoll pool a registration for a
            // descriptor about to close, and the next socket given that number would never be polled.
            Self.shutDown(client)
            Self.shutDown(upstream)
        }
    }

    /// The request head, within `Limits.headSeconds`. At the deadline the socket's reading side is shut,
    /// which ends the read through the poller, for the same reason the relay ends that way.
    private func readHead(_ client: AsyncSocket) async throws -> RequestHead {
        let deadline = HeadDeadline()
        let timer = Task { [limits] in
            try await Task.sleep(for: .seconds(limits.headSeconds))
            deadline.expire { shutdown(client.socket.file.rawValue, Int32(SHUT_RD)) }
        }
        defer { timer.cancel() }
        do {
            let head = try await RequestHead.read(client, limits)
            guard deadline.finish() else { throw RequestHead.Refusal.timedOut }
            return head
        } catch {
            guard deadline.finish() else { throw RequestHead.Refusal.timedOut }
            throw error
        }
    }

    private static func shutDown(_ socket: AsyncSocket) {
        shutdown(socket.socket.file.rawValue, Int32(SHUT_RDWR))
    }

    private static func relay(from source: AsyncSocket, to target: AsyncSocket) async {
        while true {
            guard let bytes = try? await source.read(atMost: 64 * 1024), !bytes.isEmpty,
                (try? await target.write(Data(bytes))) != nil
            else { return }
        }
    }
}

/// Whether a head arrived before its deadline; decided once, under a lock, so a head that arrives as
/// the deadline passes is either read whole or refused, never read from a socket already shut.
private final class HeadDeadline: Sendable {
    private enum Outcome { case waiting, arrived, expired }
    private let outcome = Mutex(Outcome.waiting)

    /// Runs `shut` when the head has not arrived yet.
    func expire(_ shut: () -> Void) {
        outcome.withLock { outcome in
            guard outcome == .waiting else { return }
            outcome = .expired
            shut()
        }
    }

    /// True when the head arrived in time.
    func finish() -> Bool {
        outcome.withLock { outcome in
            if outcome == .waiting { outcome = .arrived }
            return outcome == .arrived
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
