import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchServe
@testable import RepoWatchSite
@testable import RepoWatchSources
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
        let step = NotifyStep(options: try options(), reachedNetwork: true, log: MemoryLog())
        let queue = try #require(step.queue(news: Self.news, targets: [Self.target], now: Self.now))
        #expect(queue.targets["json:HOOK"]?.map(\.entry.id) == ["urn:uuid:x"])
    }

    @Test("a build with targets and no news still leaves a queue, for the workflow's notify job to download")
    func emptyQueueWritten() throws {
        let options = try options()
        let step = NotifyStep(options: options, reachedNetwork: true, log: MemoryLog())
        step.save(try #require(step.queue(news: [], targets: [Self.target], now: Self.now)))
        #expect(FileManager.default.fileExists(atPath: NotifyFiles(cacheDirectory: options.cacheURL).queueURL.path))
    }

    @Test("sample, offline, serve's rebuilds and serve's first build queue nothing")
    func notNews() throws {
        let sample = try options { $0 = try BuildOptions(sample: true) }
        let rebuild = try options { $0.recordsHistory = false }
        let served = try ServeOptions(build: try options()).build
        for options in [sample, rebuild, served] {
            #expect(
                NotifyStep(options: options, reachedNetwork: true, log: MemoryLog()).queue(
                    news: Self.news, targets: [Self.target], now: Self.now) == nil)
        }
        // --offline: the network stack's answer, not the flag, keeps the news back.
        #expect(
            NotifyStep(options: try options(), reachedNetwork: false, log: MemoryLog()).queue(
                news: Self.news, targets: [Self.target], now: Self.now) == nil)
    }

    /// What the step is told comes from the stack: an `--offline` build's data did not reach the
    /// network; a build that asked GitHub (here, a server that knows no repository) did.
    @Test("the gathered data says whether the build reached the network: --offline did not")
    func reachedNetworkIsTheStacksAnswer() async throws {
        let dir = try TempDir("notify-reach")
        defer { dir.remove() }
        let github = try await FixtureServer.start(routes: [])
        defer { github.stop() }
        let config = SiteConfig(repos: [RepoName(owner: "octocat", name: "hello-world")])
        var reached: [Bool] = []
        for offline in [true, false] {
            let options = try BuildOptions(
                fetch: FetchOptions(apiURL: github.baseURL.absoluteString, offline: offline, retries: 1))
            let site = dir.url.appendingPathComponent(offline ? "offline" : "online")
            let source = GitHubSource(
                options: options.fetch, cacheURL: site.appendingPathComponent(".repowatch"), environment: [:],
                log: MemoryLog(), now: Self.now, output: site.appendingPathComponent("public"))
            reached.append(try await source.gather(config).reachedNetwork)
        }
        #expect(reached == [false, true])
    }
}
