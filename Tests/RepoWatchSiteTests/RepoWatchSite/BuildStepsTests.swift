import Foundation
import Synchronization
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// Each step of `Build.run()` on its own: load the config, gather, record the history, render and
/// write, and how a failing step is named.
@Suite struct BuildStepsTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func site(_ yaml: String) throws -> (folder: URL, options: BuildOptions) {
        let folder = try temporaryDirectory()
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("site.yml"))
        var options = try BuildOptions(sample: true)
        options.configPath = folder.appendingPathComponent("site.yml").path
        options.now = Self.now
        return (folder, options)
    }

    @Test func badFlagsAreRefusedWhereTheOptionsAreMadeBeforeAnythingIsWritten() throws {
        let refusals: [(flag: String, make: () throws -> BuildOptions)] = [
            ("--base-url", { try BuildOptions(sample: true, baseURL: "javascript:alert(1)") }),
            ("--base-url", { try BuildOptions(baseURL: "me.github.io/w/") }),
            ("--lock-wait", { try BuildOptions(lockWait: -1) }),
            ("--lock-wait", { try BuildOptions(lockWait: .infinity) }),
            ("--offline", { try BuildOptions(fetch: FetchOptions(offline: true), sample: true) }),
        ]
        for (flag, make) in refusals {
            do {
                _ = try make()
                Issue.record("\(flag): accepted")
            } catch let error as UsageError {
                #expect(error.description.hasPrefix(flag), "\(error)")
            }
        }
        let (folder, made) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = try BuildOptions(sample: true, baseURL: "https://me.github.io/w/", lockWait: 0)
        (options.configPath, options.now) = (made.configPath, made.now)
        let inputs = try SiteInputs.load(options, log: MemoryLog())
        #expect(inputs.config.baseURL?.absoluteString == "https://me.github.io/w/")
        #expect(inputs.now == Self.now && inputs.output.lastPathComponent == "public")
        #expect(!FileManager.default.fileExists(atPath: inputs.output.path))
    }

    @Test func theSampleSourceGivesEveryRepositoryAFaceAndNoRequests() async throws {
        let config = try ConfigLoader(file: "site.yml").parse("repos: [apple/swift, a/b]\n").config
        let gathered = try await SampleSource(now: Self.now).gather(config)
        #expect(gathered.repos.map(\.configName) == ["apple/swift", "a/b"])
        #expect(gathered.requests == nil)
        for repo in gathered.repos {
            let avatar = try #require(repo.ownerAvatar)
            #expect(gathered.avatars[avatar] != nil, "\(avatar)")
        }
    }

    @Test func aRepositoryWithoutDataStillGetsAPlaceholderFace() async {
        var gathered = SiteData(
            config: SiteConfig(repos: [RepoName(owner: "gone", name: "away")]),
            repos: [.unavailable(RepoName(owner: "gone", name: "away"), reason: "404")], avatars: [:], requests: nil)
        await gathered.addPlaceholderFaces()
        let avatar = gathered.repos[0].ownerAvatar ?? ""
        #expect(avatar.hasPrefix(SiteLayout.avatarsFolder) && gathered.avatars[avatar] != nil)
    }

    @Test func sampleBuildsShowAMadeUpHistoryAndSaveNone() async throws {
        let (folder, options) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let step = HistoryStep(options: options, source: SampleSource(now: Self.now), log: MemoryLog())
        let snapshot = Snapshot(
            generatedAt: Self.now, nextUpdate: Self.now, sample: true,
            repos: [SampleData.snapshot(for: RepoName(owner: "apple", name: "swift"), now: Self.now)])
        let history = await step.record(
            snapshot, repos: [RepoName(owner: "apple", name: "swift")], baseURL: nil, now: Self.now)
        #expect(
            history.isSample
                && history.points(forKey: "apple/swift").filter { !$0.backfilled }.count == SampleHistory.days)
        #expect(history.points(forKey: "apple/swift").last?.stars == snapshot.repos[0].stars)
        let published = folder.appendingPathComponent("published-history.json")
        try Data("{}".utf8).write(to: published)
        step.save(copying: published)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".repowatch").path))
    }

    /// The steps a user's build runs, each file written by one of them: the pages by the render,
    /// the data files that grow with the site streamed by their own steps.
    @Test func renderingAndWritingReplacesTheSiteWhole() async throws {
        let (folder, options) = try site("repos: [apple/swift]\nopen_data: true\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Build(options: options, log: MemoryLog()).run()
        #expect(result.fileCount > 10)
        let output = try SiteInputs.load(options, log: MemoryLog()).output
        for path in [
            SiteLayout.index, SiteLayout.snapshot, SiteLayout.history, SiteLayout.reposJSON, SiteLayout.reposCSV,
            SiteLayout.reposSchema, SiteLayout.repoFolder(RepoName(owner: "apple", name: "swift")) + "large.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
        }
        let snapshot = try Snapshot.decoder.decode(
            Snapshot.self, from: Data(contentsOf: output.appendingPathComponent(SiteLayout.snapshot)))
        #expect(snapshot.sample && snapshot.repos.map(\.configName) == ["apple/swift"])
    }

    @Test func aFailingStepNamesItselfAndTheStepsAfterItDoNotRun() async throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
        let build = Build(options: BuildOptions(), log: MemoryLog())
        let ran = Mutex<[String]>([])
        let steps = ["first", "render the site", "never"].map { name in
            BuildStep(name) { _ in
                ran.withLock { $0.append(name) }
                if name == "render the site" { throw DiskFull() }
            }
        }
        var work = BuildWork(build, started: Date())
        do {
            try await build.run(steps, on: &work)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "could not render the site: disk full")
        }
        #expect(ran.withLock { $0 } == ["first", "render the site"])
        #expect(work.timings.map(\.step) == ["first"])
        // The user's own mistakes, and a build asked to stop, pass through as they are.
        for passed: any Error in [UsageError("--jobs"), CancellationError(), DiagnosticsError([])] {
            let fails = [BuildStep("load the config") { _ in throw passed }]
            var work = BuildWork(build, started: Date())
            do {
                try await build.run(fails, on: &work)
                Issue.record("no error")
            } catch {
                #expect(!(error is BuildStepError), "\(error)")
                #expect(type(of: error) == type(of: passed))
            }
        }
    }

    @Test func theStepsAreTheBuildInOrderEachTimed() async throws {
        #expect(
            Build.steps.map(\.name) == [
                "load the config", "lock the site and the cache", "gather the snapshot", "record the history",
                "update the feed", "queue the notifications", "render the site", "write the open data",
                "publish the history", "write the site",
                "report",
                "tidy the cache",
            ])
        let (folder, options) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Build(options: options, log: MemoryLog()).run()
        #expect(result.timings.map(\.step) == Build.steps.map(\.name))
        #expect(result.timings.allSatisfy { $0.seconds >= 0 })
    }

    @Test func aStepThatFailsAfterTheRenderLeavesThePreviousSiteAsItWas() async throws {
        struct Interrupted: Error {}
        let (folder, options) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = Build(options: options, log: MemoryLog())
        _ = try await build.run()
        let index = options.outputURL.appendingPathComponent(SiteLayout.index)
        let before = try Data(contentsOf: index)
        let siblingsBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let upToRender = Array(Build.steps.prefix { $0.name != "write the site" })
        var work = BuildWork(build, started: Date())
        await #expect(throws: BuildStepError.self) {
            try await build.run(upToRender + [BuildStep("write the site") { _ in throw Interrupted() }], on: &work)
        }
        #expect(try Data(contentsOf: index) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(siblings == siblingsBefore, "no staging folder is left")
    }

    @Test func thePreviousSiteStandsInMarkedStaleWithItsAvatars() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = RepoName(owner: "apple", name: "swift")
        var repo = SampleData.snapshot(for: name, now: Self.now - 86_400)
        repo.ownerAvatar = "avatars/a.png"
        let previous = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: false, repos: [repo])
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("avatars"), withIntermediateDirectories: true)
        try Snapshot.encoder.encode(previous).write(to: folder.appendingPathComponent(SiteLayout.snapshot))
        try Data("png".utf8).write(to: folder.appendingPathComponent("avatars/a.png"))
        let lastGood = LastGoodData(output: folder, now: Self.now)
        let stale = try #require(lastGood.snapshot(for: name, reason: "timed out"))
        #expect(stale.stale && stale.staleness == "timed out")
        #expect(lastGood.avatars()["avatars/a.png"] == Data("png".utf8))
        #expect(lastGood.snapshot(for: RepoName(owner: "a", name: "b")) == nil)
    }
}
