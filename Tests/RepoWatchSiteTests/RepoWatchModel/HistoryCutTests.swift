import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchStorage
@testable import RepoWatchSupport

/// A site too large for GitHub Pages with every point publishes a cut of its history: at most N points
/// a repository, the tiers' slots made longer, the oldest point and the newest two kept; the cache
/// keeps every point, and a history restored from the published site is the cut.
@Suite("History: the published cut of a large site")
struct HistoryCutTests {
    static let day: UInt32 = 86_400

    /// A repository created 17 years before its newest point, as the tiers keep it at two builds a
    /// day: every build for 90 days, weekly to two years, monthly before, the oldest backfilled.
    static func tiered(newest: UInt32 = 1_800_000_000) -> [HistoryPoint] {
        var times: [UInt32] = []
        var time = newest
        while newest - time < 90 * day {
            times.append(time)
            time -= day / 2
        }
        while newest - time < 730 * day {
            times.append(time)
            time -= 7 * day
        }
        while newest - time < 17 * 365 * day {
            times.append(time)
            time -= 30 * day
        }
        return times.reversed().enumerated().map { index, seconds in
            HistoryPoint(
                seconds: seconds, counts: (Int32(index * 10), Int32(index), 5, 4), pulls: 2,
                backfilled: newest - seconds > 730 * day)
        }
    }

    @Test(
        "the cut: at most the limit, points of the history only, the oldest and the newest two kept, coarser with age")
    func cutObeysItsRule() {
        let points = HistoryTiers.thin(Self.tiered(), limit: History.pointLimit)
        #expect(points.count > 400, "a full tiered history: \(points.count)")
        #expect(HistoryCut.cut(points, limit: points.count) == points, "under the limit nothing is cut")
        for limit in [1, 8, 20, 40, 100, 300] {
            let cut = HistoryCut.cut(points, limit: limit)
            #expect(cut.count <= max(limit, HistoryCut.floor), "limit \(limit): \(cut.count)")
            // Halving slots keeps about half: the cut uses most of what the limit allows.
            #expect(cut.count * 3 >= min(limit, points.count), "limit \(limit): only \(cut.count)")
            #expect(cut.first == points.first && Array(cut.suffix(2)) == Array(points.suffix(2)), "limit \(limit)")
            // Every point published is a point of the history, in order, with its values and marks.
            var rest = points[...]
            for point in cut {
                guard let index = rest.firstIndex(of: point) else {
                    Issue.record("limit \(limit): \(point.seconds) is not a point of the history")
                    break
                }
                rest = rest[(index + 1)...]
            }
            // The tiers' shape, coarser: the recent months still hold more points a day than the years.
            let newest = points.last!.seconds
            let recent = cut.filter { newest - $0.seconds < 90 * Self.day }.count
            let old = cut.filter { newest - $0.seconds >= 730 * Self.day }.count
            #expect(Double(recent) / 90 >= Double(old) / (15 * 365), "limit \(limit): \(recent) recent, \(old) old")
            // Cutting the cut again changes nothing: the next build's file holds the same older points.
            #expect(HistoryCut.cut(cut, limit: limit) == cut, "limit \(limit)")
        }
    }

    @Test("the most points a repository: nil while everything fits, the rest shared by the larger histories")
    func limitFromTheRoom() {
        #expect(HistoryCut.limit(counts: [10, 20, 30], budget: 60) == nil)
        let limit = HistoryCut.limit(counts: [5, 100, 100], budget: 105)
        #expect(limit == 50)
        #expect(HistoryCut.limit(counts: [500, 500], budget: 3) == HistoryCut.floor, "never under the floor")
        let counts = (0..<1_000).map { 10 + $0 % 480 }
        let found = try! #require(HistoryCut.limit(counts: counts, budget: 100_000))
        #expect(counts.map { min($0, found) }.reduce(0, +) <= 100_000)
        #expect(counts.map { min($0, found + 1) }.reduce(0, +) > 100_000)
    }

