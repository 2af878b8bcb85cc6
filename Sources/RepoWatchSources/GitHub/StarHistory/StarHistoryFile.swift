import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `.repowatch/star-history.json`: a missing or unreadable file is an empty state (the pages are asked
/// again, which costs requests, never data). Read and written an entry at a time (`JSONEntryStream`),
/// and the days read only of the repositories still being read: a build holds no finished history.
struct StarHistoryFile: Sendable {
    let url: URL

    init(cacheDirectory: URL) {
        url = KeptFile.starHistory.url(cache: cacheDirectory)
    }

    /// Every entry whole.
    func load() -> StarHistoryState {
        var state = StarHistoryState()
        state.repos = entries { _ in true } ?? [:]
        return state
    }

    /// How far each repository's reading has come, its days left unread (not even scanned by the
    /// decoder: every build reads this, a whole file of days); nil for a missing file or one that does
    /// not read whole.
    func summaries() -> [String: StarHistoryState.Summary]? {
        JSONEntryStream.schema1Entries(url.path, decoder: OpenCountsCache.decoder, unread: "days") {
            (key, summary: StarHistoryState.Summary) in Self.isKey(key) ? summary : nil
        }
    }

    /// The entries `wanted` names, whole; the others are not decoded.
    func entries(_ wanted: (String) -> Bool) -> [String: StarHistoryState.Entry]? {
        JSONEntryStream.schema1Entries(url.path, decoder: OpenCountsCache.decoder, wanted: wanted) {
            (key, entry: StarHistoryState.Entry) in Self.isKey(key) ? entry : nil
        }
    }

    /// Only the configured repositories' entries are kept, keys sorted.
    func save(_ state: StarHistoryState, keeping configured: [RepoName]) {
        let keys = Set(configured.map(\.key))
        save(updating: state.repos, keeping: keys.contains, overEarlier: false)
    }

    /// Writes `updates` over the file's entries, keeping those `keeps` accepts: an entry not updated
    /// is copied as the file spells it (`overEarlier`), never decoded. Keys stay sorted, as written.
    func save(
        updating updates: [String: StarHistoryState.Entry], keeping keeps: (String) -> Bool, overEarlier: Bool
    ) {
        let path = url.path
        let fresh = updates.keys.filter(keeps).sorted()
        do {
            try JSONEntryStream.writeSchema1(path) { add in
                var next = 0
                func addUpdates(before key: String?) throws {
                    while next < fresh.count, key.map({ fresh[next] < $0 }) ?? true, let entry = updates[fresh[next]] {
                        try add(Self.key(fresh[next]) + [UInt8](try OpenCountsCache.encoder.encode(entry)))
                        next += 1
                    }
                }
                if overEarlier {
                    _ = try JSONEntryStream.read(path, name: "repos") { key, value in
                        try addUpdates(before: key)
                        guard updates[key] == nil, keeps(key) else { return }
                        try add(Self.key(key) + value)
                    }
                }
                try addUpdates(before: nil)
            }
        } catch {
            // A state that cannot be written is read again by a later build: requests, not data.
        }
    }

    /// Drops what was read of `keys` (private repositories the site leaves out); the file is not even
    /// read when none is given.
    func forget(_ keys: Set<String>) {
        guard !keys.isEmpty, let summaries = summaries(), summaries.keys.contains(where: keys.contains) else { return }
        save(updating: [:], keeping: { !keys.contains($0) }, overEarlier: true)
    }

    /// `"KEY":`, as the encoder spells the key.
    private static func key(_ key: String) throws -> [UInt8] {
        [UInt8](try OpenCountsCache.encoder.encode(key)) + Array(":".utf8)
    }

    private static func isKey(_ key: String) -> Bool { RepoName.parse(key).value?.key == key }
}
