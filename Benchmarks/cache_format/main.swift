import Foundation

// Release-mode measurement of the cache entry decoders (the library's own source files, compiled -O).
let fixtures = CommandLine.arguments[1]
func body(_ name: String) -> Data {
    let object =
        try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
        as! [String: Any]
    return try! JSONSerialization.data(withJSONObject: object["body"] ?? NSNull())
}
let bodies = [
    body("interaction-repos-get-200-twbs-bootstrap.json"),
    try! Data(contentsOf: URL(fileURLWithPath: fixtures + "/contributors-sigmavirus24-github3.py.json")).prefix(4000),
]
let count = 20_000
let entries = (0..<count).map { index in
    ResponseCache.Entry(
        url:
            "https://api.github.com/repos/bench-owner-\(index / 20)/repo-\(index / 2)\(index % 2 == 1 ? "/contributors?per_page=12" : "")",
        tokenFingerprint: "0123456789abcdef", status: 200, etag: "W/\"\(index)\"",
        link: index % 2 == 1 ? "<https://api.github.com/x?page=2>; rel=\"next\"" : nil,
        body: Data(bodies[index % 2]), storedAt: Date(timeIntervalSince1970: 1_795_348_800))
}
let encoder = JSONEncoder()
encoder.dateEncodingStrategy = .iso8601
encoder.outputFormatting = [.sortedKeys]
let legacy = entries.map { try! encoder.encode($0) }
let current = entries.map { CacheEntryFormat.encode($0)! }
// CPU time of this thread: two cores shared with other builds make wall time noise.
func cpu() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
func seconds(_ body: () -> Int) -> Double {
    let started = cpu()
    precondition(body() == count)
    return cpu() - started
}
for round in 1...3 {
    let old = seconds { legacy.compactMap(CacheEntryFormat.decodeLegacy).count }
    let new = seconds { current.compactMap(CacheEntryFormat.decode).count }
    print(String(format: "round %d: base64-in-JSON %.3f s, header + raw body %.3f s", round, old, new))
}
let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cachebench-\(UUID().uuidString)")
let cache = ResponseCache(directory: folder)
for entry in entries { cache.store(entry) }
let legacyFolder = folder.appendingPathComponent("legacy")
try! FileManager.default.createDirectory(at: legacyFolder, withIntermediateDirectories: true)
for (index, data) in legacy.enumerated() { try! data.write(to: legacyFolder.appendingPathComponent("\(index).json")) }
for round in 1...3 {
    let old = seconds {
        (0..<count).compactMap {
            CacheEntryFormat.decodeLegacy(try! Data(contentsOf: legacyFolder.appendingPathComponent("\($0).json")))
        }.count
    }
    let new = seconds { entries.compactMap { cache.entry(for: $0.url) }.count }
    print(
        String(
            format: "round %d, from disk: base64-in-JSON read+decode %.3f s, lookup now (hash, read, decode) %.3f s",
            round, old, new))
}
try? FileManager.default.removeItem(at: folder)
