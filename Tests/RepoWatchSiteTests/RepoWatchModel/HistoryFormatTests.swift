import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchStorage

/// History format 2: open pull requests, backfilled points marked by count, where each chart starts;
/// schema 1 read and upgraded without losing a point; tiers that thin the same way however often.
@Suite("History format 2: backfill marks, starts, schema 1 upgraded, tiers")
struct HistoryFormatTests {
    static let day: UInt32 = 86_400
    static let first: UInt32 = 1_795_348_800

    @Test("a schema 1 file reads as the same points and writes back as schema 2, open_pulls null")
    func upgradesSchema1() throws {
        let rows = (0..<365).map {
            "[\(Self.first + UInt32($0) * Self.day / 2),\(100 + $0),7,\($0 % 3 == 0 ? "null" : "3"),4]"
        }
        let text =
            "{\"schema\":1,\"fields\":[\"time\",\"stars\",\"forks\",\"open_issues\",\"contributors\"],\"repos\":{\n"
            + "\"apple/swift\":[" + rows.joined(separator: ",") + "],\n\"a/b\":[]\n}}\n"
        let history = try History.parse(Data(text.utf8))
        let points = history.points(forKey: "apple/swift")
        #expect(points.count == 365, "every point of the schema 1 file")
        #expect(points.map(\.stars) == (0..<365).map { 100 + $0 })
        #expect(points.allSatisfy { $0.openPulls == nil && !$0.backfilled })
        #expect(history.start(forKey: "apple/swift") == nil)
        let written = try JSONSerialization.jsonObject(with: history.json()) as! [String: Any]
        #expect(written["schema"] as? Int == 2)
        let series = (written["repos"] as! [String: [[Any]]])["apple/swift"]!
        #expect(series.count == 365 && series.allSatisfy { $0.count == 6 && $0[5] is NSNull })
        #expect(try History.parse(history.json()) == history)
    }

    @Test("backfilled points are marked by count in start, read back marked, and come before observed ones")
    func backfillMark() throws {
        var history = History()
        let observed = [
            History.Point(seconds: Self.first, counts: (120, 9, 3, 4), pulls: 2),
            History.Point(seconds: Self.first + Self.day / 2, counts: (121, 9, 3, 4), pulls: 1),
        ]
        history.set("apple/swift", observed)
        let days = (1...5).map {
            History.Point(seconds: Self.first - UInt32($0) * Self.day, counts: (100 - Int32($0), -1, -1, -1))
        }
        // A day at or after the first observed point is the builds' own: left out.
        let late = History.Point(seconds: Self.first + 1, counts: (999, -1, -1, -1))
        history.setBackfill("apple/swift", days.reversed() + [late], start: .backfill)
        history.setStart("twbs/bootstrap", .firstSnapshot(.notOffered))
        #expect(history.start(forKey: "twbs/bootstrap") == nil, "no series, nothing to start")
        history.set("twbs/bootstrap", [observed[0]])
        history.setStart("twbs/bootstrap", .firstSnapshot(.notOffered))
        let points = history.points(forKey: "apple/swift")
        #expect(points.count == 7)
        #expect(points.prefix(5).allSatisfy(\.backfilled) && !points[5].backfilled && !points[6].backfilled)
        #expect(points.prefix(5).allSatisfy { $0.forks == nil && $0.openIssues == nil && $0.openPulls == nil })
        #expect(HistoryDelta(points)?.stars == 1, "the change since the last snapshot, not since a backfilled day")
        let text = String(decoding: history.json(), as: UTF8.self)
        #expect(text.contains("\"apple/swift\":{\"from\":\"backfill\",\"backfilled\":5}"))
        #expect(text.contains("\"twbs/bootstrap\":{\"from\":\"first-snapshot\",\"reason\":\"not-offered\"}"))
        #expect(text.range(of: "\"start\"")!.lowerBound < text.range(of: "\"repos\"")!.lowerBound)
        let read = try History.parse(history.json())
        #expect(read == history)
        #expect(read.start(forKey: "twbs/bootstrap") == .firstSnapshot(.notOffered))
        // `start` after `repos` (another writer's order) marks the same points.
        let object = try JSONSerialization.jsonObject(with: history.json()) as! [String: Any]
        let reordered =
            "{\"schema\":2,\"repos\":"
            + String(decoding: try JSONSerialization.data(withJSONObject: object["repos"]!), as: UTF8.self)
            + ",\"start\":"
            + String(decoding: try JSONSerialization.data(withJSONObject: object["start"]!), as: UTF8.self)
            + "}"
        #expect(try History.parse(Data(reordered.utf8)) == history)
        // A new build's point replaces nothing backfilled and keeps the start.
        var next = read
        next.set("apple/swift", points + [History.Point(seconds: Self.first + Self.day, counts: (125, 9, 3, 4))])
        #expect(next.start(forKey: "apple/swift") == .backfill)
        #expect(next.points(forKey: "apple/swift").prefix { $0.backfilled }.count == 5)
    }

