import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Misbehaving clients for `serve`, each kind on its own thread with blocking sockets: slow
/// headers, endless request lines, bodies nobody asked for. Nothing here waits a fixed time: the slow
/// connections send a line each time the test calls `tick()`, the streams stop after a set volume
/// (`waitForStreams()` waits for that), and `stop()` ends the rest.
final class Abuser: @unchecked Sendable {
    let port: UInt16
    private let lock = NSLock()
    private var stopped = false
    private var counters: [String: Int] = [:]
    private var slowSockets: [Int32] = []
    private let done = DispatchGroup()
    private let streaming = DispatchGroup()

    init(port: UInt16) { self.port = port }

    var isStopped: Bool { lock.withLock { stopped } }

    func note(_ name: String, _ amount: Int = 1) { lock.withLock { counters[name, default: 0] += amount } }
    var tally: [String: Int] { lock.withLock { counters } }

    /// Ends every client; waits for their threads on a thread of its own (a broken request's read may
    /// take its 12 s), never on the test pool or Dispatch's queues.
    func stop() async {
        lock.withLock { stopped = true }
        await OwnThread.run { [done] in done.wait() }
        for descriptor in lock.withLock({ slowSockets }) { close(descriptor) }
    }

    /// Waits, on a thread of its own, until every stream has sent its volume or given up; false only
    /// past `deadline` seconds, which streams to a working server never come near.
    func waitForStreams(deadline: Double = 120) async -> Bool {
        await OwnThread.run { [streaming] in streaming.wait(timeout: .now() + deadline) == .success }
    }

    private func spawn(_ group: DispatchGroup? = nil, _ body: @escaping @Sendable () -> Void) {
        done.enter()
        group?.enter()
        let thread = Thread { [done] in
            body()
            group?.leave()
            done.leave()
        }
        thread.start()
    }

    /// A connected socket with 1-second send and receive timeouts, or -1.
    func connectSocket() -> Int32 {
        (try? RawSocket.connected(port: port, timeout: 1)) ?? -1
    }

    /// Bytes sent, or -1 once the server has closed or stopped reading.
    @discardableResult
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `count` connections that send a request line, then one header line a tick, never the end.
    func slowHeaders(connections: Int) {
        let sockets = (0..<connections).map { _ in connectSocket() }.filter { $0 >= 0 }
        note("slow connections opened", sockets.count)
        for descriptor in sockets { Self.send(descriptor, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)) }
        lock.withLock { slowSockets = sockets }
    }

    /// One more header line on every slow connection still open; those the server closed are dropped.
    func tick() {
        let open = lock.withLock { slowSockets }.filter { descriptor in
            guard Self.send(descriptor, Array("X-Slow: 1\r\n".utf8)) > 0 else {
                close(descriptor)
                note("slow connections closed by the server")
                return false
            }
            return true
        }
        lock.withLock { slowSockets = open }
    }

    /// Connections that each stream one endless request line (or body) as fast as they can, until each
    /// stream has sent `volume` bytes (at most 8 MiB a connection) or made `attempts` connections.
    func endlessStreams(_ streams: Int, volume: Int, attempts: Int = 2_000) {
        for index in 0..<streams {
            spawn(streaming) { [self] in
                let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 64 * 1024)
                var total = 0
                for _ in 0..<attempts where !isStopped && total < volume {
                    let descriptor = connectSocket()
                    guard descriptor >= 0 else { continue }
                    note("streams opened")
                    let opening =
                        index % 2 == 0
                        ? "GET /" : "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000000\r\n\r\n"
                    Self.send(descriptor, Array(opening.utf8))
                    var sent = 0
                    while !isStopped, sent < 8 << 20, total + sent < volume {
                        let written = Self.send(descriptor, chunk)
                        if written <= 0 { break }
                        sent += written
                    }
                    total += sent
                    note("bytes streamed", sent)
                    close(descriptor)
                }
            }
        }
    }

    /// One request a connection, each broken in its own way; every answer goes to `check`.
    func malformed(_ requests: [[UInt8]], check: @escaping @Sendable (_ status: Int?, _ body: String) -> Void) {
        spawn { [self] in
            while !isStopped {
                for request in requests where !isStopped {
                    let descriptor = connectSocket()
                    guard descriptor >= 0 else { continue }
                    Self.send(descriptor, request)
                    let answer = Self.readToEnd(descriptor, seconds: 12)
                    close(descriptor)
                    let text = String(decoding: answer, as: UTF8.self)
                    let status = text.hasPrefix("HTTP/1.") ? Int(text.dropFirst(9).prefix(3)) : nil
                    note(status.map { "answered \($0)" } ?? "closed without an answer")
                    check(status, text)
                }
            }
        }
    }

    /// Everything until the server closes (or `seconds` pass).
    static func readToEnd(_ descriptor: Int32, seconds: Double) -> [UInt8] {
        var answer: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while Date() < deadline, answer.count < 4 << 20 {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                break
            }
            answer += chunk[0..<count]
        }
        return answer
    }
}

/// A process's memory from /proc: resident now and at its peak, in KiB.
struct ProcessMemory {
    var resident: Int
    var peak: Int

    init?(pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func value(_ key: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        }
        guard let resident = value("VmRSS"), let peak = value("VmHWM") else { return nil }
        self.resident = resident
        self.peak = peak
    }
}
