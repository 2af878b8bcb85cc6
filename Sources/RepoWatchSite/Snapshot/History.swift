import Foundation

/// How each repository's counts moved from build to build: one point per build with fresh data,
/// kept in `.repowatch/history.json` (the Actions cache keeps it between runs) and published as
/// `public/data/history.json`.
///
/// A site of 10,000 repositories with a year of points holds 3.65 million points, so a point is
/// 20 bytes (not five optional `Int`s), the file is arrays of numbers rather than objects, and it is
/// read by a small scanner instead of `JSONDecoder`, which would build an array per point first.
public struct History: Sendable, Equatable {
    public static let schemaVersion = 1
    /// One point per build: a year of daily builds, or half a year of the default 12-hour schedule.
    public static let pointLimit = 365
    static let fields = ["time", "stars", "forks", "open_issues", "contributors"]

    public struct Point: Sendable, Equatable {
        /// Seconds since 1970 (UTC): the build's snapshot time.
        var seconds: UInt32
        // -1 where the API gave no value; counts past Int32.max are kept as Int32.max.
        private var starCount: Int32
        private var forkCount: Int32
        private var issueCount: Int32
        private var contributorCount: Int32

        public init(time: Date, stars: Int?, forks: Int?, openIssues: Int?, contributors: Int?) {
            seconds = UInt32(clamping: Int64(time.timeIntervalSince1970.rounded(.down)))
            starCount = Self.pack(stars)
            forkCount = Self.pack(forks)
            issueCount = Self.pack(openIssues)
            contributorCount = Self.pack(contributors)
        }

        public var time: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        public var stars: Int? { Self.unpack(starCount) }
        public var forks: Int? { Self.unpack(forkCount) }
        public var openIssues: Int? { Self.unpack(issueCount) }
        public var contributors: Int? { Self.unpack(contributorCount) }

        private static func pack(_ value: Int?) -> Int32 {
            guard let value, value >= 0 else { return -1 }
            return Int32(clamping: value)
        }

        private static func unpack(_ value: Int32) -> Int? { value < 0 ? nil : Int(value) }

        var values: [Int?] { [Int(seconds), stars, forks, openIssues, contributors] }
    }

    /// Points by repository key (the site.yml name, lowercased), oldest first.
    private(set) var series: [String: [Point]] = [:]

    public init() {}

    public var isEmpty: Bool { series.isEmpty }

    public func points(for name: RepoName) -> [Point] { series[name.key] ?? [] }

    /// Adds this build's point for every repository with fresh data. Stale data is a value already
    /// recorded (or never measured now), so it adds nothing; a rebuild at the same time replaces
    /// its own point. Repositories no longer in site.yml are dropped.
    public mutating func record(_ snapshot: Snapshot, repos: [RepoName]) {
        guard !snapshot.sample else { return }
        let configured = Set(repos.map(\.key))
        series = series.filter { configured.contains($0.key) }
        for repo in snapshot.repos where repo.isAvailable && !repo.stale {
            let key = repo.configName.lowercased()
            guard configured.contains(key) else { continue }
            // `open_issues` holds issues only: REST's count with pull requests in it is left out (null)
            // rather than mixed into the same series.
            let point = Point(
                time: snapshot.generatedAt, stars: repo.stars, forks: repo.forks,
                openIssues: repo.openIssuesIncludePulls ? nil : repo.openIssues,
                contributors: repo.contributorsNote == nil ? repo.contributors.count : nil)
            var points = series[key] ?? []
            if let last = points.last, last.seconds >= point.seconds { points.removeLast() }
            points.append(point)
            if points.count > Self.pointLimit { points.removeFirst(points.count - Self.pointLimit) }
            series[key] = points
        }
    }

    /// Compact JSON: `{"schema":1,"fields":[…],"repos":{"owner/name":[[time,stars,forks,issues,contributors],…]}}`.
    public func json() -> Data {
        var out = "{\"schema\":\(Self.schemaVersion),\"fields\":["
        out += Self.fields.map { "\"\($0)\"" }.joined(separator: ",")
        out += "],\"repos\":{"
        var firstRepo = true
        for key in series.keys.sorted() {
            if !firstRepo { out += "," }
            firstRepo = false
            out += "\n" + JSONText.string(key) + ":["
            var firstPoint = true
            for point in series[key]! {
                if !firstPoint { out += "," }
                firstPoint = false
                out += "[" + point.values.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
            }
            out += "]"
        }
        out += "\n}}\n"
        return Data(out.utf8)
    }

    public struct CorruptFile: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads what `json()` wrote; anything else throws `CorruptFile`.
    public static func parse(_ data: Data) throws -> History {
        let scanner = HistoryScanner(bytes: [UInt8](data))
        return try scanner.history()
    }
}

/// The history file on disk, beside the response cache.
public struct HistoryFile: Sendable {
    public let url: URL

