import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// `.repowatch/star-history.json` holds every day with stars of every repository read whole, and a
/// build needs the days only of the repositories it still reads: the others' are neither built nor
/// written again (a site of thousands of long histories held them all, a gigabyte at 10,000).
@Suite("Star history file: the days read only where pages are still to come")
struct StarHistoryFileTests {
    static let now = ISO8601.parse("2026-11-21T12:00:00Z")!
    /// A finished entry whose days no decoder reads as days: usable only if they are never decoded.
    static let finished = #"{"cut":false,"days":"never decoded","done":true,"pages":3,"stars":5}"#
    static let partial = #"{"cut":false,"days":[[20000,2]],"done":false,"last_page":4,"pages":1}"#

    static func write(_ entries: [(String, String)], in folder: URL) throws -> StarHistoryFile {
        let file = StarHistoryFile(cacheDirectory: folder)
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let members = entries.map { "\"\($0.0.replacingOccurrences(of: "/", with: "\\/"))\":\($0.1)" }
        try Data(("{\"repos\":{" + members.joined(separator: ",") + "},\"schema\":1}").utf8).write(to: file.url)
        return file
    }

    @Test("a build that reads no page counts what earlier builds read without decoding a finished history")
    func offlineReadsNoDays() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write([("a/done", Self.finished), ("c/partial", Self.partial)], in: folder)
        let before = try Data(contentsOf: file.url)
        let reading = StarHistoryReading(client: nil, cacheDirectory: folder, log: MemoryLog(), now: Self.now, jobs: 2)
        let names = ["a/done", "c/partial", "e/new"].map { RepoName.parse($0).value! }
        let report = await reading.run(names, eligible: { _ in true }, stars: { _ in 5 })
        #expect(report.done == 1 && report.remaining == 2 && report.pagesLeft == 3, "\(report.summary)")
        #expect(report.updates["a/done"]?.start == .starHistory && report.updates["a/done"]?.points == nil)
        #expect(report.updates["c/partial"]?.complete == false)
        #expect(try Data(contentsOf: file.url) == before, "a build that reads nothing writes nothing")
    }

    @Test("a save writes the entries read in this build and copies the others as the file spells them")
    func saveCopiesUntouchedEntries() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write(
            [("a/done", Self.finished), ("c/partial", Self.partial), ("e/gone", Self.partial)], in: folder)
        var read = StarHistoryState.Entry()
        read.pages = 2
        read.done = true
        read.days = [.init(day: 20_001, count: 1)]
        let summaries = try #require(file.summaries())
        #expect(summaries["a/done"]?.done == true && summaries["c/partial"]?.pagesLeft == 3)
        #expect(file.entries { $0 == "c/partial" }?.keys.sorted() == ["c/partial"])

        file.save(updating: ["c/partial": read, "b/new": read], keeping: { $0 != "e/gone" }, overEarlier: true)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        #expect(text.contains("\"a\\/done\":" + Self.finished), "\(text)")
        #expect(!text.contains("e\\/gone"))
        let order = ["a\\/done", "b\\/new", "c\\/partial"].map { text.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "keys stay sorted")
        #expect(file.entries { $0 != "a/done" } == ["b/new": read, "c/partial": read])

        file.forget(["a/done"])
        #expect(file.summaries()?.keys.sorted() == ["b/new", "c/partial"])
    }

    @Test("a day is kept as [day, count]: a pair reads back, anything else refuses the entry")
    func dayPairs() throws {
        let day = StarHistoryState.StarDay(day: 20_000, count: 3)
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == "[[20000,3]]")
        #expect(try JSONDecoder().decode([StarHistoryState.StarDay].self, from: Data("[[20000,3]]".utf8)) == [day])
        for broken in ["[[20000]]", "[[20000,3,1]]", "[[20000,\"3\"]]"] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode([StarHistoryState.StarDay].self, from: Data(broken.utf8))
            }
        }
    }
}
