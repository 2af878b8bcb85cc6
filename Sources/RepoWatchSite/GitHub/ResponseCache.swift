import Foundation

/// The validators and body of every GET, kept in `.repowatch/` so reruns can ask "has this changed?"
/// (an authorized 304 costs no primary quota) and so a build can fall back to the last good answer.
///
/// One file per URL, named by the URL's SHA-256. Each entry records a fingerprint of the token it was
/// fetched with, because ETags are tied to the token: validators are only sent when the fingerprint
/// matches. The token itself is never stored.
public struct ResponseCache: Sendable {
    public struct Entry: Codable, Sendable, Equatable {
        public var url: String
        public var tokenFingerprint: String
        /// The HTTP status kept with the body (200, or 204 / 403 "too large"); nil in older entries means 200.
        public var status: Int?
        public var etag: String?
        public var lastModified: String?
        /// `Link` header, so pagination still works when the page itself answers 304.
        public var link: String?
        /// Set for a permanent redirect (a renamed repository): later runs go straight there.
        public var location: String?
        public var body: Data
        public var storedAt: Date

        enum CodingKeys: String, CodingKey {
            case url, status, etag, link, location, body
            case tokenFingerprint = "token_fingerprint"
            case lastModified = "last_modified"
            case storedAt = "stored_at"
        }
    }

    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// "anonymous" without a token; otherwise a salted SHA-256 prefix that cannot be turned back into the token.
    public static func fingerprint(token: String?) -> String {
        guard let token, !token.isEmpty else { return "anonymous" }
        return String(SHA256.hex("repowatch-site token fingerprint\n" + token).prefix(16))
    }

    func file(for url: String) -> URL {
        let key = SHA256.hex(url)
        return directory.appendingPathComponent("http/\(key.prefix(2))/\(key).json")
    }

    /// A missing, truncated or corrupt entry reads as no entry: it is refetched, never a crash.
    public func entry(for url: String) -> Entry? {
        guard let data = try? Data(contentsOf: file(for: url)),
            let entry = try? Self.decoder.decode(Entry.self, from: data), entry.url == url
        else { return nil }
        return entry
    }

    /// Written to a temporary file and renamed, so a reader never sees half an entry.
    public func store(_ entry: Entry) {
        let target = file(for: entry.url)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileIO.writeAtomically(Self.encoder.encode(entry), to: target.path)
        } catch {
            // A cache that cannot be written costs quota next time, nothing else.
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
