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
    /// -1 once closed here.
    private var descriptor: Int32
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

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The ways a page's WebSocket ends.
    enum Ending: String, CaseIterable, Sendable {
        /// A close frame, then the server's echo and its end of the stream, as a browser leaving a page.
        case closeFrame
        /// A close frame and the socket closed at once, without waiting for the echo: a page unloading,
        /// while the next page's requests are already on their way.
        case closeFrameAndLeave
        /// A reset, nothing said (`SO_LINGER` 0): a tab killed.
        case abrupt
        /// Shut for writing, then read to the end (a half-close).
        case halfClose
    }

    func end(_ ending: Ending) throws {
        switch ending {
        case .closeFrame:
            try send(Self.clientFrame(opcode: 0x8, payload: [0x03, 0xE8]))
            while try fill() {}
        case .closeFrameAndLeave:
            try send(Self.clientFrame(opcode: 0x8, payload: [0x03, 0xE8]))
        case .abrupt:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .halfClose:
            shutdown(descriptor, Int32(SHUT_WR))
            while (try? fill()) == true {}
        }
        close(descriptor)
        descriptor = -1
    }

    /// True when the server ends the connection without sending a byte first.
    func closedQuietly() throws -> Bool {
        let hadBytes = !buffer.isEmpty
        while try fill() {}
        return !hadBytes && buffer.isEmpty
    }

    /// Whether the server has neither closed nor reset the connection (nothing is read from it).
    var isOpen: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }

    /// A masked frame, as clients must send them.
    static func clientFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask
            + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// The next frame's opcode and payload; nil at the end of the stream.
    func receiveFrame() throws -> (opcode: UInt8, payload: [UInt8])? {
        if buffer.isEmpty, try !fill() { return nil }
        let head = try read(exactly: 2)
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            let bytes = try read(exactly: 2)
            length = Int(bytes[0]) << 8 | Int(bytes[1])
        } else if length == 127 {
            length = try read(exactly: 8).reduce(0) { $0 << 8 | Int($1) }
        }
        return (head[0] & 0x0F, try read(exactly: length))
    }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that closed first is an error of this test, not a SIGPIPE that ends
            // the whole test process without a word.
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw RawSocketError(description: "send failed (errno \(errno))") }
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

    /// A whole response, its body as long as `Content-Length` says.
    func readResponse(method: String = "GET") throws -> RawHTTPResponse {
        let (status, headers) = try readHead()
        let length = method == "HEAD" ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        return RawHTTPResponse(status: status, headers: headers, body: Data(try read(exactly: length)))
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
            // Answered as a browser does, or the server takes the page for gone.
            case 0x9: try send(Self.clientFrame(opcode: 0xA, payload: payload))
            default: continue  // pong, binary: not part of the reload protocol
            }
        }
    }
}

enum RawHTTP {
    /// Sends `target` exactly as given (no normalization) and reads the whole response.
    /// - Parameter host: the `Host` header; nil sends none.
    static func get(
        port: UInt16, _ target: String, method: String = "GET", host: String? = "", timeout: Int = 10
    ) async throws -> RawHTTPResponse {
        try await blocking {
            let socket = try RawSocket(port: port, timeout: timeout)
            let hostLine = host.map { "Host: \($0.isEmpty ? "127.0.0.1:\(port)" : $0)\r\n" } ?? ""
            try socket.send("\(method) \(target) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n")
            return try socket.readResponse(method: method)
        }
    }

    /// Opens a WebSocket at `path` as a page of the preview would (`Origin` its own); returns the
    /// socket after the 101 answer.
    static func webSocket(port: UInt16, _ path: String, origin: String? = "", timeout: Int = 20) async throws
        -> RawSocket
    {
        try await blocking { try openedWebSocket(port: port, path, origin: origin, timeout: timeout) }
    }

    /// `webSocket` on the calling thread, for a page that must answer from the moment it is open.
    static func openedWebSocket(port: UInt16, _ path: String, origin: String? = "", timeout: Int = 20) throws
        -> RawSocket
    {
        let (status, socket) = try upgrade(port: port, path, origin: origin, host: nil, timeout: timeout)
        guard status == 101 else { throw RawSocketError(description: "WebSocket upgrade answered \(status)") }
        return socket
    }

    /// The answer to a WebSocket upgrade; `origin` nil sends none, "" the preview's own.
    static func webSocketAnswer(
        port: UInt16, _ path: String, origin: String? = "", host: String? = nil, timeout: Int = 20
    )
        async throws -> (Int, RawSocket)
    {
        try await blocking { try upgrade(port: port, path, origin: origin, host: host, timeout: timeout) }
    }

    private static func upgrade(port: UInt16, _ path: String, origin: String?, host: String?, timeout: Int) throws
        -> (Int, RawSocket)
    {
        let socket = try RawSocket(port: port, timeout: timeout)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let originLine = origin.map { "Origin: \($0.isEmpty ? "http://127.0.0.1:\(port)" : $0)\r\n" } ?? ""
        try socket.send(
            "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(originLine)Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let (status, _) = try socket.readHead()
        return (status, socket)
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
