import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchServe
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// Which builds queue notifications: a real build of the site to publish; never a sample, an offline
/// build or a preview's (`serve`, its first build too).
@Suite("Notifications: which builds queue")
struct NotifyStepTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let target = NotifyTarget(format: .json, urlEnv: "HOOK")
    static let news = [
        FeedEntry(
            id: "urn:uuid:x", repo: "octocat/hello-world", kind: .release, title: "t", summary: "s", updated: now)
    ]

    func options(_ change: (inout BuildOptions) throws -> Void = { _ in }) throws -> BuildOptions {
        var options = BuildOptions()
        options.cachePath = FileManager.default.temporaryDirectory.appendingPathComponent("notify-step-\(UUID())").path
        try change(&options)
        return options
    }

    @Test("a real build queues each target's news")
    func realBuild() throws {
        let step = NotifyStep(options: try options(), log: MemoryLog())
        let queue = try #require(step.queue(news: Self.news, targets: [Self.target], now: Self.now))
        #expect(queue.targets["json:HOOK"]?.map(\.entry.id) == ["urn:uuid:x"])
    }

    @Test("a build with targets and no news still leaves a queue, for the workflow's notify job to download")
    func emptyQueueWritten() throws {
        let options = try options()
        let step = NotifyStep(options: options, log: MemoryLog())
        step.save(try #require(step.queue(news: [], targets: [Self.target], now: Self.now)))
        #expect(FileManager.default.fileExists(atPath: NotifyFiles(cacheDirectory: options.cacheURL).queueURL.path))
    }

    @Test("sample, offline, serve's rebuilds and serve's first build queue nothing")
    func notNews() throws {
        let sample = try options { $0 = try BuildOptions(sample: true) }
        let offline = try options { $0 = try BuildOptions(fetch: FetchOptions(offline: true)) }
        let rebuild = try options { $0.recordsHistory = false }
        let served = try ServeOptions(build: try options()).build
        for options in [sample, offline, rebuild, served] {
            #expect(
                NotifyStep(options: options, log: MemoryLog()).queue(
                    news: Self.news, targets: [Self.target], now: Self.now) == nil)
        }
    }
}
