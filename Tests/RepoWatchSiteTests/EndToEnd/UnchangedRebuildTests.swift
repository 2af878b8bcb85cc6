import Foundation
import Testing

/// Rebuilds that change nothing write nothing, so `serve`, rsync and deploys see only real changes.
@Suite("End-to-end: rebuilds write only the files that changed", .timeLimit(.minutes(10)))
struct UnchangedRebuildTests {
    static let now = "2026-11-22T12:00:00Z"

    static func build(_ site: RebuiltSite, _ server: FixtureServer, now: String) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"), ["GITHUB_TOKEN": site.token, "REPOWATCH_NOW": now])
        let result = try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", server.base], in: site.dir.url, environment: environment)
        #expect(result.status == 0, "\(result)")
        return result
    }

    /// "Built 20 files (0 written, 20 unchanged) into …" → (written, unchanged).
    static func counts(_ result: RunResult) -> (written: Int, unchanged: Int)? {
        let output = result.stdout + result.stderr
        guard let match = output.firstMatch(of: /\((\d+) written, (\d+) unchanged\)/),
            let written = Int(match.1), let unchanged = Int(match.2)
        else { return nil }
        return (written, unchanged)
    }

    @Test("the same data and time: the second and third builds write no file and keep every inode and mtime")
    func sameInputWritesNothing() async throws {
        let site = try RebuiltSite("unchanged", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }

        let first = try await Self.build(site, server, now: Self.now)
        let stamps = FileStamp.tree(site.output)
        let bytes = SiteFiles.files(in: site.output)
        #expect(stamps.count > 10 && Self.counts(first)?.written == stamps.count, "\(first)")

        // The second build has no recycled folder yet; the third writes over the recycled one.
        for _ in 0..<2 {
            let again = try await Self.build(site, server, now: Self.now)
            #expect(Self.counts(again).map { [$0.written, $0.unchanged] } == [0, stamps.count], "\(again)")
            #expect(SiteFiles.files(in: site.output) == bytes)
            let now = FileStamp.tree(site.output)
            #expect(now == stamps, "\(now.filter { stamps[$0.key] != $0.value }.keys.sorted())")
        }
    }

    /// From the third build on (the second adds the first change since a snapshot to every widget),
    /// a build at another time with the same data writes only what states the time: the history
    /// (a new point, in data/history.json and each repository's history.csv), snapshot.json and
    /// repos.json with their time, and the pages with the generated-at line.
    @Test(
        "later, same data: only the history (its files and charts), snapshot.json and the pages with the generated-at line are written"
    )
    func laterWritesOnlyTheTimedFiles() async throws {
        let site = try RebuiltSite("timed", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }

        _ = try await Self.build(site, server, now: "2026-11-22T11:00:00Z")
        _ = try await Self.build(site, server, now: "2026-11-22T11:30:00Z")
        let before = FileStamp.tree(site.output)
        let later = try await Self.build(site, server, now: "2026-11-22T12:00:00Z")
        let after = FileStamp.tree(site.output)
        #expect(Set(after.keys) == Set(before.keys))
        let rewritten = after.filter { before[$0.key] != $0.value }.keys.sorted()
        #expect(
            rewritten == [
                "data/history.json", "data/repos.csv", "data/repos.json", "data/snapshot.json", "index.html",
                "insights/index.html", "repos/octocat/hello-world/history-dark.svg",
                "repos/octocat/hello-world/history.csv", "repos/octocat/hello-world/history.svg",
                "repos/octocat/hello-world/index.html", "repos/twbs/bootstrap/history-dark.svg",
                "repos/twbs/bootstrap/history.csv", "repos/twbs/bootstrap/history.svg",
                "repos/twbs/bootstrap/index.html",
            ])
        #expect(Self.counts(later).map { [$0.written, $0.unchanged] } == [14, before.count - 14], "\(later)")
    }
}
