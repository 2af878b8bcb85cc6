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

    @Test("staged before the render: the live table stays until save puts this build's in place")
    func stagedUntilSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-stage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = FeedFile(cacheDirectory: folder)
        try file.save(FeedState(repos: Self.repos))
        let live = try Data(contentsOf: file.memoryURL)
        var next = FeedState(repos: ["octo/new": Self.repos["octo/empty"]!])
        try file.stageMemory(of: &next)
        #expect(next.repos.isEmpty)
        // A build that fails here leaves the last saved table.
        #expect(try Data(contentsOf: file.memoryURL) == live)
        #expect(file.load(now: Self.pushed) { _ in }.repos == Self.repos)
        try file.save(next)
        #expect(!FileManager.default.fileExists(atPath: file.stagedMemoryURL.path))
        #expect(Array(file.load(now: Self.pushed) { _ in }.repos.keys) == ["octo/new"])
    }
}
