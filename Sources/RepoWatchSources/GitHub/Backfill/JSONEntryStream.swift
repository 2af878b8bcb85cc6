import Foundation
import RepoWatchSupport

/// Reads a JSON file of the shape `{"NAME": {"KEY": VALUE, …}, "OTHER": VALUE, …}` a chunk at a time
/// and hands over each member of the object under `NAME` as its own bytes, to be decoded alone.
/// `JSONDecoder` holds the whole file and a map of every value in it before decoding anything, several
/// times the file, and a cache file of 100,000 repositories is tens of megabytes.
final class JSONEntryStream {
    struct Malformed: Error {}
    /// Top-level members other than the one read an entry at a time: their values as the file spells them.
    typealias Others = [String: [UInt8]]

    private var bytes: ByteCursor

    private init(_ input: FileInput) { bytes = ByteCursor(file: input) }

    /// Hands each member of `name`'s object to `entry`, in the file's order.
    /// - Returns: the other top-level members, their values as the file spells them; nil when there
    ///   is no file.
    /// - Throws: `Malformed` (or what `entry` throws) for a file not of that shape, or unreadable.
    static func read(_ path: String, name: String, entry: (String, [UInt8]) throws -> Void) throws -> Others? {
        guard let input = try FileInput(reading: path) else { return nil }
        let stream = JSONEntryStream(input)
        var others: Others = [:]
        try stream.members { key in
            if key == name {
                try stream.members { inner in
                    var bytes: [UInt8] = []
                    try stream.value(into: &bytes)
                    try entry(inner, bytes)
                }
            } else {
                var bytes: [UInt8] = []
                try stream.value(into: &bytes)
                others[key] = bytes
            }
        }
        stream.skipSpace()
        guard try stream.peek() == nil else { throw Malformed() }
        return others
    }

    /// The entries of a cache file shaped `{"repos": {NAME: ENTRY, …}, "schema": 1}`, each decoded alone
    /// and kept as `keep` makes it; nil when the file is missing, of another shape or schema, or any
    /// entry does not decode (as `JSONDecoder` would refuse the whole). An entry `wanted` refuses is
    /// not decoded; `unread` names a member `Entry` does not decode, blanked first (`blanking`).
    static func schema1Entries<Entry: Decodable, Kept>(
        _ path: String, decoder: JSONDecoder, wanted: (String) -> Bool = { _ in true }, unread: String? = nil,
        _ keep: (String, Entry) -> Kept?
    ) -> [String: Kept]? {
        var kept: [String: Kept] = [:]
        do {
            let others = try read(path, name: "repos") { key, bytes in
                guard wanted(key) else { return }
                let bytes = unread.map { blanking($0, in: bytes) } ?? bytes
                if let value = keep(key, try decoder.decode(Entry.self, from: Data(bytes))) { kept[key] = value }
            }
            guard let others, others["schema"].map({ Int(String(decoding: $0, as: UTF8.self)) }) == 1 else {
                return nil
            }
        } catch {
            return nil
        }
        return kept
    }

    /// Writes a cache file of the shape `schema1Entries` reads, `{"repos":{…},"schema":1}`, an entry
    /// at a time and durably (`FileIO.writeDurably`), its folder made first: `entries` hands each
    /// member to `add` already written as JSON, `"NAME":ENTRY`.
    static func writeSchema1(_ path: String, _ entries: (_ add: (_ member: [UInt8]) throws -> Void) throws -> Void)
        throws
    {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileIO.writeDurably(to: path) { output in
            var text = Array("{\"repos\":{".utf8)
            var first = true
            try entries { member in
                if !first { text.append(UInt8(ascii: ",")) }
                first = false
                text += member
                if text.count >= 1 << 16 {
                    try text.withUnsafeBytes { try output.write($0) }
                    text.removeAll(keepingCapacity: true)
                }
            }
            text += Array("},\"schema\":1}".utf8)
            try text.withUnsafeBytes { try output.write($0) }
        }
    }

