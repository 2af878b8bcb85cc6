import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `kill -9` at any moment of a build leaves `.repowatch/history.json` whole: the old file or the
/// new one, never half of either (it is written beside, flushed and renamed over).
@Suite("History survives kill -9", .timeLimit(.minutes(10)))
struct HistoryKillTests {
    static let repos = 60

    @Test("builds killed at 10 seeded moments: history.json always parses to the same history")
    func killedBuilds() async throws {
        let dir = try TempDir("history-kill")
        defer { dir.remove() }
        let names = (0..<Self.repos).map { "kill-owner-\($0 % 7)/repo-\($0)" }
        try dir.write("site.yml", "title: Kill\nrepos:\n" + names.map { "  - \($0)\n" }.joined())
        var history = History()
        var random = SeededRandom(seed: 9)
        for name in names {
            var stars = Int(random.next() % 50_000)
            let points = (0..<History.pointLimit).map { index -> History.Point in
                stars += Int(random.next() % 30)
                return History.Point(
                    time: Date(timeIntervalSince1970: TimeInterval(1_764_000_000 + index * 43_200)), stars: stars,
                    forks: 3, openIssues: 1, contributors: 4)
            }
            history.set(name, points)
        }
        let cache = dir.url.appendingPathComponent(".repowatch")
        let file = HistoryFile(cacheDirectory: cache)
        try file.save(history.json())
        let original = try Data(contentsOf: file.url)

        // --offline with an empty cache: no network, every repository unavailable, yet the history
        // is read, published and saved again (unchanged: nothing fresh to add).
        let arguments = ["build", "--offline", "--api-url", "http://127.0.0.1:9"]
        let environment = BinaryRunner.environment(home: dir.url.appendingPathComponent("home"))
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("home"), withIntermediateDirectories: true)
        let whole = try await BinaryRunner.run(arguments, in: dir.url, environment: environment)
        try #require(whole.status == 1, "\(whole)")
        #expect(try Data(contentsOf: file.url) == original)

        // Ten kills at seeded moments within a build. A moment is a delay after launch, scaled by how long
        // a whole build took last time; a build that ends before its kill (a faster run) is checked just
        // the same and makes the scale shorter, so the ten kills always come, whatever the machine's load.
        var moments = SeededRandom(seed: 14)
        var scale = 1.0
        var killed = 0
        var launches = 0
        while killed < 10, launches < 200 {
            launches += 1
            let delay = scale * Double(moments.next() % 1000) / 1000
            let launched = Date()
            let process = SpawnedProcess()
            process.executableURL = try BinaryRunner.binaryURL()
            process.arguments = arguments
            process.currentDirectoryURL = dir.url
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let end = ProcessEnd(process)
            try process.run()
            try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
                try #require(await end.wait(), "a killed build was never reaped")
            } else {
                try #require(await end.wait(), "a build never ended")
                scale = min(scale, Date().timeIntervalSince(launched)) / 2
            }
            let saved = try Data(contentsOf: file.url)
            #expect(saved == original, "after a kill at \(delay) s the history changed")
            #expect(try History.parse(saved) == history)
            let published = dir.url.appendingPathComponent("public/data/history.json")
            if let data = FileManager.default.contents(atPath: published.path) {
                #expect(data == original, "the published history is not whole after a kill at \(delay) s")
            }
        }
        print("history kill -9: \(killed) builds killed mid-way in \(launches) launches")
        #expect(killed == 10, "only \(killed) of \(launches) builds were still running when killed")
    }
}
