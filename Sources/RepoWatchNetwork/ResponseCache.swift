import Foundation
import RepoWatchSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The validators and body of every GET, kept in `.repowatch/` so reruns can ask "has this changed?"
/// (an authorized 304 costs no primary quota) and so a build can fall back to the last good answer.
///
/// One file per URL, named by the URL's SHA-256 (layout: `CacheEntryFormat`). Each entry records a
/// fingerprint of the token it was fetched with, because ETags are tied to the token: validators are
/// only sent when the fingerprint matches. The token itself is never stored. A file's modification
/// time is its last use (set to the build's "now"), which pruning goes by.
package struct ResponseCache: Sendable {
    package struct Entry: Codable, Sendable, Equatable {
        package var url: String
        package var tokenFingerprint: String
        /// The HTTP status kept with the body (200, or 204 / 403 "too large"), or of the redirect
        /// when `location` is set; nil in older entries means 200 (or 301 with a location).
        package var status: Int?
        package var etag: String?
        package var lastModified: String?
        /// `Link` header, so pagination still works when the page itself answers 304.
        package var link: String?
        /// Set for a redirect: where this URL led. A permanent one on the API origin (a renamed
        /// repository) is followed without asking; any other is followed only from the cache, so
        /// `--offline` and outages find the answer for the URL a build starts from.
        package var location: String?
        package var body: Data
        package var storedAt: Date
        /// An answer without validators (204, 403 "too large") is reused without asking until then.
        package var freshUntil: Date?

        package enum CodingKeys: String, CodingKey {
            case url, status, etag, link, location, body
            case tokenFingerprint = "token_fingerprint"
            case lastModified = "last_modified"
            case storedAt = "stored_at"
            case freshUntil = "fresh_until"
        }

        /// The entry with an empty body: what a request needs while it waits for its answer.
        var withoutBody: Entry {
            var header = self
            header.body = Data()
            return header
        }

        /// A private repository's answer under `private: exclude` (`PrivateAnswers`): `url` is
        /// `sealed:KEY` and the body only says it is private.
        package var isSealed: Bool { url.hasPrefix(ResponseCache.sealedPrefix) }

        var isPermanentRedirect: Bool {
            location != nil && [nil, 301, 308].contains(status)
        }

        /// What the cache may keep of this answer under `private: exclude` (`PrivateAnswers`): nil
        /// when it holds nothing private; a private repository's document sealed; a list with its
        /// private items as stubs.
        func sealedIfPrivate() -> Entry? {
            guard !isSealed, location == nil, let redacted = PrivateAnswers.redacted(body) else { return nil }
            guard PrivateAnswers.isSealed(redacted) else {
                var listed = self
                listed.body = redacted
                return listed
            }
            return sealed()
        }

        /// The entry of a repository known to be private, sealed whatever its body says (a card kept
        /// while it was public, say): its validators stay, so GitHub can still answer 304.
        package func sealed() -> Entry {
            var sealed = self
            sealed.url = isSealed ? url : ResponseCache.sealedURL(for: url)
            sealed.body = PrivateAnswers.sealedBody
            sealed.link = nil
            return sealed
        }
    }

    package let directory: URL
    /// The build's "now" (`REPOWATCH_NOW` in tests): when entries are stored and last used.
    package let now: Date
    package let usage = CacheUsage()

    let httpFolder: URL
    /// `httpFolder`'s path: entry paths are joined as text, since a build reads each entry by path and
    /// building a `URL` per entry (twice: to read it and to mark it used) cost more than the read.
    private let httpPath: String

    package init(directory: URL, now: Date = Date()) {
        self.directory = directory
        self.now = now
        httpFolder = directory.appendingPathComponent("http", isDirectory: true)
        httpPath = httpFolder.path
    }

    /// "anonymous" without a token; otherwise a salted SHA-256 prefix that cannot be turned back into the token.
    package static func fingerprint(token: String?) -> String {
        guard let token, !token.isEmpty else { return "anonymous" }
        return String(SHA256.hex("repowatch-site token fingerprint\n" + token).prefix(16))
    }

    static let entryExtension = "entry"
    static let legacyExtension = "json"

    package static func key(for url: String) -> String { SHA256.hex(url) }

    static let sealedPrefix = "sealed:"

    /// What a sealed entry records in place of its URL: the key it is filed under, nothing readable.
    static func sealedURL(for url: String) -> String { sealedPrefix + key(for: url) }

    /// The key an entry is filed under: its URL's, or the one a sealed entry records.
    private static func key(of entry: Entry) -> String {
        entry.isSealed ? String(entry.url.dropFirst(sealedPrefix.count)) : key(for: entry.url)
    }

    package func file(for url: String) -> URL { file(key: Self.key(for: url), extension: Self.entryExtension) }

    package func file(key: String, extension ext: String) -> URL {
        URL(fileURLWithPath: path(key: key, extension: ext), isDirectory: false)
    }

    private func path(key: String, extension ext: String) -> String { "\(httpPath)/\(key.prefix(2))/\(key).\(ext)" }

    /// A missing, truncated or corrupt entry reads as no entry: it is refetched, never a crash. An
    /// entry of the first format is rewritten in the current one the first time it is read.
    package func entry(for url: String) -> Entry? {
        let key = Self.key(for: url)
        let path = path(key: key, extension: Self.entryExtension)
        markUsed(key, path: path)
        if let data = try? Data(contentsOf: URL(fileURLWithPath: path, isDirectory: false)) {
            guard let entry = CacheEntryFormat.decode(data), entry.url == url || entry.url == Self.sealedPrefix + key
            else { return nil }
            return entry
        }
        let legacy = file(key: key, extension: Self.legacyExtension)
        guard let data = try? Data(contentsOf: legacy) else { return nil }
        unlink(legacy.path)
        guard let entry = CacheEntryFormat.decodeLegacy(data), entry.url == url else { return nil }
        store(entry)
        return entry
    }

    /// Written to a temporary file and renamed, so a reader never sees half an entry.
    package func store(_ entry: Entry) {
        let key = Self.key(of: entry)
        let path = path(key: key, extension: Self.entryExtension)
        let target = URL(fileURLWithPath: path, isDirectory: false)
        defer { markUsed(key, path: path) }
        guard let data = CacheEntryFormat.encode(entry) else { return }
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileIO.writeAtomically(data, to: target.path)
        } catch {
            // A cache that cannot be written costs quota next time, nothing else.
        }
    }

    /// Removes the entry of `url`, if there is one.
    package func remove(_ url: String) {
        unlink(path(key: Self.key(for: url), extension: Self.entryExtension))
    }

    /// Keeps `body` as the 200 answer for `url`, without validators: an answer that came another way
    /// (a GraphQL card as its REST document), for offline builds and outages.
    package func keep(_ body: Data, asAnswerFor url: String, tokenFingerprint: String) {
        store(Entry(url: url, tokenFingerprint: tokenFingerprint, status: 200, body: body, storedAt: now))
    }

    /// Keeps only that `url` answers for a private repository (a sealed entry, without validators):
    /// what another source (a GraphQL card) said, so REST's request line and a failed or offline
    /// build know it private too.
    package func keepSealed(asAnswerFor url: String, tokenFingerprint: String) {
        // An answer REST gave keeps its validators, so the next build still asks cheaply.
        if let kept = entry(for: url), kept.location == nil {
            if !kept.isSealed { store(kept.sealed()) }
            return
        }
        store(Entry(url: url, tokenFingerprint: tokenFingerprint, status: 200, body: Data(), storedAt: now).sealed())
    }

    /// The entry of `key` counts as used `now`, so pruning keeps it for the retention period from today.
    private func markUsed(_ key: String, path: String) {
        usage.used(key, file: path, at: Self.stamp(now))
    }

    package static func stamp(_ date: Date) -> timespec {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1_000_000_000))
    }
}

/// The entries one build has read or written. Each is marked on disk as it is used (its
/// modification time set to the build's "now"), so pruning, which goes by that time, keeps it; memory
/// holds no list that grows with the site (a build of 20,000 repositories uses ~42,000 keys). Only the
/// keys whose existing file could not be marked (not ours to touch) are kept, so pruning spares them
/// too. A key without a file yet is marked when `store` writes it.
package final class CacheUsage: Sendable {
    private let unmarked = Mutex<Set<String>>([])

    /// Sets the modification time of `path` (the entry of `key`) to `time`.
    package func used(_ key: String, file path: String, at time: timespec) {
        var times = [time, time]
        guard utimensat(AT_FDCWD, path, &times, 0) != 0, errno != ENOENT else { return }
        unmarked.withLock { _ = $0.insert(key) }
    }

    /// Whether pruning must spare the entry of `key` although its time was not set: a file used
    /// this build that could not be marked.
    package func contains(_ key: String) -> Bool {
        unmarked.withLock { $0.contains(key) }
    }
}
