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

    @Test("contains and forEachKey agree with keys")
    func lookups() {
        let usage = CacheUsage()
        let used = ResponseCache.key(for: "https://api.github.com/repos/o/used")
        usage.used(used)
        usage.used("odd")
        #expect(usage.contains(used) && usage.contains("odd"))
        #expect(!usage.contains(ResponseCache.key(for: "https://api.github.com/repos/o/other")))
        #expect(!usage.contains(String(used.dropLast()) + "x"))
        var visited: [String] = []
        usage.forEachKey { visited.append($0) }
        #expect(Set(visited) == usage.keys && visited.count == 2)
    }
}
