import Foundation

/// The head of FlyingFox's answer, with `Connection` set for the client: kept alive when the client
/// asked and the answer's length is known, closed otherwise.
struct AnswerHead {
    let data: Data
    let keepsAlive: Bool

    init(_ head: [UInt8], keepAlive: Bool) {
        let lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        var kept: [String] = []
        var hasLength = false
        for (index, line) in lines.enumerated() {
            let name = line.prefix { $0 != ":" }.lowercased()
            if index > 0, name == "connection" || name == "keep-alive" { continue }
            if index > 0, name == "content-length" { hasLength = true }
            kept.append(line)
        }
        keepsAlive = keepAlive && hasLength
        kept.append(keepsAlive ? "Connection: keep-alive" : "Connection: close")
        data = Data((kept.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
