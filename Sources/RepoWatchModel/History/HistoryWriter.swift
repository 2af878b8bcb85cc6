import Foundation
import RepoWatchSupport

/// Serializes a history a chunk at a time:
/// `{"schema":2,"fields":[…],"start":{"owner/name":{"from":"backfill","backfilled":12},…},
/// "repos":{"owner/name":[[time,stars,forks,issues,contributors,pulls],…]}}`, one repository per
/// line (`"sample":true` after the schema for a `--sample` build's made-up one; `"cut":N` for the
/// published cut, `HistoryCut`, at most N points a repository). `start` comes first, so a streaming
/// reader knows which points are backfilled as it meets them. A large history is far more text than a
/// build should hold (docs/fast-paths.md), so it is never built as one string: it goes to its
/// `HistoryOutput` a piece at a time.
enum HistoryWriter {
    static let chunkSize = 1 << 16

    static func write<Output: HistoryOutput>(_ history: History, cut: Int? = nil, to output: inout Output) throws {
        output.append("{\"schema\":\(History.schemaVersion),")
        // A sample's points are made up: the mark keeps them from ever being read back as a history.
        if history.isSample { output.append("\"sample\":true,") }
        if let cut {
            output.append("\"cut\":")
            output.append(cut)
            output.append(",")
        }
        func points(_ key: String) -> [History.Point] {
            let points = history.points(forKey: key)
            return cut.map { HistoryCut.cut(points, limit: $0) } ?? points
        }
        output.append("\"fields\":[")
        output.append(History.fields.map { "\"\($0)\"" }.joined(separator: ","))
        output.append("],\"start\":{")
        var firstStart = true
        for key in history.sortedKeys {
            // Backfilled points come with a start (`History.setBackfill`).
            guard let start = history.start(forKey: key) else { continue }
            let backfilled = points(key).prefix { $0.backfilled }.count
            if !firstStart { output.append(",") }
            firstStart = false
            let written = start.written
            output.append("\n" + JSONText.string(key) + ":{\"from\":\"\(written.from)\"")
            if let reason = written.reason { output.append(",\"reason\":\"\(reason)\"") }
            if backfilled > 0 {
                output.append(",\"backfilled\":")
                output.append(backfilled)
            }
            output.append("}")
            try output.endOfEntry()
        }
        output.append("},\"repos\":{")
        var firstRepo = true
        for key in history.sortedKeys {
            if !firstRepo { output.append(",") }
            firstRepo = false
            output.append("\n" + JSONText.string(key) + ":[")
            var firstPoint = true
            for point in points(key) {
                output.append(firstPoint ? "[" : ",[")
                firstPoint = false
                output.append(Int(point.seconds))
                output.append(orNull: point.stars)
                output.append(orNull: point.forks)
                output.append(orNull: point.openIssues)
                output.append(orNull: point.contributors)
                output.append(orNull: point.openPulls)
                output.append("]")
            }
            output.append("]")
            try output.endOfEntry()
        }
        output.append("\n}}\n")
        try output.finish()
    }
}

/// Where `HistoryWriter` puts a history's file: its bytes (`HistoryBytes`), or only how many there
/// are (`HistoryByteCount`): one writer for both, so a size never disagrees with the file.
protocol HistoryOutput {
    mutating func append(_ text: String)
    mutating func append(_ value: Int)
    /// After each repository's start and points: where a chunk that has filled goes out.
    mutating func endOfEntry() throws
    mutating func finish() throws
}

extension HistoryOutput {
    /// A point's value after its comma.
    mutating func append(orNull value: Int?) {
        append(",")
        if let value { append(value) } else { append("null") }
    }
}

/// The file's bytes, handed to `sink` about 64 KB at a time.
struct HistoryBytes: HistoryOutput {
    private var buffer: [UInt8] = []
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(HistoryWriter.chunkSize + 256)
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Digits without `String(Int)`: a big history has 18 million numbers.
    mutating func append(_ value: Int) {
        let start = buffer.count
        var magnitude = value.magnitude
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        buffer[start...].reverse()
    }

    mutating func endOfEntry() throws {
        if buffer.count >= HistoryWriter.chunkSize { try finish() }
    }

    mutating func finish() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// How many bytes the file takes, counted without formatting one (the published cut sizes a large
/// history up to five times).
struct HistoryByteCount: HistoryOutput {
    private(set) var count = 0

    mutating func append(_ text: String) { count += text.utf8.count }

    mutating func append(_ value: Int) {
        var magnitude = value.magnitude
        count += value < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
    }

    func endOfEntry() {}
    func finish() {}
}

extension History {
    /// The whole file in memory: for tests and small sites; builds stream it (`HistoryFile`).
    package func json(cut: Int? = nil) -> Data {
        var data = Data()
        var output = HistoryBytes { data.append(contentsOf: $0) }
        try? HistoryWriter.write(self, cut: cut, to: &output)
        return data
    }

    /// Streams the file into `output`; with `cut`, the published cut (`HistoryCut`).
    package func write(to output: FileOutput, cut: Int? = nil) throws {
        var bytes = HistoryBytes { try output.write($0) }
        try HistoryWriter.write(self, cut: cut, to: &bytes)
    }

    /// The file's size in bytes, counted without being written.
    func serializedSize(cut: Int? = nil) -> Int {
        var size = HistoryByteCount()
        try? HistoryWriter.write(self, cut: cut, to: &size)
        return size.count
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
            // The floor is published whatever its size: there is nothing to count.
            guard limit > HistoryCut.floor else { return limit }
            let cutSize = serializedSize(cut: limit)
            if cutSize <= room { return limit }
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
