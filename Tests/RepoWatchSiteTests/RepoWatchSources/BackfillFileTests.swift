import Foundation
import Synchronization
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
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

    /// The inode of a file: a rewrite (a new file renamed over it) changes it.
    private static func inode(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? UInt64
    }

    @Test(
        "the private sweep removes a repository's entries from every entries file of the list, rewriting none that has none"
    )
    func sweepForgetsEntries() throws {
        let folder = try folder(["a/one", "b/two"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BackfillFile(cacheDirectory: folder)
        let counts = OpenCountsCache(cacheDirectory: folder)
        try FileManager.default.copyItem(at: file.url, to: counts.url)
        let starHistory = StarHistoryFile(cacheDirectory: folder)
        var read = StarHistoryState()
        for key in ["a/one", "b/two"] {
            var entry = StarHistoryState.Entry()
            entry.pages = 1
            entry.days = [.init(day: 20_000, count: 3)]
            read.repos[key] = entry
        }
        starHistory.save(read, keeping: ["a/one", "b/two"].map { RepoName.parse($0).value! })
        #expect(
            KeptFile.all.filter { $0.holds == .repositoryEntries }.map(\.name).sorted() == [
                "backfill.json", "open-counts.json", "star-history.json",
            ])
        let sweep = PrivateCacheSweep(
            cache: ResponseCache(directory: folder),
            api: APIConfiguration(baseURL: URL(string: "https://api.example.test")!))
        let before = try Data(contentsOf: file.url)
        let inode = Self.inode(file.url)

        sweep.forget([])
        sweep.forget(["c/three"])
        #expect(try Data(contentsOf: file.url) == before, "a key the file does not hold changes nothing")
        #expect(Self.inode(file.url) == inode, "nor is the file written again")

        sweep.forget(["a/one"])
        #expect(file.load().repos.keys.sorted() == ["b/two"])
        #expect(starHistory.load().repos.keys.sorted() == ["b/two"])
        for url in [file.url, counts.url, starHistory.url] {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(
                !text.contains("a/one") && !text.contains("a\\/one") && text.contains("b"),
                "\(url.lastPathComponent): \(text)")
        }
    }

    /// The state as the whole file decodes at once (how it was read before it was read an entry at a time).
    private struct Whole: Codable {
        var schema: Int
        var repos: [String: BackfillState.Entry]
    }

    private func state(_ keys: [String]) -> BackfillState {
        var state = BackfillState()
        for (index, key) in keys.enumerated() {
            var entry = BackfillState.Entry()
            entry.created = index.isMultiple(of: 2) ? 15_000 + index : nil
            entry.stars.add(
                [Self.now, Self.now.addingTimeInterval(86_400 * Double(index + 1))],
                endCursor: index == 1 ? nil : "Y3Vyc29y\\\"\(index)", hasNextPage: index.isMultiple(of: 3))
            if index == 2 { entry.stars.refuse(at: Self.now) }
            if index != 0 { entry.forks.refuse(at: Self.now) }
            state.repos[key] = entry
        }
        return state
    }

    @Test("written an entry at a time, the file is byte for byte what JSONEncoder writes of the whole, and reads back")
    func sameBytes() throws {
        let keys = ["a/one", "a-b/c.d", "a/one_2", "z9/x-y", "ab/c.d_e", "b/two"]
        let folder = try folder([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BackfillFile(cacheDirectory: folder)
        let state = state(keys)
        file.save(state, keeping: keys.dropLast().map { RepoName.parse($0).value! })
        var kept = state
        kept.repos["b/two"] = nil
        #expect(try Data(contentsOf: file.url) == OpenCountsCache.encoder.encode(Whole(schema: 1, repos: kept.repos)))
        #expect(file.load() == kept)
    }

    @Test(
        "read an entry at a time, a file reads as JSONDecoder reads it whole: spaces, key order, escapes; else empty",
        arguments: [
            ("{\"schema\":1,\"repos\":{}}", true),
            (
                " {\n \"schema\" : 1 ,\n \"repos\" : {\n \"a\\/one\" : {\"stars\":{\"days\":[[20000, 3] ,[20001,5]],"
                    + "\"read\":5,\"done\":true,\"cursor\":\"x}]\\\"{\"},\"forks\":{\"days\":[],\"read\":0,\"done\":false},"
                    + "\"created\":19999,\"later\":[1,{\"a\":\"}\"}]} } , \"extra\": [1, 2] }\n", true
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false,"
                    + "\"refused_at\":\"2026-11-21T12:00:00Z\"},\"forks\":{\"days\":[],\"read\":0,\"done\":true}},"
                    + "\"Bad Name\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false},\"forks\":{\"days\":[],\"read\":0,\"done\":false}}},"
                    + "\"schema\":1}", true
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false},\"forks\":{\"days\":[],"
                    + "\"read\":0,\"done\":false}}},\"schema\":2}", false
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false},\"forks\":{\"days\":[],"
                    + "\"read\":0,\"done\":false}}}}", false
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":\"0\",\"done\":false},\"forks\":{\"days\":[],"
                    + "\"read\":0,\"done\":false}}},\"schema\":1}", false
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false},\"forks\":{\"days\":[],"
                    + "\"read\":0,\"done\":false}}},\"schema\":1", false
            ),
            (
                "{\"repos\":{\"a/one\":{\"stars\":{\"days\":[],\"read\":0,\"done\":false},\"forks\":{\"days\":[],"
                    + "\"read\":0,\"done\":false}}},\"schema\":1} x", false
            ),
            ("[]", false), ("", false), ("{\"repos\":{\"a/one\":", false),
        ])
    func readsAsWhole(_ text: String, readable: Bool) throws {
        let folder = try folder([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BackfillFile(cacheDirectory: folder)
        try Data(text.utf8).write(to: file.url)
        let whole = try? OpenCountsCache.decoder.decode(Whole.self, from: Data(text.utf8))
        #expect((whole != nil && whole?.schema == 1) == readable)
        let expected = readable ? (whole?.repos ?? [:]).filter { RepoName.parse($0.key).value?.key == $0.key } : [:]
        #expect(file.load().repos == expected)
        #expect(readable == false || !expected.isEmpty || text.contains("{}}"))
    }

    @Test("a file of many entries, read in chunks, reads whole")
    func manyEntries() throws {
        let keys = (0..<3_000).map { "owner-\($0 % 7)/repo-\($0)" }
        let folder = try folder([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = BackfillFile(cacheDirectory: folder)
        let state = state(keys)
        file.save(state, keeping: keys.map { RepoName.parse($0).value! })
        #expect(try Data(contentsOf: file.url).count > 1 << 17, "more than two chunks")
        #expect(file.load() == state)
    }
}
