import Foundation

/// A start tag found in a page: its name, its attributes (entity-decoded) and its byte range.
struct HTMLTag: Sendable, CustomStringConvertible {
    let name: String
    let attributes: [String: String]
    let start: Int
    let end: Int
    subscript(_ attribute: String) -> String? { attributes[attribute] }
    var description: String {
        "<\(name) \(attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " "))>"
    }
}

struct HookStat: Sendable {
    /// `data-value`.
    let value: String?
    /// Visible text from the stat element up to the next hook (e.g. "★ 171,281").
    let text: String
}

/// A minimal HTML scanner: enough to read the templates' hooks without a parser dependency.
struct HTMLPage: Sendable {
    let source: String
    let bytes: [UInt8]
    let tags: [HTMLTag]
    private let rawTextEnds: [Int: Int]  // start of a <script>/<style> tag → end of its content

    init(_ source: String) {
        self.source = source
        self.bytes = Array(source.utf8)
        self.tags = HTMLPage.scan(bytes)
        var ends: [Int: Int] = [:]
        for tag in tags where tag.name == "script" || tag.name == "style" {
            ends[tag.start] = HTMLPage.skipRawText(bytes, from: tag.end, name: tag.name)
        }
        self.rawTextEnds = ends
    }

    init(contentsOf url: URL) throws {
        self.init(try String(contentsOf: url, encoding: .utf8))
    }

    func tags(where attribute: String, is value: String? = nil) -> [HTMLTag] {
        tags.filter { tag in
            guard let v = tag[attribute] else { return false }
            return value == nil || v == value
        }
    }

    /// All `data-state` values in the page.
    var states: [String] { tags(where: "data-state").compactMap { $0["data-state"] } }

    /// `data-stat` hooks in a byte range, keyed by stat name (first occurrence wins).
    func stats(from start: Int = 0, to end: Int? = nil) -> [String: HookStat] {
        let end = end ?? bytes.count
        let hooks = tags.filter {
            $0.start >= start && $0.start < end && ($0["data-stat"] != nil || $0["data-login"] != nil)
        }
        var result: [String: HookStat] = [:]
        for (i, tag) in hooks.enumerated() {
            guard let name = tag["data-stat"], result[name] == nil else { continue }
            let next = i + 1 < hooks.count ? hooks[i + 1].start : end
            let limit = min(next, tag.end + 600, end)
            result[name] = HookStat(value: tag["data-value"], text: text(from: tag.start, to: limit))
        }
        return result
    }

    /// Contributors (`data-login` + `data-contributions`) in a byte range, in document order.
    func contributors(from start: Int = 0, to end: Int? = nil) -> [HookContributor] {
        let end = end ?? bytes.count
        return tags.filter { $0.start >= start && $0.start < end }
            .compactMap { tag in
                guard let login = tag["data-login"], let c = tag["data-contributions"] else { return nil }
                return HookContributor(login, Int(c) ?? -1)
            }
    }

    /// Segments of the page, each starting at a tag carrying `attribute` and ending at the next.
    /// A segment with no stat hooks that is directly followed by one for the same value (a widget
    /// root wrapping its own card) is merged into it.
    func segments(by attribute: String) -> [(tag: HTMLTag, start: Int, end: Int)] {
        let marks = tags(where: attribute)
        var raw: [(tag: HTMLTag, start: Int, end: Int)] = []
        for (i, tag) in marks.enumerated() {
            raw.append((tag, tag.start, i + 1 < marks.count ? marks[i + 1].start : bytes.count))
        }
        var merged: [(tag: HTMLTag, start: Int, end: Int)] = []
        var i = 0
        while i < raw.count {
            var seg = raw[i]
            while i + 1 < raw.count, raw[i + 1].tag[attribute] == seg.tag[attribute],
                stats(from: seg.start, to: seg.end).isEmpty
            {
                seg = (seg.tag, seg.start, raw[i + 1].end)
                i += 1
            }
            merged.append(seg)
            i += 1
        }
        return merged
    }

    /// Visible text of the whole page (scripts and styles dropped, entities decoded).
    var visibleText: String { text(from: 0, to: bytes.count) }

