import Foundation
import Testing

/// A binary of the version before the star history, named by `REPOWATCH_EARLIER_BINARY` (built once
/// from that commit in a folder of its own: docs/development.md says how). A pinned or rolled-back
/// Action runs such a version on a history this one wrote.
enum EarlierBinary {
    static let variable = "REPOWATCH_EARLIER_BINARY"

    static var url: URL? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }
}

/// The star history's points are written in a form earlier versions accept (a backfill with a reason
/// they read as none): the earlier binary reads the history this one wrote, keeps every point, and
/// this one names the start again afterwards. Skipped, with a note, without the earlier binary.
@Suite(
    "End-to-end: an earlier version keeps a history with the star history in it", .timeLimit(.minutes(10)),
    .enabled(if: EarlierBinary.url != nil, "\(EarlierBinary.variable) names no earlier binary"))
struct EarlierVersionHistoryTests {
    @Test("written by this version, read and rewritten by the earlier one, every point kept, then read back here")
    func rollBackAndForward() async throws {
        let earlier = try #require(EarlierBinary.url)
        try #require(FileManager.default.isExecutableFile(atPath: earlier.path), "no program at \(earlier.path)")
        let site = try RebuiltSite("star-history-earlier", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        // Ten weeks: every backfilled day stays in the tier that keeps every 12-hour slot.
        let weeks = StarHistoryEndToEndTests.weeks(10, total: 1_437, newest: [3, 1, 0, 2, 4, 0, 0])
        let server = try await FixtureServer.start(
            routes: try StarHistoryEndToEndTests.routes(.starHistory(["weeks": StarHistoryEndToEndTests.json(weeks)])))
        defer { server.stop() }

        let first = try await StarHistoryEndToEndTests.build(site, server, now: HistoryEndToEndTests.firstNow)
        #expect(first.status == 0, "\(first)")
        let written = try StarHistoryEndToEndTests.history(site)
        let start = try #require(StarHistoryEndToEndTests.start(written))
        #expect(start["from"] as? String == "backfill" && start["reason"] as? String == "star-history")
        let backfilled = try #require(start["backfilled"] as? Int)
        let points = StarHistoryEndToEndTests.points(written)
        #expect(backfilled > 60 && points.count == backfilled + 1)

        // The earlier version, twelve hours later, on the same site, cache and output.
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": HistoryEndToEndTests.secondNow])
        let rolledBack = try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", server.base], in: site.dir.url, environment: environment,
            executable: earlier)
        #expect(rolledBack.status == 0, "\(rolledBack)")
        #expect(!rolledBack.stderr.contains("corrupt"), "the earlier version read the history: \(rolledBack)")
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: site.cache.path)
        #expect(!cacheFiles.contains { $0.hasPrefix("history.json.corrupt") }, "\(cacheFiles)")
        let kept = try StarHistoryEndToEndTests.history(site)
        let keptStart = try #require(StarHistoryEndToEndTests.start(kept))
        #expect(keptStart["from"] as? String == "backfill" && keptStart["backfilled"] as? Int == backfilled)
        let keptPoints = StarHistoryEndToEndTests.points(kept)
        #expect(Array(keptPoints.prefix(points.count)) == points, "every point the new version wrote")
        #expect(keptPoints.count == points.count + 1, "and the earlier version's own")

        // This version again: nothing asked again, the chart says star-history once more, every point kept.
        let forward = try await StarHistoryEndToEndTests.build(site, server, now: "2026-11-23T12:00:00Z")
        #expect(forward.status == 0, "\(forward)")
        #expect(try await StarHistoryEndToEndTests.historyRequests(server).count == 1)
        let again = try StarHistoryEndToEndTests.history(site)
        #expect(StarHistoryEndToEndTests.start(again)?["reason"] as? String == "star-history")
        #expect(Array(StarHistoryEndToEndTests.points(again).prefix(keptPoints.count)) == keptPoints)
        #expect(try site.page("repos/octocat/hello-world/index.html").contains("data-history-start=\"star-history\""))
    }
}
