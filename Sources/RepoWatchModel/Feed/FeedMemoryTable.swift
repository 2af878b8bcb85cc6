import Foundation
import RepoWatchSupport

/// `feed-memory.tsv` beside `feed.json`: what the last build saw of each repository, one line a
/// repository, sorted by key:
///
///     key \t full_name \t release \t archived \t pushed_at \t milestones \t gone
///
/// (`pushed_at` in seconds since 1970, milestones comma-separated, flags 0 or 1, an empty field for
/// nil). Text fields escape `%`, tab, line feed and carriage return as `%25`, `%09`, `%0A`, `%0D`:
/// they come from the API. A line that does not read is skipped: that repository is seen as new,
/// which tells at most its latest release (already told, by the same id).
package enum FeedMemoryTable {
    package static let fileName = "feed-memory.tsv"

    package static func encode(_ repos: [String: FeedMemory]) -> Data {
        var data = Data()
        lines(of: repos) { data.append(contentsOf: $0.utf8) }
        return data
    }

    /// Written as it is made, 64 KB at a time: the whole text at 100,000 repositories (9 MB, and
    /// its copy as bytes) would be the build's peak.
    package static func write(_ repos: [String: FeedMemory], to output: FileOutput) throws {
        var chunk = ""
        chunk.reserveCapacity(70_000)
        var failure: (any Error)?
        lines(of: repos) { line in
            chunk += line
            guard chunk.utf8.count >= 65_536, failure == nil else { return }
            do { try flush(&chunk, to: output) } catch { failure = error }
        }
        if let failure { throw failure }
        try flush(&chunk, to: output)
    }

    private static func flush(_ chunk: inout String, to output: FileOutput) throws {
        try chunk.withUTF8 { try output.write(UnsafeRawBufferPointer($0)) }
        chunk.removeAll(keepingCapacity: true)
    }

    private static func lines(of repos: [String: FeedMemory], _ emit: (String) -> Void) {
        for key in repos.keys.sorted() {
            let memory = repos[key]!
            var line = escaped(key)
            line += "\t" + (memory.fullName.map(escaped) ?? "")
            line += "\t" + (memory.release.map(escaped) ?? "")
            line += memory.archived ? "\t1" : "\t0"
            line += "\t" + (memory.pushedAt.map { String($0.timeIntervalSince1970) } ?? "")
            line += "\t" + memory.milestones.map(String.init).joined(separator: ",")
            line += memory.gone ? "\t1\n" : "\t0\n"
            emit(line)
        }
    }

    package static func decode(_ data: Data) -> [String: FeedMemory] {
        var repos: [String: FeedMemory] = [:]
        let newline = UInt8(ascii: "\n")
        repos.reserveCapacity(data.reduce(0) { $1 == newline ? $0 + 1 : $0 })
        for line in data.split(separator: newline) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 7, let key = unescaped(fields[0]), !key.isEmpty,
                let archived = flag(fields[3]), let gone = flag(fields[6])
            else { continue }
            var pushedAt: Date?
            if !fields[4].isEmpty {
                guard let seconds = Double(String(decoding: fields[4], as: UTF8.self)), seconds.isFinite else {
                    continue
                }
                pushedAt = Date(timeIntervalSince1970: seconds)
            }
            let milestones = fields[5].split(separator: UInt8(ascii: ",")).compactMap {
                Int(String(decoding: $0, as: UTF8.self))
            }
            repos[key] = FeedMemory(
                fullName: fields[1].isEmpty ? nil : unescaped(fields[1]),
                release: fields[2].isEmpty ? nil : unescaped(fields[2]), archived: archived, pushedAt: pushedAt,
                milestones: milestones, gone: gone)
        }
        return repos
    }

    private static func flag(_ field: Data.SubSequence) -> Bool? {
        field.elementsEqual("1".utf8) ? true : field.elementsEqual("0".utf8) ? false : nil
    }

    private static func escaped(_ text: String) -> String {
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

    private static func unescaped(_ field: Data.SubSequence) -> String? {
        let text = String(decoding: field, as: UTF8.self)
        return text.contains("%") ? text.removingPercentEncoding : text
    }
}