    /// Visible text of a byte range.
    func text(from start: Int, to end: Int) -> String {
        var out: [UInt8] = []
        var i = max(0, start)
        let end = min(end, bytes.count)
        while i < end {
            if bytes[i] == UInt8(ascii: "<") {
                if let skipTo = rawTextEnds[i] {
                    i = skipTo
                    out.append(UInt8(ascii: " "))
                    continue
                }
                while i < end && bytes[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
                out.append(UInt8(ascii: " "))
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        let decoded = HTMLPage.decodeEntities(String(decoding: out, as: UTF8.self))
        return decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    // MARK: scanning

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    private static func scan(_ b: [UInt8]) -> [HTMLTag] {
        var tags: [HTMLTag] = []
        var i = 0
        let n = b.count
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            guard k + u.count <= n else { return false }
            for j in 0..<u.count where b[k + j] | 0x20 != u[j] | 0x20 { return false }
            return true
        }
        while i < n {
            guard b[i] == UInt8(ascii: "<"), i + 1 < n else {
                i += 1
                continue
            }
            let tagStart = i
            if starts("<!--", at: i) {
                i += 4
                while i < n && !starts("-->", at: i) { i += 1 }
                i += 3
                continue
            }
            if b[i + 1] == UInt8(ascii: "!") || b[i + 1] == UInt8(ascii: "/") || b[i + 1] == UInt8(ascii: "?") {
                while i < n && b[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
                continue
            }
            guard (b[i + 1] | 0x20) >= 0x61 && (b[i + 1] | 0x20) <= 0x7A else {
                i += 1
                continue
            }
            i += 1
            let nameStart = i
            while i < n && isNameByte(b[i]) { i += 1 }
            let name = String(decoding: b[nameStart..<i], as: UTF8.self).lowercased()
            var attributes: [String: String] = [:]
            while i < n {
                while i < n && isSpace(b[i]) { i += 1 }
                if i >= n { break }
                if b[i] == UInt8(ascii: ">") {
                    i += 1
                    break
                }
                if b[i] == UInt8(ascii: "/") {
                    i += 1
                    continue
                }
                let aStart = i
                while i < n && !isSpace(b[i]) && b[i] != UInt8(ascii: "=") && b[i] != UInt8(ascii: ">")
                    && !(b[i] == UInt8(ascii: "/") && i + 1 < n && b[i + 1] == UInt8(ascii: ">"))
                { i += 1 }
                let aName = String(decoding: b[aStart..<i], as: UTF8.self).lowercased()
                while i < n && isSpace(b[i]) { i += 1 }
                var value = ""
                if i < n && b[i] == UInt8(ascii: "=") {
                    i += 1
                    while i < n && isSpace(b[i]) { i += 1 }
                    if i < n && (b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'")) {
                        let quote = b[i]
                        i += 1
                        let vStart = i
                        while i < n && b[i] != quote { i += 1 }
                        value = String(decoding: b[vStart..<min(i, n)], as: UTF8.self)
                        i += 1
                    } else {
                        let vStart = i
                        while i < n && !isSpace(b[i]) && b[i] != UInt8(ascii: ">") { i += 1 }
                        value = String(decoding: b[vStart..<i], as: UTF8.self)
                    }
                }
                if !aName.isEmpty && attributes[aName] == nil { attributes[aName] = decodeEntities(value) }
            }
            tags.append(HTMLTag(name: name, attributes: attributes, start: tagStart, end: min(i, n)))
            if name == "script" || name == "style" { i = skipRawText(b, from: i, name: name) }
        }
        return tags
    }

    /// The index just past `</name>` (or the end).
    private static func skipRawText(_ b: [UInt8], from: Int, name: String) -> Int {
        let close = Array("</\(name)".utf8)
        var i = from
        while i + close.count <= b.count {
            var match = true
            for j in 0..<close.count where b[i + j] | 0x20 != close[j] | 0x20 {
                match = false
                break
            }
            if match {
                while i < b.count && b[i] != UInt8(ascii: ">") { i += 1 }
                return i + 1
            }
            i += 1
        }
        return b.count
    }

    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}"]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(12).firstIndex(of: ";") {
                let entity = String(after[..<semi])
                var replacement: String?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
                        String(Character($0))
                    }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    replacement = named[entity]
                }
                if let replacement {
                    out += replacement
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        out += rest
        return out
    }
}

struct HookContributor: Equatable, Sendable, CustomStringConvertible {
    let login: String
    let contributions: Int
    init(_ login: String, _ contributions: Int) {
        self.login = login
        self.contributions = contributions
    }
    var description: String { "\(login) \(contributions)" }
}
