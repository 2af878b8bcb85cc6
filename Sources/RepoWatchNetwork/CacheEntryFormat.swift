import Foundation

/// How one cache entry is laid out on disk: a few lines of text, then the body's raw bytes.
///
///     repowatch-cache 2
///     url https://api.github.com/repos/a/b
///     token anonymous
///     status 200
///     etag "abc"
///     stored 1795348800.0
///     body 5120 1f2e3d4c5b6a7988
///     (empty line)
///     <5120 bytes>
///
/// Reading it is a short header parse and a copy of the body, a fraction of the cost of the first
/// format (the body in base64 inside JSON): `Benchmarks/cache_format.sh` compares them.
/// A reader takes its own version and ignores header names it does not know, so a newer version may
/// add some; an entry of a version it does not know, truncated (the length does not match) or
/// damaged (the checksum does not match) reads as no entry and is fetched again.
enum CacheEntryFormat {
    static let version = 2
    static let magic = "repowatch-cache"
    /// Longer headers are not ours.
    static let maximumHeader = 16 * 1024

    static func encode(_ entry: ResponseCache.Entry) -> Data? {
        var lines = ["\(magic) \(version)", "url \(entry.url)", "token \(entry.tokenFingerprint)"]
        if let status = entry.status { lines.append("status \(status)") }
        let texts: [(String, String?)] = [
            ("etag", entry.etag), ("last-modified", entry.lastModified), ("link", entry.link),
            ("location", entry.location),
        ]
        for case (let name, let value?) in texts { lines.append("\(name) \(value)") }
        lines.append("stored \(entry.storedAt.timeIntervalSince1970)")
        if let freshUntil = entry.freshUntil { lines.append("fresh-until \(freshUntil.timeIntervalSince1970)") }
        lines.append("body \(entry.body.count) \(String(checksum(entry.body), radix: 16))")
        // A header value never holds a line break (HTTP forbids it); refuse one rather than misread it.
        guard !lines.contains(where: { $0.utf8.contains(10) || $0.utf8.contains(13) }) else { return nil }
        var data = Data((lines.joined(separator: "\n") + "\n\n").utf8)
        data.append(entry.body)
        return data
    }

    static func decode(_ data: Data) -> ResponseCache.Entry? {
        data.withUnsafeBytes { raw in decode(raw.bindMemory(to: UInt8.self)) }
    }

    /// Works on the bytes: a `String` per header value and nothing else, because String-level
    /// splitting cost more than the whole rest of a lookup.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ResponseCache.Entry? {
        guard let end = headerEnd(bytes) else { return nil }
        var fields = Fields()
        var lineStart = 0
        var isFirst = true
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end && bytes[lineEnd] != newline { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if isFirst {
                guard line.elementsEqual(firstLine) else { return nil }
                isFirst = false
            } else if let space = line.firstIndex(of: space) {
                fields.set(
                    name: UnsafeBufferPointer(rebasing: line[..<space]),
                    value: UnsafeBufferPointer(rebasing: line[(space + 1)...]))
            }
            lineStart = lineEnd + 1
        }
        guard let url = fields.url, let token = fields.token, let stored = fields.stored.flatMap(Double.init),
            let bodyLine = fields.body?.split(separator: " "), bodyLine.count == 2,
            let length = Int(bodyLine[0]), let sum = UInt64(bodyLine[1], radix: 16)
        else { return nil }
        let bodyStart = end + 2
        guard bytes.count - bodyStart == length else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
        guard checksum(UnsafeRawBufferPointer(body)) == sum else { return nil }
        var status: Int?
        if let text = fields.status {
            guard let value = Int(text) else { return nil }
            status = value
        }
        return ResponseCache.Entry(
            url: url, tokenFingerprint: token, status: status, etag: fields.etag,
            lastModified: fields.lastModified, link: fields.link, location: fields.location, body: Data(buffer: body),
            storedAt: Date(timeIntervalSince1970: stored),
            freshUntil: fields.freshUntil.flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let firstLine = Array("\(magic) \(version)".utf8)

    /// The header values this version knows; others are skipped.
    private struct Fields {
        var url, token, status, etag, lastModified, link, location, stored, freshUntil, body: String?

        mutating func set(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
            let text = String(decoding: value, as: UTF8.self)
            switch String(decoding: name, as: UTF8.self) {
            case "url": url = text
            case "token": token = text
            case "status": status = text
            case "etag": etag = text
            case "last-modified": lastModified = text
            case "link": link = text
            case "location": location = text
            case "stored": stored = text
            case "fresh-until": freshUntil = text
            case "body": body = text
            default: break
            }
        }
    }

    /// The index of the empty line's first "\n" in "…\n\n".
    private static func headerEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let limit = min(bytes.count, maximumHeader)
        guard limit >= 2 else { return nil }
        for index in 1..<limit where bytes[index] == newline && bytes[index - 1] == newline {
            return index - 1
        }
        return nil
    }

    /// A fast 64-bit checksum (FNV-1a style, eight bytes a step): it catches damaged bodies, not forgeries.
    static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        return hash ^ UInt64(bytes.count)
    }

    /// Entries of the first format (`*.json`: the body base64-encoded inside JSON), read so the first
    /// build after an upgrade still sends its validators; they are rewritten in this format when used.
    static func decodeLegacy(_ data: Data) -> ResponseCache.Entry? {
        try? legacyDecoder.decode(ResponseCache.Entry.self, from: data)
    }

    private static let legacyDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