    /// `{ "key": … , … }`: `body` reads each member's value.
    private func members(_ body: (String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            bytes.advance()
            return
        }
        while true {
            skipSpace()
            let key = try string()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try body(key)
            skipSpace()
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw Malformed()
            }
        }
    }

    /// One value, whole and as written: a string, an object or array to its matching end, else a
    /// scalar to the next comma, brace or space. What is inside is left to the decoder.
    private func value(into bytes: inout [UInt8]) throws {
        guard let first = try peek() else { throw Malformed() }
        guard first == Self.quote || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            while let byte = try peek(), !Self.scalarEnds.contains(byte) {
                bytes.append(byte)
                self.bytes.advance()
            }
            guard !bytes.isEmpty else { throw Malformed() }
            return
        }
        // A chunk at a time: a star history's entry is thousands of bytes, and a call per byte was
        // most of the cost of reading the file.
        var end = ValueEnd()
        while !end.found {
            let more = try self.bytes.scanChunk { chunk in
                let taken = end.scan(chunk)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<taken]))
                return taken
            }
            guard more else { throw Malformed() }
        }
    }

    /// Where a string, an object or an array that starts a value ends: its closing quote, or the
    /// bracket that brings the nesting back to none, strings (and their escapes) skipped.
    struct ValueEnd {
        private var depth = 0
        private var inString = false
        private var escaped = false
        private(set) var found = false

        /// How many bytes of `chunk` belong to the value: all of them unless its end is among them.
        mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) -> Int {
            var index = 0
            while index < chunk.count {
                let byte = chunk[index]
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == JSONEntryStream.quote {
                        inString = false
                        if depth == 0 { return ended(at: index) }
                    }
                } else if byte == JSONEntryStream.quote {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return ended(at: index) }
                }
            }
            return index
        }

        private mutating func ended(at index: Int) -> Int {
            found = true
            return index
        }
    }

    /// `object`, an object as written, with the value of its member `name` written `null`: for a
    /// decoder that never reads that member (a summary without a star history's days), which then
    /// does not scan it. The object as it was when it has no such member.
    static func blanking(_ name: String, in object: [UInt8]) -> [UInt8] {
        let key = Array("\"\(name)\"".utf8)
        guard let (start, end) = object.withUnsafeBufferPointer({ memberValue(key, in: $0) }) else { return object }
        return Array(object[..<start]) + Array("null".utf8) + Array(object[end...])
    }

    /// Where the value of the member `key` (as written, quotes included) of `object` starts and ends.
    private static func memberValue(_ key: [UInt8], in object: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var depth = 0
        var index = 0
        while index < object.count {
            let byte = object[index]
            guard byte == quote else {
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
                index += 1
                continue
            }
            let start = index
            var string = ValueEnd()
            index += string.scan(UnsafeBufferPointer(rebasing: object[index...]))
            guard string.found else { return nil }
            guard depth == 1, object[start..<index].elementsEqual(key) else { continue }
            var colon = index
            while colon < object.count, space.contains(object[colon]) { colon += 1 }
            guard colon < object.count, object[colon] == UInt8(ascii: ":") else { continue }
            var value = colon + 1
            while value < object.count, space.contains(object[value]) { value += 1 }
            guard value < object.count else { return nil }
            let opener = object[value]
            guard opener == quote || opener == UInt8(ascii: "{") || opener == UInt8(ascii: "[") else {
                var end = value
                while end < object.count, !scalarEnds.contains(object[end]) { end += 1 }
                return (value, end)
            }
            var whole = ValueEnd()
            let length = whole.scan(UnsafeBufferPointer(rebasing: object[value...]))
            return whole.found ? (value, value + length) : nil
        }
        return nil
    }

    private static let space: Set<UInt8> = Set(" \n\r\t".utf8)

    fileprivate static let quote = UInt8(ascii: "\"")
    private static let scalarEnds: Set<UInt8> = Set(",}] \n\r\t".utf8)

    /// A string token as written, its quotes and escapes included.
    private func rawString(into bytes: inout [UInt8]) throws {
        bytes.append(try next()!)
        while let byte = try next() {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") {
                guard let escaped = try next() else { throw Malformed() }
                bytes.append(escaped)
            }
        }
        throw Malformed()
    }

    /// A string token, its escapes read (`\/` is how `JSONEncoder` writes every slash).
    private func string() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw Malformed() }
        var raw: [UInt8] = []
        try rawString(into: &raw)
        if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
        guard let text = try? JSONDecoder().decode(String.self, from: Data(raw)) else { throw Malformed() }
        return text
    }

    private func expect(_ byte: UInt8) throws {
        skipSpace()
        guard try next() == byte else { throw Malformed() }
    }

    func skipSpace() { bytes.skipSpace() }

    private func next() throws -> UInt8? { try bytes.take() }

    func peek() throws -> UInt8? { try bytes.peek() }
}
