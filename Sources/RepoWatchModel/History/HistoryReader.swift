import Foundation
import RepoWatchStorage
import RepoWatchSupport

/// A strict reader for the history file's shape (whitespace anywhere is allowed); anything else is
/// a corrupt file. It reads 64 KB at a time and packs each repository's points as soon as they
/// are read, so a large file never sits in memory whole, and no series grows past the point limit.
/// Backfilled points are marked by count (`start`'s `backfilled`: the first N points), so the mark
/// applies once every series is read.
final class HistoryReader {
    private var bytes: ByteCursor
    /// The published cut's most points a repository (`"cut"`), once read; nil for a whole history.
    private(set) var cut: Int?

    /// Where the history read keeps its points (see `History`).
    private let spool: RecordSpool

    /// Off, every byte goes through the strict reader: what the fast path (`HistoryPointScanner`) is
    /// tested against.
    var scansPoints = true

    init(data: Data, spool: RecordSpool = RecordSpool()) {
        bytes = ByteCursor(data: data)
        self.spool = spool
    }

    init(file: FileInput, spool: RecordSpool = RecordSpool()) {
        bytes = ByteCursor(file: file)
        self.spool = spool
    }

    /// Reads schema 2, and schema 1 (points without `open_pulls`, no starts) as the same history
    /// upgraded: written back, it is schema 2 with every point kept. Reading thins nothing (but a
    /// hand-made series far past the limit): the tiers apply as each build records its point.
    func history() throws -> History {
        var history = History(spool: spool)
        var schema: Int?
        var widths = Set<Int>()
        var starts: [String: (start: HistoryStart?, backfilled: Int)] = [:]
        var hasStarts = false
        try expect(UInt8(ascii: "{"))
        try members { key in
            switch key {
            case "schema": schema = try integer()
            case "fields": _ = try stringArray()
            case "cut": cut = try integer()
            case "sample": throw fail("made-up sample data (a --sample build), not a history")
            case "repos":
                try expect(UInt8(ascii: "{"))
                try members { name in
                    try checkName(name)
                    var points = try points(widths: &widths)
                    // `start` written first (as `HistoryWriter` does): the points are marked as they are read.
                    if let entry = starts.removeValue(forKey: name) {
                        guard entry.backfilled <= points.count else {
                            throw fail("\(name) backfilled more than its points")
                        }
                        for index in 0..<entry.backfilled { points[index].backfilled = true }
                        history.set(name, points, start: entry.start, thinning: false)
                    } else {
                        history.set(name, points, start: nil, thinning: false)
                    }
                }
            case "start":
                hasStarts = true
                try expect(UInt8(ascii: "{"))
                try members { name in
                    try checkName(name)
                    starts[name] = try start()
                }
            default: throw fail("unknown key \(key)")
            }
        }
        skipSpace()
        guard try peek() == nil else { throw fail("trailing bytes") }
        switch schema {
        case 1:
            guard widths.isSubset(of: [History.schema1Fields.count]), !hasStarts else {
                throw fail("schema 1 points have \(History.schema1Fields.count) values")
            }
        case History.schemaVersion:
            guard widths.isSubset(of: [History.fields.count]) else {
                throw fail("schema 2 points have \(History.fields.count) values")
            }
        default: throw fail("schema \(schema.map(String.init) ?? "missing")")
        }
        try mark(starts, in: &history)
        return history
    }

    /// A `start` after `repos`, or for a repository without points.
    private func mark(_ starts: [String: (start: HistoryStart?, backfilled: Int)], in history: inout History) throws {
        for (key, entry) in starts {
            var points = history.points(forKey: key)
            guard entry.backfilled <= points.count else { throw fail("\(key) backfilled more than its points") }
            for index in 0..<entry.backfilled { points[index].backfilled = true }
            history.set(key, points, start: entry.start, thinning: false)
        }
    }

    private func checkName(_ name: String) throws {
        guard RepoName.parse(name).value?.key == name else { throw fail("bad repository name \(name)") }
    }

    /// `{"from": "backfill"|"first-snapshot", "reason": "…", "backfilled": N}`, each optional but `from`
    /// (`"reason": "star-history"` on a backfill: GitHub's star history).
    private func start() throws -> (start: HistoryStart?, backfilled: Int) {
        var from: String?
        var reason: String?
        var backfilled = 0
        try expect(UInt8(ascii: "{"))
        try members { key in
            switch key {
            case "from": from = try string()
            case "reason":
                // A reason a later version adds reads as none (`HistoryStart(written:reason:)`).
                reason = try string()
            case "backfilled":
                backfilled = try integer()
                guard backfilled >= 0 else { throw fail("a negative count") }
            default: throw fail("unknown key \(key)")
            }
        }
        guard let from else { throw fail("a start without from") }
        guard let start = HistoryStart(written: from, reason: reason) else { throw fail("unknown start \(from)") }
        return (start, backfilled)
    }

