import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The star history's pieces: a page checked at the boundary, the weeks joined page after page
/// (duplicates dropped, gaps refused), the days they give, the running totals, the 30-day memory of
/// a 404, and the file that keeps them.
@Suite("Star history: pages checked, weeks joined, points counted, state kept")
struct StarHistoryTests {
    static let monday = 1_794_787_200
    static let now = ISO8601.parse("2026-11-21T12:00:00Z")!

    static func page(_ weeks: [(Int, [Int])], totals: [Int]? = nil) -> Data {
        let items = weeks.enumerated().map { index, week in
            "{\"week\":\(week.0),\"total\":\(totals?[index] ?? week.1.reduce(0, +)),\"days\":[\(week.1.map(String.init).joined(separator: ","))]}"
        }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }

    @Test("a page in GitHub's shape reads as its weeks, newest first")
    func readsAPage() throws {
        let weeks = try StarHistoryPage.parse(
            Self.page([(Self.monday, [1, 0, 2, 0, 0, 0, 0]), (Self.monday - 604_800, [0, 0, 0, 0, 0, 0, 3])]))
        #expect(weeks.map(\.start) == [Self.monday, Self.monday - 604_800] && weeks[1].days.last == 3)
        #expect(try StarHistoryPage.parse(Data("[]".utf8)).isEmpty)
        // Day i is the UTC day of the week's start plus i days, wherever in the day the week starts.
        let late = StarHistoryWeek(start: Self.monday + 23 * 3600, days: [0, 0, 0, 0, 0, 0, 0])
        #expect(late.day(0) == Self.monday / 86_400 && late.day(6) == Self.monday / 86_400 + 6)
    }

    @Test(
        "a page that breaks the shape is refused whole, saying why",
        arguments: [
            ("[{\"week\":1794787200,\"total\":2,\"days\":[1,1,0,0,0,0]}]", "6 days, not 7"),
            ("[{\"week\":1794787200,\"total\":-1,\"days\":[-1,0,0,0,0,0,0]}]", "a negative count"),
            ("[{\"week\":1794787200,\"total\":5,\"days\":[1,1,0,0,0,0,0]}]", "not the sum of its days"),
            ("[{\"week\":-604800,\"total\":0,\"days\":[0,0,0,0,0,0,0]}]", "before 1970"),
            ("[{\"week\":1794787200,\"total\":1.5,\"days\":[1,0,0,0,0,0,0]}]", "not an array of weeks"),
            ("[{\"week\":\"1794787200\",\"total\":1,\"days\":[1,0,0,0,0,0,0]}]", "not an array of weeks"),
            ("{\"message\":\"Not Found\"}", "not an array of weeks"),
            ("[{\"week\":1794787200,\"total\":1,\"days\":[1,0,0,0", "not an array of weeks"),
        ])
    func refusesBrokenPages(body: String, reason: String) {
        #expect {
            try StarHistoryPage.parse(Data(body.utf8))
        } throws: { error in
            (error as? StarHistoryProblem)?.description.contains(reason) == true
        }
    }

    @Test("pages join newest first: a repeated week dropped, a gap or a step off the grid refused")
    func joinsPages() throws {
        let week = 604_800
        var entry = StarHistoryState.Entry()
        try entry.add([
            StarHistoryWeek(start: Self.monday, days: [1, 0, 0, 0, 0, 0, 0]),
            StarHistoryWeek(start: Self.monday - week, days: [0, 2, 0, 0, 0, 0, 0]),
        ])
        // The next page begins with the previous page's last week again (a new week began meanwhile).
        try entry.add([
            StarHistoryWeek(start: Self.monday - week, days: [0, 2, 0, 0, 0, 0, 0]),
            StarHistoryWeek(start: Self.monday - 2 * week, days: [0, 0, 3, 0, 0, 0, 0]),
        ])
        #expect(entry.oldest == Self.monday - 2 * week && entry.newest == Self.monday)
        let first = Self.monday / 86_400
        #expect(entry.days.map { [$0.day, $0.count] } == [[first - 14 + 2, 3], [first - 7 + 1, 2], [first, 1]])
        var gap = entry
        #expect(throws: StarHistoryProblem.self) {
            try gap.add([StarHistoryWeek(start: Self.monday - 4 * week, days: [0, 0, 0, 0, 0, 0, 0])])
        }
        var offGrid = entry
        #expect(throws: StarHistoryProblem.self) {
            try offGrid.add([StarHistoryWeek(start: Self.monday - week + 3600, days: [0, 0, 0, 0, 0, 0, 0])])
        }
        var newer = entry
        #expect(throws: StarHistoryProblem.self) {
            try newer.add([StarHistoryWeek(start: Self.monday + week, days: [0, 0, 0, 0, 0, 0, 0])])
        }
    }

    @Test("points: one a day from the oldest week to today, the running totals, at each day's last second")
    func points() throws {
        var entry = StarHistoryState.Entry()
        try entry.add([
            StarHistoryWeek(start: Self.monday, days: [1, 0, 2, 0, 0, 5, 9]),
            StarHistoryWeek(start: Self.monday - 604_800, days: [4, 0, 0, 0, 0, 0, 0]),
        ])
        #expect(entry.points(now: Self.now).isEmpty, "nothing before every page is read")
        entry.done = true
        let points = entry.points(now: Self.now)
        // From the older Monday to Saturday the 21st: 13 days; the days still to come are left out.
        #expect(points.count == 13 && points.allSatisfy { $0.backfilled && $0.forks == nil && $0.openIssues == nil })
        #expect(points.first.map { Int($0.seconds) } == (Self.monday - 604_800) + 86_399)
        #expect(points.map(\.stars) == [4, 4, 4, 4, 4, 4, 4, 5, 5, 7, 7, 7, 12])
        // Cut at the page limit: the oldest read week starts where the card's count less what was read leaves it.
        entry.cut = true
        entry.stars = 100
        #expect(entry.points(now: Self.now).first?.stars == 100 - 21 + 4)
    }

    @Test("a 404 is remembered for 30 days; the file keeps the configured repositories, reads back, forgets")
    func stateAndFile() throws {
        var entry = StarHistoryState.Entry()
        entry.notOfferedAt = Self.now
        #expect(entry.notOffered(now: Self.now.addingTimeInterval(29 * 86_400)))
        #expect(!entry.notOffered(now: Self.now.addingTimeInterval(30 * 86_400)))
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = StarHistoryFile(cacheDirectory: folder)
        #expect(file.load().repos.isEmpty)
        var state = StarHistoryState()
        state.repos["a/b"] = entry
        var read = StarHistoryState.Entry()
        read.pages = 2
        read.lastPage = 5
        try read.add([StarHistoryWeek(start: Self.monday, days: [1, 0, 0, 0, 0, 0, 0])])
        state.repos["c/d"] = read
        state.repos["gone/away"] = read
        file.save(state, keeping: ["a/b", "c/d"].map { RepoName.parse($0).value! })
        let loaded = file.load()
        #expect(loaded.repos.keys.sorted() == ["a/b", "c/d"] && loaded.repos["c/d"] == read)
        #expect(loaded.repos["c/d"]?.pagesLeft == 3)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        #expect(text.contains("\"last_page\":5") && text.contains("\"not_offered_at\""))
        file.forget(["a/b"])
        #expect(file.load().repos.keys.sorted() == ["c/d"])
    }
}
