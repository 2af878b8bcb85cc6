import Foundation
import Synchronization
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// `.repowatch/backfill.json` as builds read and write it: a build that has nothing to forget does
/// not read it, and forgetting drops only the keys it is given.
@Suite("BackfillFile: reading and forgetting .repowatch/backfill.json")
struct BackfillFileTests {
    static let now = ISO8601.parse("2026-11-21T12:00:00Z")!

    /// A cache folder holding a backfill.json of `keys`, each with a day of stars read.
    private func folder(_ keys: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("backfill-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var state = BackfillState()
        for (index, key) in keys.enumerated() {
            var entry = BackfillState.Entry()
            entry.created = 15_000 + index
            entry.stars.add([Self.now], endCursor: "Y3Vyc29yOjE=", hasNextPage: false)
            entry.forks.refuse(at: Self.now)
            state.repos[key] = entry
        }
        BackfillFile(cacheDirectory: folder).save(state, keeping: keys.map { RepoName.parse($0).value! })
        return folder
    }

    @Test("forgetting no key reads nothing and leaves the file as it was; forgetting a key reads it once")
    func forgetNothing() throws {
        let folder = try folder(["a/one", "b/two"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let reads = Mutex(0)
        var file = BackfillFile(cacheDirectory: folder)
        file.onRead = { reads.withLock { $0 += 1 } }
        let before = try Data(contentsOf: file.url)

        file.forget([])
        #expect(reads.withLock { $0 } == 0, "a build with no private repository to forget reads nothing")
        #expect(try Data(contentsOf: file.url) == before)

        file.forget(["c/three"])
        #expect(reads.withLock { $0 } == 1)
        #expect(try Data(contentsOf: file.url) == before, "a key the file does not hold changes nothing")

        file.forget(["a/one"])
        #expect(reads.withLock { $0 } == 2)
        #expect(file.load().repos.keys.sorted() == ["b/two"])
    }
}
