import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response read straight off the socket.
struct RawHTTPResponse: Sendable, CustomStringConvertible {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var contentType: String { headers["content-type"] ?? "" }
    var description: String { "HTTP \(status) \(headers)\n\(text.prefix(400))" }
}

struct RawSocketError: Error, CustomStringConvertible {
    let description: String
}

/// A minimal HTTP/1.1 and WebSocket client over a plain socket. URLSession normalizes `..` and
/// percent-encoding away, and the traversal tests need the request target sent exactly as written.
final class RawSocket: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; every read gives up after `timeout` seconds.
    init(port: UInt16, timeout: Int = 10) throws {
        descriptor = try Self.connected(port: port, timeout: timeout)
    }

    /// A connected socket, or nothing left open. Not in `init`: a class initializer that throws
    /// once every property is set still runs `deinit`, whose second `close` hit whatever file the
    /// process had opened under that number meanwhile, such as another test's pipe to the binary
    /// (which then died of SIGPIPE: "exit 13", no output).
    static func connected(port: UInt16, timeout: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocketError(description: "socket() failed") }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw RawSocketError(description: "connect to 127.0.0.1:\(port) failed")
        }
        return descriptor
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw RawSocketError(description: "send failed") }
            sent += count
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// More bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw RawSocketError(description: "read timed out or failed (errno \(errno))") }
        if count == 0 { return false }
        buffer += chunk[0..<count]
        return true
    }

    func read(exactly count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw RawSocketError(description: "connection closed early") }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// The status line and headers, up to the blank line.
    func readHead() throws -> (status: Int, headers: [String: String]) {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = firstRange(of: end) {
                let head = String(decoding: buffer[0..<range], as: UTF8.self)
                buffer.removeFirst(range + end.count)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw RawSocketError(description: "bad status line in \(head)")
                }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
            guard try fill() else { throw RawSocketError(description: "connection closed before the headers ended") }
        }
    }

    private func firstRange(of needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for start in 0...(buffer.count - needle.count) where Array(buffer[start..<(start + needle.count)]) == needle {
            return start
        }
        return nil
    }

    // MARK: WebSocket

    /// The next text message from the server; nil when it closes.
    func receiveWebSocketText() throws -> String? {
        while true {
            let head = try read(exactly: 2)
            let opcode = head[0] & 0x0F
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                let bytes = try read(exactly: 2)
                length = Int(bytes[0]) << 8 | Int(bytes[1])
            } else if length == 127 {
                length = try read(exactly: 8).reduce(0) { $0 << 8 | Int($1) }
            }
            let mask = head[1] & 0x80 != 0 ? try read(exactly: 4) : []
            var payload = try read(exactly: length)
            if !mask.isEmpty { for index in payload.indices { payload[index] ^= mask[index % 4] } }
            switch opcode {
            case 0x1: return String(decoding: payload, as: UTF8.self)
            case 0x8: return nil
            default: continue  // ping, pong, binary: not part of the reload protocol
            }
        }
    }
}

enum RawHTTP {
    /// Sends `target` exactly as given (no normalization) and reads the whole response.
    static func get(port: UInt16, _ target: String, method: String = "GET") async throws -> RawHTTPResponse {
        try await blocking {
            let socket = try RawSocket(port: port)
            try socket.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            let (status, headers) = try socket.readHead()
            let length = method == "HEAD" ? 0 : Int(headers["content-length"] ?? "0") ?? 0
            return RawHTTPResponse(status: status, headers: headers, body: Data(try socket.read(exactly: length)))
        }
    }

    /// Opens a WebSocket at `path`; returns the socket after the 101 answer.
    static func webSocket(port: UInt16, _ path: String) async throws -> RawSocket {
        try await blocking {
            let socket = try RawSocket(port: port, timeout: 20)
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            try socket.send(
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
            let (status, _) = try socket.readHead()
            guard status == 101 else { throw RawSocketError(description: "WebSocket upgrade answered \(status)") }
            return socket
        }
    }

    /// The next WebSocket text message, parsed as a JSON object.
    static func nextMessage(_ socket: RawSocket) async throws -> [String: String]? {
        try await blocking {
            guard let text = try socket.receiveWebSocketText() else { return nil }
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            return object.compactMapValues { $0 as? String }
        }
    }

    /// Blocking socket calls run off the cooperative pool, which has only a thread per core.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await OwnThread.run(body)
    }
}
