import FlyingSocks
import Foundation

/// A request line and headers read with limits, checked, and rewritten for the server behind the
/// gate: one request per connection to it, no body.
package struct RequestHead: Sendable {
    /// What goes to the server: the same request line and headers, `Connection: close` (or the
    /// upgrade), no body headers; then, for an upgrade, any bytes the client sent after the head.
    var forwarded: Data
    var isUpgrade: Bool
    /// The request target as sent (path and query).
    package var target: String
    /// `Host`, and `Origin` when the client sent one: what `HostPolicy` judges.
    package var host: String?
    package var origin: String?
    /// Whether the client wants the connection kept for its next request: HTTP/1.1 unless it said
    /// `Connection: close`, HTTP/1.0 only when it said `keep-alive`.
    var keepsAlive: Bool
    /// Bytes after the head that are not part of this request: the start of the client's next one.
    package var rest: [UInt8]

    package enum Refusal: Error, Equatable {
        case malformed, tooLarge, hasBody, timedOut, unavailable
        /// Not a name this server answers to, or a page of another site: said in words, for whoever
        /// meets it in a browser.
        case forbidden(String)
        /// Too many live-reload connections are open.
        case busy(String)

        package var response: Data {
            let (status, reason, text): (Int, String, String?) =
                switch self {
                case .malformed: (400, "Bad Request", nil)
                case .tooLarge: (431, "Request Header Fields Too Large", nil)
                case .hasBody: (413, "Content Too Large", nil)
                case .timedOut: (408, "Request Timeout", nil)
                case .unavailable: (503, "Service Unavailable", nil)
                case .forbidden(let why): (403, "Forbidden", why)
                case .busy(let why): (503, "Service Unavailable", why)
                }
            let body = "\(status) \(reason)\n" + (text.map { $0 + "\n" } ?? "")
            return Data(
                ("HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
        }
    }

    /// The header naming the gate's connection for the live-reload hub (lowercase). The gate adds it;
    /// one a client sends is dropped, so no page can name another page's connection.
    static let liveReloadConnection = "x-repowatch-live-reload-connection"

    /// The upgrade as it goes to the server, naming the gate's connection `id`.
    func forwarded(liveReloadConnection id: UInt64) -> Data {
        let end = Data("Connection: Upgrade\r\n\r\n".utf8)
        guard isUpgrade, let range = forwarded.range(of: end) else { return forwarded }
        var data = forwarded
        data.replaceSubrange(
            range.lowerBound..<range.lowerBound, with: Data("\(Self.liveReloadConnection): \(id)\r\n".utf8))
        return data
    }

    /// Reads until the head ends, starting with what was already read (`buffered`).
    package static func read(_ client: AsyncSocket, _ limits: RequestGate.Limits, buffered: [UInt8] = [])
        async throws -> RequestHead
    {
        var buffer = buffered
        var searchFrom = 0
        while true {
            if let end = headEnd(buffer, from: searchFrom) {
                return try parse(Array(buffer[..<end.head]), rest: Array(buffer[end.rest...]), limits)
            }
            guard buffer.count <= limits.headBytes else { throw Refusal.tooLarge }
            searchFrom = max(0, buffer.count - 3)
            let bytes = try await client.read(atMost: 4096)
            if bytes.isEmpty { throw Refusal.malformed }
            buffer += bytes
        }
    }

    /// Where the head ends (`\r\n\r\n`, or `\n\n` from lenient clients) and what follows starts.
    static func headEnd(_ bytes: [UInt8], from start: Int) -> (head: Int, rest: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    package static func parse(_ head: [UInt8], rest: [UInt8], _ limits: RequestGate.Limits) throws -> RequestHead {
        guard head.count <= limits.headBytes else { throw Refusal.tooLarge }
        // Printable ASCII, spaces and tabs only: no NULs, no bare CRs, no bytes a parser might read two ways.
        guard head.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) }) else {
            throw Refusal.malformed
        }
        // Split as bytes: in a Swift string "\r\n" is one character, never equal to "\n".
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self))
        }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { throw Refusal.malformed }
        guard lines.count <= limits.headerLines else { throw Refusal.tooLarge }

        var kept: [Substring] = []
        var isUpgrade = false
        var host: String?
        var origin: String?
        var connection: [String] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw Refusal.malformed }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-length" where value != "0", "transfer-encoding": throw Refusal.hasBody
            case "content-length", "keep-alive", "proxy-connection", Self.liveReloadConnection: continue
            case "connection":
                connection += value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            case "host":
                // Two Host headers could each be read by a different party: refused, as RFC 9112 says.
                guard host == nil else { throw Refusal.malformed }
                host = value
                kept.append(line)
            case "origin":
                guard origin == nil else { throw Refusal.malformed }
                origin = value
                kept.append(line)
            case "upgrade":
                isUpgrade = value.lowercased() == "websocket"
                kept.append(line)
            default: kept.append(line)
            }
        }
        var text = String(requestLine) + "\r\n"
        for line in kept { text += line + "\r\n" }
        text += isUpgrade ? "Connection: Upgrade\r\n\r\n" : "Connection: close\r\n\r\n"
        let keepsAlive =
            parts[2] == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        return RequestHead(
            forwarded: Data(text.utf8) + (isUpgrade ? Data(rest) : Data()), isUpgrade: isUpgrade,
            target: String(parts[1]), host: host, origin: origin, keepsAlive: keepsAlive && !isUpgrade,
            rest: isUpgrade ? [] : rest)
    }
}
