import Foundation
import RepoWatchSupport

/// Serializes a history a chunk at a time:
/// `{"schema":2,"fields":[…],"start":{"owner/name":{"from":"backfill","backfilled":12},…},
/// "repos":{"owner/name":[[time,stars,forks,issues,contributors,pulls],…]}}`, one repository per
/// line (`"sample":true` after the schema for a `--sample` build's made-up one). `start` comes first,
/// so a streaming reader knows which points are backfilled as it meets them. A large history is far
/// more text than a build should hold (docs/fast-paths.md), so it is never built as one string: each
/// chunk of about 64 KB goes to `sink` as it fills.
struct HistoryWriter {
    static let chunkSize = 1 << 16

    private var buffer: [UInt8] = []

    private init() { buffer.reserveCapacity(Self.chunkSize + 256) }

    static func write(_ history: History, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var writer = HistoryWriter()
        writer.append("{\"schema\":\(History.schemaVersion),")
        // A sample's points are made up: the mark keeps them from ever being read back as a history.
        if history.isSample { writer.append("\"sample\":true,") }
        writer.append("\"fields\":[")
        writer.append(History.fields.map { "\"\($0)\"" }.joined(separator: ","))
        writer.append("],\"start\":{")
        var firstStart = true
        for key in history.sortedKeys {
            // Backfilled points come with a start (`History.setBackfill`).
            guard let start = history.start(forKey: key) else { continue }
            let backfilled = history.points(forKey: key).prefix { $0.backfilled }.count
            if !firstStart { writer.append(",") }
            firstStart = false
            writer.append("\n" + JSONText.string(key) + ":{\"from\":\"\(start.from.rawValue)\"")
            if let reason = start.reason { writer.append(",\"reason\":\"\(reason.rawValue)\"") }
            if backfilled > 0 {
                writer.append(",\"backfilled\":")
                writer.append(backfilled)
            }
            writer.append("}")
            if writer.buffer.count >= Self.chunkSize { try writer.flush(to: sink) }
        }
        writer.append("},\"repos\":{")
        var firstRepo = true
        for key in history.sortedKeys {
            if !firstRepo { writer.append(",") }
            firstRepo = false
            writer.append("\n" + JSONText.string(key) + ":[")
            var firstPoint = true
            for point in history.points(forKey: key) {
                writer.append(firstPoint ? "[" : ",[")
                firstPoint = false
                writer.append(Int(point.seconds))
                for value in [point.stars, point.forks, point.openIssues, point.contributors, point.openPulls] {
                    writer.append(",")
                    if let value { writer.append(value) } else { writer.append("null") }
                }
                writer.append("]")
            }
            writer.append("]")
            if writer.buffer.count >= Self.chunkSize { try writer.flush(to: sink) }
        }
        writer.append("\n}}\n")
        try writer.flush(to: sink)
    }

    private mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Digits without `String(Int)`: a big history has 18 million numbers.
    private mutating func append(_ value: Int) {
        let start = buffer.count
        var magnitude = value.magnitude
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        buffer[start...].reverse()
    }

    private mutating func flush(to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension History {
    /// The whole file in memory: for tests and small sites; builds stream it (`HistoryFile`).
    package func json() -> Data {
        var data = Data()
        try? HistoryWriter.write(self) { data.append(contentsOf: $0) }
        return data
    }

    /// Streams the file into `output`.
    package func write(to output: FileOutput) throws {
        try HistoryWriter.write(self) { try output.write($0) }
    }
}

package enum JSONText {
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