    public init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent("history.json")
    }

    /// The recorded history; empty when there is none yet. A file that cannot be read is renamed
    /// aside (never deleted: it may be all a site has) and the build goes on with empty history.
    public func load(now: Date, warn: (String) -> Void) -> History {
        guard let data = FileManager.default.contents(atPath: url.path) else { return History() }
        do {
            return try History.parse(data)
        } catch {
            let stamp = Formatting.iso(now).replacingOccurrences(of: ":", with: "-")
            let aside = url.deletingLastPathComponent().appendingPathComponent("history.json.corrupt-\(stamp)")
            try? FileManager.default.removeItem(at: aside)
            let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
            warn(
                "\(url.path): cannot read the history (\(error)); "
                    + (moved ? "moved it to \(aside.lastPathComponent) and " : "")
                    + "starting a new one")
            return History()
        }
    }

    public func save(_ data: Data) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(data, to: url.path)
    }
}

enum JSONText {
    static func string(_ text: String) -> String {
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

/// A strict reader for the history file's shape (whitespace anywhere is allowed); anything else is
/// a corrupt file.
final class HistoryScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func history() throws -> History {
        var history = History()
        var series: [String: [History.Point]] = [:]
        var schema: Int?
        try expect(UInt8(ascii: "{"))
        try members { key in
            switch key {
            case "schema": schema = try integer()
            case "fields": _ = try stringArray()
            case "repos":
                try expect(UInt8(ascii: "{"))
                try members { name in
                    guard RepoName.parse(name).value?.key == name else { throw fail("bad repository name \(name)") }
                    series[name] = try points()
                }
            default: throw fail("unknown key \(key)")
            }
        }
        skipSpace()
        guard index == bytes.count else { throw fail("trailing bytes") }
        guard schema == History.schemaVersion else { throw fail("schema \(schema.map(String.init) ?? "missing")") }
        history.replaceSeries(series)
        return history
    }

    private func points() throws -> [History.Point] {
        var points: [History.Point] = []
        try expect(UInt8(ascii: "["))
        try elements {
            try expect(UInt8(ascii: "["))
            var values: [Int?] = []
            try elements { values.append(try optionalInteger()) }
            guard values.count == History.fields.count, let seconds = values[0], seconds >= 0 else {
                throw fail("a point needs \(History.fields.count) values and a time")
            }
            points.append(
                History.Point(
                    time: Date(timeIntervalSince1970: TimeInterval(seconds)), stars: values[1], forks: values[2],
                    openIssues: values[3], contributors: values[4]))
        }
        return Array(points.suffix(History.pointLimit))
    }

    private func members(_ body: (String) throws -> Void) throws {
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(key)
            skipSpace()
            guard let next = take() else { throw fail("unexpected end") }
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected , or }") }
        }
    }

    private func elements(_ body: () throws -> Void) throws {
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try body()
            skipSpace()
            guard let next = take() else { throw fail("unexpected end") }
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
        while let byte = take() {
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = take(), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                    throw fail("unsupported escape")
                }
                scalars.append(escaped)
            default: scalars.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    private func optionalInteger() throws -> Int? {
        skipSpace()
        if bytes[index...].starts(with: Array("null".utf8)) {
            index += 4
            return nil
        }
        return try integer()
    }

    private func integer() throws -> Int {
        skipSpace()
        var value = 0
        var digits = 0
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard digits < 18 else { throw fail("number too long") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw fail("expected a number") }
        return negative ? -value : value
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func take() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func expect(_ byte: UInt8) throws {
        skipSpace()
        guard take() == byte else { throw fail("expected \(Character(Unicode.Scalar(byte)))") }
    }

    private func fail(_ reason: String) -> History.CorruptFile {
        History.CorruptFile(description: "\(reason) at byte \(index)")
    }
}

extension History {
    fileprivate mutating func replaceSeries(_ series: [String: [Point]]) { self.series = series }
}

/// A repository's change between its last two points: what the page and the gallery show.
public struct HistoryDelta: Sendable, Equatable {
    public var stars: Int?
    public var forks: Int?
    public var openIssues: Int?
    public var contributors: Int?
    /// When the earlier point was taken.
    public var since: Date

    /// Nil with fewer than two points: a first snapshot has nothing to compare with ("+0" would lie).
    public init?(_ points: [History.Point]) {
        guard points.count >= 2 else { return nil }
        let (earlier, latest) = (points[points.count - 2], points[points.count - 1])
        func change(_ value: (History.Point) -> Int?) -> Int? {
            guard let new = value(latest), let old = value(earlier) else { return nil }
            return new - old
        }
        stars = change(\.stars)
        forks = change(\.forks)
        openIssues = change(\.openIssues)
        contributors = change(\.contributors)
        since = earlier.time
    }
}
