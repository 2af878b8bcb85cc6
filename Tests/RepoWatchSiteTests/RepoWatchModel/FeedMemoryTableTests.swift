import Foundation
import Testing

@testable import RepoWatchModel

@Suite("Feed: each repository's memory in feed-memory.tsv, read line by line")
struct FeedMemoryTableTests {
    static let pushed = Date(timeIntervalSince1970: 1_790_000_000.5)

    static let repos: [String: FeedMemory] = [
        "octo/thing": FeedMemory(
            fullName: "Octo/Thing", release: "v1.0\t%41\nnext\r", archived: true, pushedAt: pushed,
            milestones: [1_000, 5_000], gone: false),
        "octo/empty": FeedMemory(
            fullName: nil, release: nil, archived: false, pushedAt: nil, milestones: [], gone: true),
    ]

    @Test("every field comes back, tabs, line breaks and percent signs from the API included")
    func roundTrip() {
        let data = FeedMemoryTable.encode(Self.repos)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(FeedMemoryTable.decode(data) == Self.repos)
    }

    @Test("a line that does not read is skipped, the others kept")
    func damagedLine() {
        var text = String(decoding: FeedMemoryTable.encode(Self.repos), as: UTF8.self)
        text += "octo/broken\tOcto/Broken\tv1\tyes\t\t\t0\nshort line\n"
        #expect(FeedMemoryTable.decode(Data(text.utf8)) == Self.repos)
    }

    @Test("feed.json keeps the entries only; a schema 1 file's repositories are read, then moved to the table")
    func schemaOneMoves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = FeedFile(cacheDirectory: folder)
        let old = """
            {"schema": 1, "started": "2026-11-20T12:00:00Z", "entries": [],
             "repos": {"octo/thing": {"full_name": "Octo/Thing", "release": "v1.0.0", "archived": false,
               "pushed_at": "2026-11-20T12:00:00Z", "milestones": [1000], "gone": false}}}
            """
        try Data(old.utf8).write(to: file.url)
        let state = file.load(now: Self.pushed) { Issue.record("warned: \($0)") }
        #expect(state.repos["octo/thing"]?.release == "v1.0.0")
        try file.save(state)
        let saved = try String(contentsOf: file.url, encoding: .utf8)
        #expect(saved.contains("\"schema\" : 2") && !saved.contains("octo/thing"))
        #expect(FileManager.default.fileExists(atPath: file.memoryURL.path))
        #expect(file.load(now: Self.pushed) { Issue.record("warned: \($0)") } == state)
    }

    @Test("staged as the build observes: the live table stays until save puts this build's in place")
    func stagedUntilSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-stage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = FeedFile(cacheDirectory: folder)
        try file.save(FeedState(repos: Self.repos))
        let live = try Data(contentsOf: file.memoryURL)
        try file.stageMemory { remember in remember("octo/new", Self.repos["octo/empty"]!) }
        // A build that fails here leaves the last saved table.
        #expect(try Data(contentsOf: file.memoryURL) == live)
        #expect(file.load(now: Self.pushed) { _ in }.repos == Self.repos)
        try file.save(FeedState())
        #expect(!FileManager.default.fileExists(atPath: file.stagedMemoryURL.path))
        #expect(Array(file.load(now: Self.pushed) { _ in }.repos.keys) == ["octo/new"])
    }

    @Test("looked up in the file's bytes, in any line order, without a dictionary")
    func lookup() {
        var text = "zeta/last\tZeta/Last\tv9\t0\t\t\t0\n"
        text += String(decoding: FeedMemoryTable.encode(Self.repos), as: UTF8.self)
        text += "alpha/first\t\t\t1\t\t1000\t0\n"
        let table = FeedMemoryTable.Lookup(Data(text.utf8))
        #expect(table.memory(for: "octo/thing") == Self.repos["octo/thing"])
        #expect(table.memory(for: "octo/empty") == Self.repos["octo/empty"])
        #expect(table.memory(for: "zeta/last")?.release == "v9")
        #expect(table.memory(for: "alpha/first")?.milestones == [1_000])
        #expect(table.memory(for: "octo/none") == nil && table.memory(for: "octo") == nil)
        #expect(FeedMemoryTable.Lookup().memory(for: "octo/thing") == nil)
    }
}