    @Test("every start reason round-trips through its byte and the file")
    func startsRoundTrip() throws {
        let starts =
            [HistoryStart.backfill, .starHistory, .firstSnapshot(nil)]
            + HistoryStart.Reason.allCases.map { .firstSnapshot($0) }
        var history = History()
        for (index, start) in starts.enumerated() {
            #expect(HistoryStart(code: start.code) == start)
            history.set("o/r\(index)", [History.Point(seconds: Self.first, counts: (1, 1, 1, 1))], start: start)
        }
        let read = try History.parse(history.json())
        for (index, start) in starts.enumerated() { #expect(read.start(forKey: "o/r\(index)") == start) }
        #expect(HistoryStart(code: 0) == nil && HistoryStart(code: 200) == nil)
    }

    @Test("a star-history start is written as a backfill with a reason: the from values and keys earlier readers know")
    func starHistoryMark() throws {
        var history = History()
        let days = (1...3).map {
            History.Point(seconds: Self.first - UInt32($0) * Self.day, counts: (10 - Int32($0), -1, -1, -1))
        }
        history.set("apple/swift", [History.Point(seconds: Self.first, counts: (12, 9, 3, 4))])
        history.setBackfill("apple/swift", days.reversed(), start: .starHistory)
        let text = String(decoding: history.json(), as: UTF8.self)
        #expect(
            text.contains("\"apple/swift\":{\"from\":\"backfill\",\"reason\":\"star-history\",\"backfilled\":3}"))
        // What readers before the star history accept: `from` one of two values, these three keys.
        let object = try JSONSerialization.jsonObject(with: history.json()) as! [String: Any]
        for case let start as [String: Any] in (object["start"] as! [String: Any]).values {
            #expect(Set(start.keys).isSubset(of: ["from", "reason", "backfilled"]))
            #expect(["backfill", "first-snapshot"].contains(start["from"] as? String))
        }
        let read = try History.parse(history.json())
        #expect(read.start(forKey: "apple/swift") == .starHistory && read == history)
        // "from":"star-history" is no version's: refused as an earlier reader refuses it.
        #expect(throws: History.CorruptFile.self) {
            try History.parse(Data("{\"schema\":2,\"start\":{\"a/b\":{\"from\":\"star-history\"}},\"repos\":{}}".utf8))
        }
    }

    @Test("a backfilled point packs with its mark and its open pull requests")
    func packsMarks() {
        let points = [
            History.Point(seconds: 10, counts: (1, 2, -1, -1), pulls: -1, backfilled: true),
            History.Point(seconds: 20, counts: (1, 2, -1, -1), pulls: -1, backfilled: true),
            History.Point(seconds: 30, counts: (3, 2, 5, 4), pulls: 7),
            History.Point(seconds: 40, counts: (3, 2, 5, 4), pulls: Int32.max),
        ]
        #expect(PackedPoints(points).points == points)
    }

    @Test("the month of any day is the calendar's (UTC), 1900 to 2100")
    func monthNumbers() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: -25_567, to: 47_482, by: 13) {
            let parts = calendar.dateComponents(
                [.year, .month], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(HistoryTiers.monthNumber(days: days) == parts.year! * 12 + parts.month! - 1, "day \(days)")
        }
    }

    @Test("thinning twice keeps what thinning once kept; a point inside the every-build tiers is never dropped")
    func thinningIsStable() {
        var random = SeededRandom(seed: 38)
        var time = Self.first
        var points: [History.Point] = []
        for _ in 0..<3_000 {
            time += UInt32(3_600 + random.next() % 86_400)
            points.append(History.Point(seconds: time, counts: (Int32(points.count), 0, 0, 0)))
        }
        let once = HistoryTiers.thin(points, limit: History.pointLimit)
        #expect(HistoryTiers.thin(once, limit: History.pointLimit) == once)
        let newest = points.last!.seconds
        let lastTwoDays = points.filter { newest - $0.seconds < 2 * Self.day }
        #expect(lastTwoDays.allSatisfy(once.contains))
        #expect(once.count <= History.pointLimit)
        // Recording one more build, then thinning: every point kept before that is still kept, or its
        // slot has a newer point.
        var grown = once
        grown.append(History.Point(seconds: newest + Self.day, counts: (0, 0, 0, 0)))
        let again = HistoryTiers.thin(grown, limit: History.pointLimit)
        let slots = Set(again.map { HistoryTiers.slot(of: $0.seconds, newest: newest + Self.day) })
        #expect(once.allSatisfy { slots.contains(HistoryTiers.slot(of: $0.seconds, newest: newest + Self.day)) })
    }
}