    private func points(widths: inout Set<Int>) throws -> [History.Point] {
        var points: [History.Point] = []
        var scanner = HistoryPointScanner()
        try expect(UInt8(ascii: "["))
        try elements {
            // The points the buffer holds whole, but the series' last, without a call per byte.
            if scansPoints { _ = try bytes.scanChunk { scanner.scan($0, into: &points) } }
            if points.count >= 4 * History.pointLimit {
                points = HistoryTiers.thin(points, limit: 2 * History.pointLimit)
            }
            try expect(UInt8(ascii: "["))
            var values: [Int?] = []
            try elements {
                guard values.count < History.fields.count else { throw fail("a point has too many values") }
                values.append(try optionalInteger())
            }
            guard values.count >= History.schema1Fields.count, let seconds = values[0], seconds >= 0 else {
                throw fail("a point needs \(History.fields.count) values and a time")
            }
            widths.insert(values.count)
            points.append(
                History.Point(
                    time: Date(timeIntervalSince1970: TimeInterval(seconds)), stars: values[1], forks: values[2],
                    openIssues: values[3], contributors: values[4], openPulls: values.count > 5 ? values[5] : nil))
            // A hand-made file with millions of points stays bounded: thinned as it is read.
            if points.count >= 4 * History.pointLimit {
                points = HistoryTiers.thin(points, limit: 2 * History.pointLimit)
            }
        }
        scanner.note(into: &widths)
        return points
    }

    private func members(_ body: (String) throws -> Void) throws {
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            bytes.advance()
            return
        }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(key)
            skipSpace()
            guard let next = try take() else { throw fail("unexpected end") }
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected , or }") }
        }
    }

    private func elements(_ body: () throws -> Void) throws {
        skipSpace()
        if try peek() == UInt8(ascii: "]") {
            bytes.advance()
            return
        }
        while true {
            try body()
            skipSpace()
            guard let next = try take() else { throw fail("unexpected end") }
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected , or ]") }
        }
    }

    private func stringArray() throws -> [String] {
        var strings: [String] = []
        try expect(UInt8(ascii: "["))
        try elements { strings.append(try string()) }
        return strings
    }

    private func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        var scalars: [UInt8] = []
        while let byte = try take() {
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                // `\/` too: JSON writers that escape slashes (Foundation's) write names that way.
                guard let escaped = try take(),
                    escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") || escaped == UInt8(ascii: "/")
                else {
                    throw fail("unsupported escape")
                }
                scalars.append(escaped)
            default: scalars.append(byte)
            }
            // Keys are repository names (at most 140 bytes) and field names.
            guard scalars.count <= 1024 else { throw fail("string too long") }
        }
        throw fail("unterminated string")
    }

    private func optionalInteger() throws -> Int? {
        skipSpace()
        if try peek() == UInt8(ascii: "n") {
            for letter in "null".utf8 {
                guard try take() == letter else { throw fail("expected null") }
            }
            return nil
        }
        return try integer()
    }

    private func integer() throws -> Int {
        skipSpace()
        var value = 0
        var digits = 0
        let negative = try peek() == UInt8(ascii: "-")
        if negative { bytes.advance() }
        while let byte = try peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            // 18 digits fit an Int: a longer number in a hostile file is refused, not an overflow.
            guard digits < 18 else { throw fail("number too long") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            bytes.advance()
        }
        guard digits > 0 else { throw fail("expected a number") }
        return negative ? -value : value
    }

    private func peek() throws -> UInt8? { try bytes.peek() }
    private func take() throws -> UInt8? { try bytes.take() }
    private func skipSpace() { bytes.skipSpace() }

    private func expect(_ byte: UInt8) throws {
        skipSpace()
        guard try take() == byte else { throw fail("expected \(Character(Unicode.Scalar(byte)))") }
    }

    private func fail(_ reason: String) -> History.CorruptFile {
        History.CorruptFile(description: "\(reason) at byte \(bytes.offset)")
    }
}

extension History {
    /// Reads what `json()` wrote; anything else throws `CorruptFile`.
    package static func parse(_ data: Data) throws -> History {
        try HistoryReader(data: data).history()
    }

    /// A published file: the history, and the cut's most points a repository where it is one
    /// (`HistoryCut`).
    package static func parsePublished(_ data: Data) throws -> (history: History, cut: Int?) {
        let reader = HistoryReader(data: data)
        return (try reader.history(), reader.cut)
    }
}
