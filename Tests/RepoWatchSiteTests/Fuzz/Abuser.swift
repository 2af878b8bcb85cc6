import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Misbehaving clients for `serve`, each kind on its own thread with blocking sockets: slow
/// headers, endless request lines, bodies nobody asked for. `stop()` ends them all.
final class Abuser: @unchecked Sendable {
    let port: UInt16
    private let lock = NSLock()
    private var stopped = false
    private var counters: [String: Int] = [:]
    private let done = DispatchGroup()

    init(port: UInt16) { self.port = port }

    var isStopped: Bool { lock.withLock { stopped } }

    func note(_ name: String, _ amount: Int = 1) { lock.withLock { counters[name, default: 0] += amount } }
    var tally: [String: Int] { lock.withLock { counters } }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        done.enter()
        let thread = Thread { [done] in
            body()
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

    /// `count` connections that send a request line, then one header line a second, never the end.
    func slowHeaders(connections: Int) {
        spawn { [self] in
            var sockets = (0..<connections).map { _ in connectSocket() }.filter { $0 >= 0 }
            note("slow connections opened", sockets.count)
            for descriptor in sockets { Self.send(descriptor, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)) }
            while !isStopped {
                Thread.sleep(forTimeInterval: 0.5)
                sockets = sockets.filter { descriptor in
                    guard Self.send(descriptor, Array("X-Slow: 1\r\n".utf8)) > 0 else {
                        close(descriptor)
                        note("slow connections closed by the server")
                        return false
                    }
                    return true
                }
            }
            for descriptor in sockets { close(descriptor) }
        }
    }

    /// Connections that each stream one endless request line (or body) as fast as they can.
    func endlessStreams(_ streams: Int) {
        for index in 0..<streams {
            spawn { [self] in
                let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 64 * 1024)
                while !isStopped {
                    let descriptor = connectSocket()
                    guard descriptor >= 0 else {
                        Thread.sleep(forTimeInterval: 0.1)
                        continue
                    }
                    note("streams opened")
                    let opening =
                        index % 2 == 0
                        ? "GET /" : "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000000\r\n\r\n"
                    Self.send(descriptor, Array(opening.utf8))
                    // 8 MiB at most a connection, then a pause before the next: far past any limit, without
                    // spending the CPU the rest of the suite runs on.
                    var sent = 0
                    while !isStopped, sent < 8 << 20 {
                        let written = Self.send(descriptor, chunk)
                        if written <= 0 { break }
                        sent += written
                    }
                    note("bytes streamed", sent)
                    close(descriptor)
                    Thread.sleep(forTimeInterval: 0.05)
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
