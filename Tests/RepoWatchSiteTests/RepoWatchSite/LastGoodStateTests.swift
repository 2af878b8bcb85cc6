import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// Local state a build cannot read is set aside and restored, never restarted; an offline build
/// works from the cache alone, whichever API filled it.
@Suite("Last good data: corrupt local state restored, offline from the cache alone")
struct LastGoodStateTests {
    static func corrupt(_ folder: URL) throws {
        for name in ["history.json", "feed.json"] {
            try Data("{\"schema\":1,\"repos\":{\"a/one\":[[17".utf8)
                .write(to: folder.appendingPathComponent(".repowatch/\(name)"))
        }
    }

    static func asideFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".repowatch").path)
            .filter { $0.contains(".corrupt-") }.sorted()
    }

    @Test(
        "an unreadable history and feed are moved aside and restored (the published site online, the previous output offline)",
        arguments: [false, true])
    func corruptStateIsRestored(offline: Bool) async throws {
        let lastGood = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: lastGood) }
        let before = try PublishedValues(site: lastGood.appendingPathComponent("public"))
        let folder = try MatrixBuilder.prepare(.warm, from: lastGood)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.corrupt(folder)
        // Online, the published site answers; offline only the previous output holds them.
        let world = FaultWorld(version: 2, publishedSite: offline ? nil : lastGood.appendingPathComponent("public"))
        let (result, log) = try await MatrixBuilder.build(
            in: folder, world: world, now: MatrixTime.now, offline: offline)
        #expect(result.exitCode == 0, "\(log.messages)")
        let after = try PublishedValues(site: folder.appendingPathComponent("public"))
        for (key, times) in before.history {
            #expect(times.isSubset(of: after.history[key] ?? []), "\(key): \(log.messages)")
        }
        #expect(Set(before.feed.keys).isSubset(of: Set(after.feed.keys)), "\(log.messages)")
        #expect(try Self.asideFiles(folder).count == 2, "both moved aside, never deleted")
        let place = offline ? "public/data/history.json" : "https://site.test/data/history.json"
        // Every point published: the four snapshots and the days counted from star and fork dates.
        let points = before.history.values.map(\.count).reduce(0, +)
        #expect(
            log.messages.contains { $0.contains("restored \(points) points from") && $0.contains(place) },
            "\(log.messages)")
        #expect(!log.messages.contains { $0.contains("starting a new one") }, "\(log.messages)")
    }

    @Test(
        "a fresh clone's site: .repowatch/ restored, no public/: --offline writes every card stale with its last values"
    )
    func offlineFromTheCacheAlone() async throws {
        let lastGood = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: lastGood) }
        let before = try PublishedValues(site: lastGood.appendingPathComponent("public"))
        let folder = try MatrixBuilder.prepare(.cacheOnly, from: lastGood)
        defer { try? FileManager.default.removeItem(at: folder) }
        let world = FaultWorld(version: 2)
        let (result, log) = try await MatrixBuilder.build(in: folder, world: world, now: MatrixTime.now, offline: true)
        #expect(world.requests.isEmpty, "no network at all")
        #expect(result.exitCode == 0, "\(log.messages)")
        let repos = Array(result.snapshot.repos)
        #expect(repos.count == 10, "four on GitHub, three on GitLab, three on Gitea")
        for repo in repos {
            let earlier = try #require(before.repos[repo.configName.lowercased()])
            #expect(repo.isAvailable && repo.stale, "\(repo.configName): \(repo.staleness?.description ?? "")")
            #expect(repo.stars == earlier.stars && repo.openPulls == earlier.openPulls)
            #expect(repo.release == earlier.release && repo.language?.name == earlier.language?.name)
            #expect(repo.contributors.map(\.login) == earlier.contributors.map(\.login))
        }
        let card = try String(
            contentsOf: folder.appendingPathComponent("public/repos/a/one/large.html"), encoding: .utf8)
        #expect(card.contains("data-state=\"stale\""))
    }

    @Test("--offline with nothing cached: stderr says why, the public card only that there is no data yet")
    func offlineWithNothingCached() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(MatrixBuilder.siteYAML.utf8).write(to: folder.appendingPathComponent("site.yml"))
        let (result, log) = try await MatrixBuilder.build(
            in: folder, world: FaultWorld(version: 1), now: MatrixTime.now, offline: true)
        #expect(result.exitCode == 1)
        #expect(
            log.messages.contains {
                $0.contains("a/one: no data yet: not in the cache, and --offline allows no network")
            })
        let card = try String(
            contentsOf: folder.appendingPathComponent("public/repos/a/one/large.html"), encoding: .utf8)
        #expect(card.contains("No data yet") && !card.contains("--offline") && !card.contains("offline"))
    }
}
