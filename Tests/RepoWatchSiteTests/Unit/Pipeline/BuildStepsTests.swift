import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
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

    @Test func loadingTheConfigRejectsBadFlagsBeforeAnythingIsWritten() throws {
        var (folder, options) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        options.baseURL = "javascript:alert(1)"
        #expect(throws: UsageError.self) { try SiteInputs.load(options, log: MemoryLog()) }
        options.baseURL = "https://me.github.io/w/"
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
        #expect(history.isSample && history.points(forKey: "apple/swift").count == SampleHistory.days)
        #expect(history.points(forKey: "apple/swift").last?.stars == snapshot.repos[0].stars)
        let published = folder.appendingPathComponent("published-history.json")
        try Data("{}".utf8).write(to: published)
        step.save(copying: published)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".repowatch").path))
    }

    @Test func renderingAndWritingReplacesTheSiteWhole() async throws {
        let (folder, options) = try site("repos: [apple/swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = try SiteInputs.load(options, log: MemoryLog())
        let gathered = try await SampleSource(now: Self.now).gather(inputs.config)
        let snapshot = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: true, repos: gathered.repos)
        let written = try RenderStep(site: inputs, sample: true, history: History(), avatars: gathered.avatars)
            .write(snapshot)
        #expect(written.fileCount > 10)
        for path in [
            SiteLayout.index, SiteLayout.snapshot, SiteLayout.history,
            SiteLayout.repoFolder(RepoName(owner: "apple", name: "swift")) + "large.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: inputs.output.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test func aFailingStepNamesItself() async throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
        let build = Build(options: BuildOptions(), log: MemoryLog())
        do {
            _ = try await build.step("render and write the site") { () throws -> Int in throw DiskFull() }
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "could not render and write the site: disk full")
        }
        await #expect(throws: UsageError.self) {
            _ = try await build.step("load the config") { () throws -> Int in throw UsageError("--jobs") }
        }
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
        #expect(stale.stale && stale.error == "timed out")
        #expect(lastGood.avatars()["avatars/a.png"] == Data("png".utf8))
        #expect(lastGood.snapshot(for: RepoName(owner: "a", name: "b")) == nil)
    }
}
