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
/// Reading it is a short header parse and a slice, where the first format (the body in base64 inside
/// JSON) cost ~0.25 ms an entry, ~5 s for the ~20,000 entries of a 10,000-repository site.
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
        guard !lines.contains(where: { $0.contains("\n") || $0.contains("\r") }) else { return nil }
        var data = Data((lines.joined(separator: "\n") + "\n\n").utf8)
        data.append(entry.body)
        return data
    }

    static func decode(_ data: Data) -> ResponseCache.Entry? {
        guard let end = headerEnd(data) else { return nil }
        let header = String(decoding: data[data.startIndex..<end], as: UTF8.self)
        var fields: [Substring: Substring] = [:]
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == "\(magic) \(version)" else { return nil }
        for line in lines {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[line[..<space]] = line[line.index(after: space)...]
        }
        guard let url = fields["url"], let token = fields["token"],
            let stored = fields["stored"].flatMap({ Double($0) }),
            let bodyLine = fields["body"]?.split(separator: " "), bodyLine.count == 2,
            let length = Int(bodyLine[0]), let sum = UInt64(bodyLine[1], radix: 16)
        else { return nil }
        let bodyStart = end + 2
        guard data.endIndex - bodyStart == length else { return nil }
        let body = Data(data[bodyStart...])
        guard checksum(body) == sum else { return nil }
        var status: Int?
        if let text = fields["status"] {
            guard let value = Int(text) else { return nil }
            status = value
        }
        return ResponseCache.Entry(
            url: String(url), tokenFingerprint: String(token), status: status, etag: fields["etag"].map(String.init),
            lastModified: fields["last-modified"].map(String.init), link: fields["link"].map(String.init),
            location: fields["location"].map(String.init), body: body,
            storedAt: Date(timeIntervalSince1970: stored),
            freshUntil: fields["fresh-until"].flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:)))
    }

    /// The index of the empty line's first "\n" in "…\n\n".
    private static func headerEnd(_ data: Data) -> Data.Index? {
        data.withUnsafeBytes { bytes -> Int? in
            let limit = min(bytes.count, maximumHeader)
            guard limit >= 2 else { return nil }
            for index in 1..<limit where bytes[index] == 0x0A && bytes[index - 1] == 0x0A {
                return index - 1
            }
            return nil
        }.map { data.startIndex + $0 }
    }

    /// A fast 64-bit checksum (FNV-1a style, eight bytes a step): it catches damaged bodies, not forgeries.
    static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { bytes in
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
