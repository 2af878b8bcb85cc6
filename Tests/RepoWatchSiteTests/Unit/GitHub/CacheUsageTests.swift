import Foundation
import Testing

@testable import RepoWatchSite

@Suite("Cache usage: the keys a build used, kept as digests")
struct CacheUsageTests {
    @Test("every key used comes back exactly, once, including leading zeros and odd keys")
    func keysRoundTrip() {
        let usage = CacheUsage()
        let keys = (0..<50).map { ResponseCache.key(for: "https://api.github.com/repos/o/r\($0)") }
        let zeros = String(repeating: "0", count: 63) + "a"
        for key in keys + keys + [zeros, "not-a-digest", String(repeating: "F", count: 64)] { usage.used(key) }
        #expect(usage.keys == Set(keys + [zeros, "not-a-digest", String(repeating: "F", count: 64)]))
    }
}
