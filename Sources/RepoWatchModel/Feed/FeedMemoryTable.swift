import Foundation
import RepoWatchSupport

/// `feed-memory.tsv` beside `feed.json`: what the last build saw of each repository, one line a
/// repository, in the site's order:
///
///     key \t full_name \t release \t archived \t pushed_at \t milestones \t gone
///
/// (`pushed_at` in seconds since 1970, milestones comma-separated, flags 0 or 1, an empty field for
/// nil). Text fields escape `%`, tab, line feed and carriage return as `%25`, `%09`, `%0A`, `%0D`:
/// they come from the API. A line that does not read is skipped: that repository is seen as new,
/// which tells at most its latest release (already told, by the same id).
///
/// A build does not hold it as a dictionary: it looks repositories up in the file's bytes
/// (`Lookup`: the file and 4 bytes a line, a fraction of the dictionary's size: docs/fast-paths.md)
/// and writes the next table line by line as it observes (`Writer`).
package enum FeedMemoryTable {
    package static let fileName = KeptFile.feedMemory.name

    /// The whole table as a dictionary (tests, and builds that do not save: `serve`'s rebuilds).
    package static func decode(_ data: Data) -> [String: FeedMemory] {
        var repos: [String: FeedMemory] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let (key, memory) = parse(line) { repos[key] = memory }
        }
        return repos
    }

    package static func encode(_ repos: [String: FeedMemory]) -> Data {
        var data = Data()
        for key in repos.keys.sorted() { data.append(contentsOf: line(key, repos[key]!).utf8) }
        return data
    }

    /// Writes `repos` (sorted by key) through a `Writer`.
    package static func write(_ repos: [String: FeedMemory], to output: FileOutput) throws {
        var writer = Writer(output)
        for key in repos.keys.sorted() { writer.add(key, repos[key]!) }
        try writer.finish()
    }

    /// Lines written as they come, 64 KB at a time; the first write error is thrown by `finish`.
    struct Writer {
        private let output: FileOutput
        private var chunk = ""
        private var failure: (any Error)?

        init(_ output: FileOutput) {
            self.output = output
            chunk.reserveCapacity(70_000)
        }

        mutating func add(_ key: String, _ memory: FeedMemory) {
            chunk += FeedMemoryTable.line(key, memory)
            if chunk.utf8.count >= 65_536 { flush() }
        }

        mutating func finish() throws {
            flush()
            if let failure { throw failure }
        }

        private mutating func flush() {
            guard failure == nil, !chunk.isEmpty else { return }
            do {
                try chunk.withUTF8 { try output.write(UnsafeRawBufferPointer($0)) }
            } catch {
                failure = error
            }
            chunk.removeAll(keepingCapacity: true)
        }
    }

    /// The table's bytes, and where each line starts, ordered by key: a repository is found by
    /// binary search and its line read only then.
    package struct Lookup: Sendable {
        /// The file as read, not copied into an array.
        private let bytes: Data
        private let starts: [Int32]

        package init(_ data: Data = Data()) {
            var starts: [Int32] = []
            data.withUnsafeBytes { raw in
                let buffer = raw.assumingMemoryBound(to: UInt8.self)
                var start = 0
                for (position, byte) in buffer.enumerated() where byte == UInt8(ascii: "\n") {
                    if position > start { starts.append(Int32(start)) }
                    start = position + 1
                }
                // Written in the site's order: sorted here, once (the order of an earlier build's site).
                starts.sort { Self.compare(Self.key(at: Int($0), in: buffer), Self.key(at: Int($1), in: buffer)) < 0 }
            }
            bytes = data
            self.starts = starts
        }

        package func memory(for key: String) -> FeedMemory? {
            let wanted = Array(FeedMemoryTable.escaped(key).utf8)
            return bytes.withUnsafeBytes { raw -> FeedMemory? in
                let buffer = raw.assumingMemoryBound(to: UInt8.self)
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    let order = wanted.withUnsafeBufferPointer {
                        Self.compare(Self.key(at: Int(starts[middle]), in: buffer), $0)
                    }
                    if order == 0 {
                        let start = Int(starts[middle])
                        let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
                        return FeedMemoryTable.parse(Array(buffer[start..<end])[...])?.1
                    }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }

        private static func key(at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            var end = start
            while end < buffer.count, buffer[end] != 9, buffer[end] != 10 { end += 1 }
            return UnsafeBufferPointer(rebasing: buffer[start..<end])
        }

        private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
            for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        }
    }

    static func line(_ key: String, _ memory: FeedMemory) -> String {
        var line = escaped(key)
        line += "\t" + (memory.fullName.map(escaped) ?? "")
        line += "\t" + (memory.release.map(escaped) ?? "")
        line += memory.archived ? "\t1" : "\t0"
        line += "\t" + (memory.pushedAt.map { String($0.timeIntervalSince1970) } ?? "")
        line += "\t" + memory.milestones.map(String.init).joined(separator: ",")
        line += memory.gone ? "\t1\n" : "\t0\n"
        return line
    }

    static func parse<Bytes: Collection<UInt8>>(_ line: Bytes) -> (String, FeedMemory)? {
        let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard fields.count == 7, let key = unescaped(fields[0]), !key.isEmpty,
            let archived = flag(fields[3]), let gone = flag(fields[6])
        else { return nil }
        var pushedAt: Date?
        if !fields[4].isEmpty {
            guard let seconds = Double(String(decoding: fields[4], as: UTF8.self)), seconds.isFinite else {
                return nil
            }
            pushedAt = Date(timeIntervalSince1970: seconds)
        }
        let milestones = fields[5].split(separator: UInt8(ascii: ",")).compactMap {
            Int(String(decoding: $0, as: UTF8.self))
        }
        let memory = FeedMemory(
            fullName: fields[1].isEmpty ? nil : unescaped(fields[1]),
            release: fields[2].isEmpty ? nil : unescaped(fields[2]), archived: archived, pushedAt: pushedAt,
            milestones: milestones, gone: gone)
        return (key, memory)
    }

    private static func flag<Bytes: Collection<UInt8>>(_ field: Bytes) -> Bool? {
        field.elementsEqual("1".utf8) ? true : field.elementsEqual("0".utf8) ? false : nil
    }

    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 9 || $0 == 10 || $0 == 13 }) else {
            return text
        }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    private static func unescaped<Bytes: Collection<UInt8>>(_ field: Bytes) -> String? {
        let text = String(decoding: field, as: UTF8.self)
        return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding : text
    }
}
