import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The preview server's front door. FlyingFox reads a request line and headers with no limit on
/// their size or on how long they take, so a client streaming one endless header line grows its
/// memory without bound, and half-sent requests stay open forever. Every connection passes through
/// here first: its request head must arrive within `Limits.headSeconds` and fit in
/// `Limits.headBytes`, a request body is refused (the preview serves files), its `Host` (and, for
/// the live-reload socket, its `Origin`) must name this server (`HostPolicy`), and at most
/// `Limits.connections` connections are open at once, `LiveReloadSockets.limit` of them live-reload
/// sockets. A good head goes on, with `Connection: close`,
/// to FlyingFox listening on a Unix socket in a private folder, and its answer comes back; a
/// live-reload WebSocket is relayed both ways.
///
/// Connections are kept for the client's next request, as browsers expect; one that stays quiet for
/// `Limits.idleSeconds` is closed without a word (browsers open connections ahead of need, and a
/// 408 on one of those would be the next page's failed resource). Only a head that started and did
/// not finish gets `408 Request Timeout`.
///
/// Each socket is closed once, by the `defer` that opened it, and only after no task waits on it: a
/// relay's other direction, the hub ending a silent page and a deadline end a wait with `shutdown`,
/// never by cancelling it. A live-reload relay ends from the page's side first and lets the server end
/// its own (see `relayLiveReload`), so FlyingFox, behind it, never closes a socket it still reads.
/// FlyingSocks' epoll pool takes a cancelled wait off later, in a task of its own; when the socket
/// closes first, the pool keeps a registration for its number, and the next socket given that number
/// is never polled. (The gate used to close a finished WebSocket's two sockets twice; the second
/// `close` hit whatever connection had been given the same number meanwhile, usually the next
/// page's, which then waited for the head deadline and got a 408, or was reset.)
package final class RequestGate: Sendable {
    package struct Limits: Sendable {
        var headBytes = 16 * 1024
        var headerLines = 100
        var headSeconds: Double = 10
        package var idleSeconds: Double = 15
        package var connections = 256
        /// An answer's head from the server behind: FlyingFox writes a few hundred bytes.
        var answerHeadBytes = 64 * 1024
    }

    package let limits: Limits
    let backend: sockaddr_un
    /// The names this server answers to.
    let hostPolicy: HostPolicy
    /// The live-reload connections, capped; shared with the hub.
    package let liveReloads: LiveReloadSockets
    private let listener: Socket
    private let pool: any AsyncSocketPool = HTTPServer.defaultPool()
    private let open = OpenCount()

    /// Binds now, so a port in use is reported before anything else starts.
    /// - Parameter address: an IPv4 or IPv6 address of this machine, or a wildcard.
    package init(
        address: String, port: UInt16, backendPath: String, limits: Limits = Limits(),
        liveReloads: LiveReloadSockets = LiveReloadSockets()
    ) throws {
        self.limits = limits
        self.liveReloads = liveReloads
        backend = .unix(path: backendPath)
        let isIP6 = address.contains(":")
        listener = try Socket(domain: isIP6 ? AF_INET6 : AF_INET)
        try listener.setValue(true, for: .localAddressReuse)
        if isIP6 {
            try listener.bind(to: .inet6(ip6: address, port: port))
        } else {
            try listener.bind(to: .inet(ip4: address, port: port))
        }
        try listener.listen()
        hostPolicy = HostPolicy(address: address, port: Self.port(of: listener) ?? port)
    }

    package var port: UInt16? { Self.port(of: listener) }

    private static func port(of listener: Socket) -> UInt16? {
        switch try? listener.sockname() {
        case .ip4(_, let port), .ip6(_, let port): port
        default: nil
        }
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

    /// One connection: requests until the client closes it, stays quiet, or one cannot be kept.
    private func serve(_ client: AsyncSocket) async {
        defer { try? client.close() }
        var buffered: [UInt8] = []
        while !Task.isCancelled {
            if buffered.isEmpty {
                // Quiet for the whole idle time, or closed by the client: closed without a word.
                let first = try? await Self.within(limits.idleSeconds, client) { try await client.read(atMost: 4096) }
                guard let first, !first.isEmpty else { return }
                buffered = first
            }
            let head: RequestHead
            do {
                head = try await Self.within(limits.headSeconds, client) { [limits, buffered] in
                    try await RequestHead.read(client, limits, buffered: buffered)
                }
            } catch let refusal as RequestHead.Refusal {
                try? await client.write(refusal.response)
                return
            } catch {
                return
            }
            if let refusal = hostPolicy.refusal(for: head) {
                try? await client.write(refusal.response)
                return
            }
            if head.isUpgrade {
                await relayLiveReload(head, client)
                return
            }
            guard await answer(head, client) else { return }
            buffered = head.rest
        }
    }

    /// Sends the request on and its answer back; true when the connection may carry another one.
    private func answer(_ head: RequestHead, _ client: AsyncSocket) async -> Bool {
        guard let upstream = try? await AsyncSocket.connected(to: backend, pool: pool, timeout: 5) else {
            try? await client.write(RequestHead.Refusal.unavailable.response)
            return false
        }
        defer { try? upstream.close() }
        guard (try? await upstream.write(head.forwarded)) != nil else { return false }
        var received: [UInt8] = []
        var searchFrom = 0
        while true {
            guard received.count <= limits.answerHeadBytes,
                let bytes = try? await upstream.read(atMost: 64 * 1024)
            else { return false }
            received += bytes
            if let end = RequestHead.headEnd(received, from: searchFrom) {
                let answerHead = AnswerHead(Array(received[..<end.head]), keepAlive: head.keepsAlive)
                guard (try? await client.write(answerHead.data + Data(received[end.rest...]))) != nil else {
                    return false
                }
                // FlyingFox was asked to close: the end of its answer is the end of the stream.
                return await Self.relay(from: upstream, to: client) && answerHead.keepsAlive
            }
            searchFrom = max(0, received.count - 3)
        }
    }

    /// The live-reload WebSocket, relayed both ways until either side ends it (or the hub, through
    /// `liveReloads`, for a page that stopped answering).
    private func relayLiveReload(_ head: RequestHead, _ client: AsyncSocket) async {
        guard let id = liveReloads.reserve() else {
            let why = "More than \(liveReloads.limit) pages of this preview are open; close some to live-reload them."
            try? await client.write(RequestHead.Refusal.busy(why).response)
            return
        }
        guard let upstream = try? await AsyncSocket.connected(to: backend, pool: pool, timeout: 5) else {
            liveReloads.release(id)
            try? await client.write(RequestHead.Refusal.unavailable.response)
            return
        }
        defer { try? upstream.close() }
        liveReloads.attach(id, page: client.socket.file.rawValue)
        // Runs before the `close` above (and the client's, in `serve`): forgotten, then closed.
        defer { liveReloads.release(id) }
        guard (try? await upstream.write(head.forwarded(liveReloadConnection: id))) != nil else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [liveReloads] in
                // The page's side. When it ends, the server reads the end of its stream and ends its own.
                _ = await Self.relay(from: client, to: upstream, read: { liveReloads.heard(id) })
                shutdown(upstream.socket.file.rawValue, Int32(SHUT_WR))
            }
            // The server's side, to its end; what the page can no longer take is read and dropped, so
            // the server never meets a closed socket while it still reads from it.
            _ = await Self.relay(from: upstream, to: client, draining: true, wrote: { liveReloads.reached(id) })
            shutdown(client.socket.file.rawValue, Int32(SHUT_RDWR))
        }
    }

    /// Copies until the source ends; true when the target took it all. With `draining`, what the
    /// target can no longer take is still read, and dropped. `read` runs as each piece arrives, `wrote`
    /// once the target has it (the live-reload socket's record of what its page said and was sent).
    private static func relay(
        from source: AsyncSocket, to target: AsyncSocket, draining: Bool = false, read: () -> Void = {},
        wrote: () -> Void = {}
    ) async -> Bool {
        var delivered = true
        while true {
            let bytes: [UInt8]
            do {
                bytes = try await source.read(atMost: 64 * 1024)
            } catch {
                return delivered
            }
            read()
            if delivered, (try? await target.write(Data(bytes))) == nil {
                delivered = false
                if !draining { return false }
            }
            if delivered { wrote() }
        }
    }

    /// `body`'s result, or `RequestHead.Refusal.timedOut` once `seconds` pass. At the deadline the
    /// socket's reading side is shut, which ends a read of `body` through the poller.
    private static func within<T: Sendable>(
        _ seconds: Double, _ socket: AsyncSocket, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let deadline = Deadline()
        let timer = Task {
            try await Task.sleep(for: .seconds(seconds))
            deadline.expire { shutdown(socket.socket.file.rawValue, Int32(SHUT_RD)) }
        }
        defer { timer.cancel() }
        do {
            let result = try await body()
            guard deadline.finish() else { throw RequestHead.Refusal.timedOut }
            return result
        } catch {
            guard deadline.finish() else { throw RequestHead.Refusal.timedOut }
            throw error
        }
    }
}

/// Whether a wait ended before its deadline; decided once, under a lock, so what arrives as the
/// deadline passes is either taken whole or refused, never read from a socket already shut.
private final class Deadline: Sendable {
    private enum Outcome { case waiting, finished, expired }
    private let outcome = Mutex(Outcome.waiting)

    /// Runs `shut` when the wait has not ended yet.
    func expire(_ shut: () -> Void) {
        outcome.withLock { outcome in
            guard outcome == .waiting else { return }
            outcome = .expired
            shut()
        }
    }

    /// True when the wait ended in time.
    func finish() -> Bool {
        outcome.withLock { outcome in
            if outcome == .waiting { outcome = .finished }
            return outcome == .finished
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
