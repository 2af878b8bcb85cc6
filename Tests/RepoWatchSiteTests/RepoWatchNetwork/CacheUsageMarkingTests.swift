import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite

@Suite("Cache usage: used entries are marked on disk as they are used")
struct CacheUsageMarkingTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func lastUse(_ file: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
    }

    @Test("reading or storing an entry sets its time to the build's now; other entries keep theirs")
    func readAndStoredEntriesAreMarked() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let then = ResponseCache(directory: folder, now: start)
        for name in ["read", "stored", "untouched"] {
            then.store(.init(url: "https://x.test/\(name)", tokenFingerprint: "a", body: Data(), storedAt: start))
        }
        for name in ["read", "stored", "untouched"] {
            #expect(try lastUse(then.file(for: "https://x.test/\(name)")) == start)
        }
        let later = ResponseCache(directory: folder, now: start.addingTimeInterval(86_400))
        #expect(later.entry(for: "https://x.test/read") != nil)
        later.store(.init(url: "https://x.test/stored", tokenFingerprint: "a", body: Data(), storedAt: start))
        #expect(later.entry(for: "https://x.test/missing") == nil)
        #expect(try lastUse(later.file(for: "https://x.test/read")) == later.now)
        #expect(try lastUse(later.file(for: "https://x.test/stored")) == later.now)
        #expect(try lastUse(later.file(for: "https://x.test/untouched")) == start)
        #expect(!later.usage.contains(ResponseCache.key(for: "https://x.test/read")))
        #expect(!later.usage.contains(ResponseCache.key(for: "https://x.test/missing")))
    }

    @Test("an entry that cannot be marked is remembered, so pruning spares it")
    func unmarkableEntriesAreRemembered() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder, now: start)
        let url = "https://x.test/blocked"
        let key = ResponseCache.key(for: url)
        // A file where the entry's folder belongs: marking fails with "not a directory".
        try FileManager.default.createDirectory(at: cache.httpFolder, withIntermediateDirectories: true)
        try Data().write(to: cache.httpFolder.appendingPathComponent(String(key.prefix(2))))
        #expect(cache.entry(for: url) == nil)
        #expect(cache.usage.contains(key))
        #expect(!cache.usage.contains(ResponseCache.key(for: "https://x.test/other")))
    }
}
