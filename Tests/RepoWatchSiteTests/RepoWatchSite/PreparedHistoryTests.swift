import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The cache's whole history is written while the site renders and takes its place only after the
/// site has taken its own: a build that fails first leaves the old history, and nothing beside it.
@Suite("History: written while the site renders, in place after the site")
struct PreparedHistoryTests {
    static func point(_ day: Int) -> History.Point {
        History.Point(
            time: Date(timeIntervalSince1970: TimeInterval(1_700_000_000 + day * 86_400)), stars: day, forks: 1,
            openIssues: 2, contributors: 3, openPulls: 4)
    }

    static func leftovers(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".tmp-") }
    }

    @Test("prepared, the old file stays until it is committed; abandoned, nothing is left")
    func prepareCommitAbandon() throws {
        let dir = try TempDir("prepared-history")
        defer { dir.remove() }
        let file = HistoryFile(cacheDirectory: dir.url)
        var old = History()
        old.set("a/b", [Self.point(1)])
        try file.save(old)
        var new = old
        new.set("c/d", [Self.point(2), Self.point(3)])
        let abandoned = try file.prepare(new)
        #expect(try Data(contentsOf: file.url) == old.json())
        abandoned.abandon()
        #expect(try Data(contentsOf: file.url) == old.json())
        #expect(Self.leftovers(dir.url) == [])
        let committed = try file.prepare(new)
        #expect(try Data(contentsOf: file.url) == old.json())
        try committed.commit()
        #expect(try Data(contentsOf: file.url) == new.json())
        #expect(Self.leftovers(dir.url) == [])
    }

    @Test(
        "a build that fails after the render keeps the cache's history, with nothing beside it; the next saves what it publishes"
    )
    func failedBuild() async throws {
        struct Interrupted: Error {}
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let dir = try TempDir("prepared-build")
        defer { dir.remove() }
        try Data("repos:\n  - twbs/bootstrap\n  - octocat/Hello-World\n".utf8)
            .write(to: dir.url.appendingPathComponent("site.yml"))
        func options(_ now: String) throws -> BuildOptions {
            var options = try BuildOptions(fetch: FetchOptions(apiURL: server.base, retries: 1))
            options.configPath = dir.url.appendingPathComponent("site.yml").path
            options.now = ISO8601.parse(now)
            return options
        }
        _ = try await Build(options: try options("2026-11-21T12:00:00Z"), log: MemoryLog()).run()
        let first = try options("2026-11-21T12:00:00Z")
        let history = HistoryFile(cacheDirectory: first.cacheURL).url
        let before = try Data(contentsOf: history)

        let failing = Build(options: try options("2026-11-22T12:00:00Z"), log: MemoryLog())
        let upToWrite = Array(Build.steps.prefix { $0.name != "write the site" })
        var work = BuildWork(failing, started: Date())
        await #expect(throws: BuildStepError.self) {
            try await failing.run(upToWrite + [BuildStep("write the site") { _ in throw Interrupted() }], on: &work)
        }
        #expect(try Data(contentsOf: history) == before)
        #expect(Self.leftovers(first.cacheURL) == [])

        let next = try options("2026-11-22T12:00:00Z")
        _ = try await Build(options: next, log: MemoryLog()).run()
        let published = try Data(contentsOf: next.outputURL.appendingPathComponent(SiteLayout.history))
        #expect(try Data(contentsOf: history) == published)
        #expect(published != before)
        #expect(Self.leftovers(first.cacheURL) == [])
    }
}
