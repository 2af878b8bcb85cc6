import Foundation
import Testing

@testable import RepoWatchModel

/// The queue a build leaves: each target the news it wants, once; what `notify` logged as done taken
/// out; targets gone from site.yml dropped; a private repository's entries forgotten on demand.
@Suite("Notifications: the queue and the log")
struct NotifyQueueTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(
        _ id: String, _ kind: FeedEntry.Kind = .release, repo: String = "octocat/hello-world", tag: String = "v1.0.0"
    )
        -> FeedEntry
    {
        var facts = FeedFacts(name: repo)
        facts.tag = tag
        return FeedEntry(id: id, repo: repo, kind: kind, title: id, summary: id, updated: now, facts: facts)
    }

    @Test("each target the news it wants, once across builds; done entries leave")
    func update() {
        let slack = NotifyTarget(format: .slack, urlEnv: "S")
        let json = NotifyTarget(
            format: .json, urlEnv: "J", events: [.release], repos: ["twbs/bootstrap"], prereleases: true)
        var queue = NotifyQueue()
        let news = [
            Self.entry("a"), Self.entry("b", .milestone), Self.entry("c", .archived),
            Self.entry("d", repo: "twbs/bootstrap", tag: "v6.0.0-rc.1"),
        ]
        queue.update(targets: [slack, json], news: news, log: NotifyLog(), now: Self.now)
        #expect(queue.targets["slack:S"]?.map(\.entry.id) == ["a", "b"])
        #expect(queue.targets["json:J"]?.map(\.entry.id) == ["d"])
        // The same news again (a rebuild that told it again) is not queued twice.
        queue.update(targets: [slack, json], news: news, log: NotifyLog(), now: Self.now)
        #expect(queue.targets["slack:S"]?.count == 2)
        var log = NotifyLog()
        log.markDone(["a"], for: "slack:S", at: Self.now)
        queue.update(targets: [slack], news: [Self.entry("a")], log: log, now: Self.now)
        #expect(queue.targets["slack:S"]?.map(\.entry.id) == ["b"])
        #expect(queue.targets["json:J"] == nil)
    }

    @Test("a long outage keeps the newest, up to the limit")
    func limit() {
        let target = NotifyTarget(format: .json, urlEnv: "J")
        var queue = NotifyQueue()
        let news = (0..<(NotifyQueue.limit + 7)).map { Self.entry("e\($0)") }
        #expect(queue.update(targets: [target], news: news, log: NotifyLog(), now: Self.now) == 7)
        #expect(queue.targets["json:J"]?.first?.entry.id == "e7")
    }

    @Test("forget takes a repository's entries out; the files read back what was saved")
    func forgetAndFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = NotifyFiles(cacheDirectory: folder)
        var queue = NotifyQueue()
        queue.update(
            targets: [NotifyTarget(format: .json, urlEnv: "J")],
            news: [Self.entry("a"), Self.entry("b", repo: "beaversoftware/test1")], log: NotifyLog(), now: Self.now)
        try files.save(queue)
        files.forget(["beaversoftware/test1"])
        let read = files.loadQueue { Issue.record("\($0)") }
        #expect(read.targets["json:J"]?.map(\.entry.id) == ["a"])
        let text = try String(contentsOf: files.queueURL, encoding: .utf8)
        #expect(!text.contains("beaversoftware"))
        var warned: [String] = []
        try Data("{not json".utf8).write(to: files.logURL)
        #expect(files.loadLog { warned.append($0) } == NotifyLog())
        #expect(warned.count == 1 && FileManager.default.fileExists(atPath: files.logURL.path + ".unreadable"))
    }

    @Test("the log forgets what is older than its memory; a refusal keeps its first day")
    func log() {
        var log = NotifyLog()
        log.markDone(["old"], for: "t", at: Self.now.addingTimeInterval(-NotifyLog.memory - 1))
        log.markDone(["new"], for: "t", at: Self.now)
        let first = log.markRefused(["x"], for: "t", at: Self.now.addingTimeInterval(-86_400))
        #expect(log.markRefused(["x"], for: "t", at: Self.now) == first)
        log.prune(now: Self.now)
        #expect(log.isDone("new", for: "t") && !log.isDone("old", for: "t"))
    }
}
