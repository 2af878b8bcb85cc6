import Foundation

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
        var text = ""
        text.reserveCapacity(repos.count * 80)
        for key in repos.keys.sorted() {
            let memory = repos[key]!
            text += escaped(key)
            text += "\t" + (memory.fullName.map(escaped) ?? "")
            text += "\t" + (memory.release.map(escaped) ?? "")
            text += memory.archived ? "\t1" : "\t0"
            text += "\t" + (memory.pushedAt.map { String($0.timeIntervalSince1970) } ?? "")
            text += "\t" + memory.milestones.map(String.init).joined(separator: ",")
            text += memory.gone ? "\t1\n" : "\t0\n"
        }
        return Data(text.utf8)
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
