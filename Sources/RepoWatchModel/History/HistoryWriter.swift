import Foundation
import RepoWatchSupport

/// Serializes a history a chunk at a time:
/// `{"schema":2,"fields":[…],"start":{"owner/name":{"from":"backfill","backfilled":12},…},
/// "repos":{"owner/name":[[time,stars,forks,issues,contributors,pulls],…]}}`, one repository per
/// line (`"sample":true` after the schema for a `--sample` build's made-up one; `"cut":N` for the
/// published cut, `HistoryCut`, at most N points a repository). `start` comes first, so a streaming
/// reader knows which points are backfilled as it meets them. A large history is far more text than a
/// build should hold (docs/fast-paths.md), so it is never built as one string: each chunk of about
/// 64 KB goes to `sink` as it fills.
struct HistoryWriter {
    static let chunkSize = 1 << 16

    private var buffer: [UInt8] = []

    private init() { buffer.reserveCapacity(Self.chunkSize + 256) }

    static func write(
        _ history: History, cut: Int? = nil, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var writer = HistoryWriter()
        writer.append("{\"schema\":\(History.schemaVersion),")
        // A sample's points are made up: the mark keeps them from ever being read back as a history.
        if history.isSample { writer.append("\"sample\":true,") }
        if let cut {
            writer.append("\"cut\":")
            writer.append(cut)
            writer.append(",")
        }
        func points(_ key: String) -> [History.Point] {
            let points = history.points(forKey: key)
            return cut.map { HistoryCut.cut(points, limit: $0) } ?? points
        }
        writer.append("\"fields\":[")
        writer.append(History.fields.map { "\"\($0)\"" }.joined(separator: ","))
        writer.append("],\"start\":{")
        var firstStart = true
        for key in history.sortedKeys {
            // Backfilled points come with a start (`History.setBackfill`).
            guard let start = history.start(forKey: key) else { continue }
            let backfilled = points(key).prefix { $0.backfilled }.count
            if !firstStart { writer.append(",") }
            firstStart = false
            let written = start.written
            writer.append("\n" + JSONText.string(key) + ":{\"from\":\"\(written.from)\"")
            if let reason = written.reason { writer.append(",\"reason\":\"\(reason)\"") }
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
            for point in points(key) {
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
    package func json(cut: Int? = nil) -> Data {
        var data = Data()
        try? HistoryWriter.write(self, cut: cut) { data.append(contentsOf: $0) }
        return data
    }

    /// Streams the file into `output`; with `cut`, the published cut (`HistoryCut`).
    package func write(to output: FileOutput, cut: Int? = nil) throws {
        try HistoryWriter.write(self, cut: cut) { try output.write($0) }
    }

    /// The file's size in bytes, serialized without being kept.
    func serializedSize(cut: Int? = nil) -> Int {
        var size = 0
        try? HistoryWriter.write(self, cut: cut) { size += $0.count }
        return size
    }

    /// The points per repository `data/history.json` may publish for the file to take at most `room`
    /// bytes; nil when the whole history fits. Most histories are far from it, which a bound on the
    /// bytes of a point tells without serializing them.
    package func publishedCut(room: Int) -> Int? {
        guard !isSample else { return nil }
        let counts = sortedKeys.map { points(forKey: $0).count }
        let total = counts.reduce(0, +)
        // A point is at most a time and five 11-character numbers; a repository's name and start, 300.
        guard total * 80 + counts.count * 300 > room else { return nil }
        let size = serializedSize()
        guard size > room else { return nil }
        // Names and starts count too, so the first guess errs low.
        let perPoint = Double(size) / Double(max(total, 1))
        guard var limit = HistoryCut.limit(counts: counts, budget: Int(Double(max(room, 0)) / perPoint)) else {
            return nil
        }
        for _ in 0..<4 {
            let cutSize = serializedSize(cut: limit)
            if cutSize <= room || limit <= HistoryCut.floor { return limit }
            limit = max(HistoryCut.floor, Int(Double(limit) * Double(max(room, 0)) / Double(cutSize) * 0.97))
        }
        return limit
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
