import Foundation
import RepoWatchModel
import RepoWatchSources
import RepoWatchSupport

/// The feed step tells what changed: the feed's memory (restored first when a lost cache took it), this
/// build's events added to it, and saved once the site is written. What each repository looked
/// like is written aside before the render (`FeedFile.stageMemory`), which needs the entries only.
package struct FeedStep: Sendable {
    package let file: FeedFile
    /// False for `--sample`: made-up numbers are told (so the feed has a shape) but never remembered.
    let isReal: Bool
    /// False for `serve`'s rebuilds after an edit, which are not new data.
    let savesThisBuild: Bool
    package let source: any SiteSource
    package let log: any BuildLog

    package init(options: BuildOptions, source: any SiteSource, log: any BuildLog) {
        file = FeedFile(cacheDirectory: options.cacheURL)
        isReal = !options.sample
        savesThisBuild = options.recordsHistory
        self.source = source
        self.log = log
    }

    package func update(
        _ snapshot: Snapshot, baseURL: URL?, now: Date, listed: [RepoName]? = nil, forges: Forges = Forges()
    ) async -> FeedState {
        await told(snapshot, baseURL: baseURL, now: now, listed: listed, forges: forges).state
    }

    /// The feed, and the news this build told (what the notifications may send): none for sample data.
    /// - Parameters:
    ///   - listed: under `private: exclude`, the site's repositories: the feed keeps only their
    ///     entries (`keepListedOnly`).
    ///   - forges: what each repository's host runs, whose words its entries say.
    package func told(
        _ snapshot: Snapshot, baseURL: URL?, now: Date, listed: [RepoName]? = nil, forges: Forges = Forges()
    ) async -> (state: FeedState, news: [FeedEntry]) {
        let ids = FeedIDs(baseURL: baseURL)
        guard isReal else {
            var state = FeedState()
            state.observe(snapshot, ids: ids, now: now, forges: forges)
            return (state, [])
        }
        // A table a killed build staged is not this build's: saving (a restored feed's included)
        // must not put it in place.
        discardStaged()
        await source.restoreFeed(file, baseURL: baseURL, log: log)
        if let listed { keepListedOnly(listed) }
        guard savesThisBuild else {
            var state = await load(baseURL: baseURL, now: now, withTable: true, listed: listed)
            state.observe(snapshot, ids: ids, now: now, forges: forges)
            return (state, [])
        }
        // The repositories' memory is looked up in the last table and the next one streamed aside:
        // neither is held whole (a schema 1 feed.json's, read with the entries, is).
        var state = await load(baseURL: baseURL, now: now, withTable: false, listed: listed)
        let earlier = state.repos
        state.repos = [:]
        let table = file.lookup()
        let recall = { (key: String) in earlier[key] ?? table.memory(for: key) }
        let before = state
        var news: [FeedEntry] = []
        do {
            try file.stageMemory { remember in
                news = state.observe(snapshot, ids: ids, now: now, forges: forges, recall: recall, remember: remember)
            }
        } catch {
            log.warning(
                "could not write the feed's memory aside (\(ErrorText.describe(error))); it is kept until the site is written"
            )
            // Told again from the same memory: the entries already added are known by their ids.
            var memories: [String: FeedMemory] = [:]
            state = before
            news = state.observe(
                snapshot, ids: ids, now: now, forges: forges, recall: recall, remember: { memories[$0] = $1 })
            state.repos = memories
        }
        return (state, news)
    }

    /// An entry of a repository the site does not list (a private one an include build told, one
    /// made private since, one a feed restored from the published `feed.xml` brought back) would keep
    /// its name, description and tag in `.repowatch/`, which actions/cache saves where other
    /// workflows can restore it. Under `private: exclude` it goes before anything reads the feed; the
    /// published feed never showed it (`SiteFeeds` links the site's repositories only).
    private func keepListedOnly(_ listed: [RepoName]) {
        do {
            _ = try file.keepEntries(of: listed)
        } catch {
            log.warning("could not rewrite the feed: \(ErrorText.describe(error))")
        }
    }

    /// The saved feed; an unreadable one is moved aside and restored as a missing one is, before
    /// anything new is told.
    private func load(baseURL: URL?, now: Date, withTable: Bool, listed: [RepoName]?) async -> FeedState {
        let found = file.exists
        let state = file.load(now: now, withTable: withTable) { log.warning($0) }
        guard found, !file.exists else { return state }
        await source.restoreFeed(file, baseURL: baseURL, log: log)
        if let listed { keepListedOnly(listed) }
        return file.load(now: now, withTable: withTable) { log.warning($0) }
    }

    /// The site was not written: the cache keeps the last table, with nothing beside it.
    func discardStaged() {
        try? FileManager.default.removeItem(at: file.stagedMemoryURL)
    }

    /// After the site is written: a failure costs the feed's memory of this build, not the build.
    package func save(_ state: FeedState) {
        guard isReal, savesThisBuild else { return }
        do {
            try file.save(state)
        } catch {
            log.warning("could not save the feed: \(ErrorText.describe(error))")
        }
    }
}