    @Test(
        "a site over its ceiling publishes the cut, the cache keeps every point, and a restore from the site brings the cut back"
    )
    func publishedCutIsRestorable() async throws {
        let lastGood = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: lastGood) }
        // The same build whole first: the size of its site and of its history.
        let probe = try MatrixBuilder.prepare(.warm, from: lastGood)
        defer { try? FileManager.default.removeItem(at: probe) }
        let (full, _) = try await MatrixBuilder.build(in: probe, world: FaultWorld(version: 2), now: MatrixTime.now)
        let published = probe.appendingPathComponent("public/" + SiteLayout.history)
        let whole = try History.parse(Data(contentsOf: published))
        let wholeSize = try #require(FileManager.default.attributesOfItem(atPath: published.path)[.size] as? Int)
        let biggest = whole.sortedKeys.map { whole.points(forKey: $0).count }.max() ?? 0
        #expect(biggest > 20, "a repository with its star dates read: \(biggest) points")

        // Then with room for half its history.
        let folder = try MatrixBuilder.prepare(.warm, from: lastGood)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ceiling = full.byteCount - wholeSize / 2
        let (result, log) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 2), now: MatrixTime.now, siteCeiling: ceiling)
        #expect(result.exitCode == 0, "\(log.messages)")
        #expect(result.byteCount <= ceiling, "the site under its ceiling")
        let cutFile = try Data(contentsOf: folder.appendingPathComponent("public/" + SiteLayout.history))
        let (cut, limit) = try History.parsePublished(cutFile)
        let most = try #require(limit, "the published file says it is a cut")
        #expect(most >= HistoryCut.floor && most < biggest)
        #expect(log.messages.contains { $0.contains("at most \(most) points a repository") }, "\(log.messages)")
        let cache = try Data(contentsOf: folder.appendingPathComponent(".repowatch/history.json"))
        #expect(cutFile.count < cache.count)
        let (kept, keptLimit) = try History.parsePublished(cache)
        #expect(keptLimit == nil, "the cache's history is whole")
        for key in kept.sortedKeys {
            let all = kept.points(forKey: key)
            #expect(cut.points(forKey: key) == HistoryCut.cut(all, limit: most), "\(key)")
            #expect(cut.start(forKey: key) == kept.start(forKey: key), "\(key)")
            // The published marks count the cut's backfilled points.
            #expect(cut.points(forKey: key).filter(\.backfilled).count <= all.filter(\.backfilled).count)
        }
        #expect(kept.points(forKey: FaultWorld.manyWeeks).count > most, "the cache holds more than the cut")

        // The cache lost: the next build restores the published cut, says so, and adds its own point.
        let restoring = try MatrixBuilder.prepare(.previousOnly, from: folder)
        defer { try? FileManager.default.removeItem(at: restoring) }
        let later = MatrixTime.now.addingTimeInterval(43_200)
        let world = FaultWorld(version: 3, publishedSite: folder.appendingPathComponent("public"))
        let (again, restoreLog) = try await MatrixBuilder.build(in: restoring, world: world, now: later)
        #expect(again.exitCode == 0, "\(restoreLog.messages)")
        #expect(
            restoreLog.messages.contains {
                $0.contains("restored \(cut.pointCount) points from https://site.test/data/history.json")
                    && $0.contains("the published cut: at most \(most) points a repository")
            }, "\(restoreLog.messages)")
        let restored = try History.parse(
            Data(contentsOf: restoring.appendingPathComponent(".repowatch/history.json")))
        for key in cut.sortedKeys {
            let times = Set(restored.points(forKey: key).map(\.seconds))
            #expect(
                cut.points(forKey: key).allSatisfy { times.contains($0.seconds) }, "\(key): a point of the cut lost")
            #expect(restored.start(forKey: key) == cut.start(forKey: key), "\(key)")
        }
    }
}
