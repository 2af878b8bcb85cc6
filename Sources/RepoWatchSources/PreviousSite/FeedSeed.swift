import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The feed's memory (`.repowatch/feed.json`) goes with an evicted cache, like the history; the
/// published `feed.xml` still holds the last entries. A build that finds no feed file but knows its
/// `base_url` reads them back, through the same path as `HistorySeed`: one request, no token.
///
/// Only the entries come back. What each repository looked like is not in the feed, so the build
/// after a cache loss sees every repository as new: it tells at most its latest release, whose id is
/// the one already published, so nothing is told twice.
struct FeedSeed: Sendable {
    let seed: HistorySeed

    init(seed: HistorySeed = HistorySeed()) {
        self.seed = seed
    }

    static func publishedURL(base: URL) -> URL { base.appendingPathComponent(SiteLayout.feed) }

    /// Never throws: at worst the feed starts again, saying why. Offline, or when the published
    /// site fails, the previous build's `feed.xml` (the same entries) stands in.
    func restoreIfMissing(
        _ file: FeedFile, baseURL: URL?, previousSite: URL? = nil, log: any BuildLog
    ) async {
        guard let baseURL, !file.exists else { return }
        let name = file.url.lastPathComponent
        var published: (text: String, isProblem: Bool)?
        let url = Self.publishedURL(base: baseURL)
        switch await seed.fetch(url, accept: "application/atom+xml") {
        case .success(let data):
            do {
                try restore(data, into: file, baseURL: baseURL, from: url.absoluteString, log: log)
                return
            } catch {
                published = ("\(url) is not a readable feed (\(ErrorText.describe(error)))", true)
            }
        case .failure(.notPublished): published = ("no feed published at \(url) yet", false)
        case .failure(.noNetwork): break
        case .failure(let reason): published = ("could not fetch the published feed from \(url) (\(reason))", true)
        }
        let local = previousSite?.appendingPathComponent(SiteLayout.feed)
        if let local, let data = FileManager.default.contents(atPath: local.path),
            (try? restore(data, into: file, baseURL: baseURL, from: local.path, log: log)) != nil
        {
            return
        }
        switch published {
        case (let text, true)?: log.warning("\(text); starting a new one")
        case (let text, false)?: log.info("No \(name) in the cache and \(text): starting one")
        case nil: log.info("No \(name) in the cache or the previous site: starting one")
        }
    }

    private func restore(_ data: Data, into file: FeedFile, baseURL: URL, from place: String, log: any BuildLog) throws
    {
        let entries = try AtomReader(baseURL: baseURL).entries(data)
        try file.save(FeedState(entries: Array(entries.prefix(FeedState.limit))))
        log.info("No \(file.url.lastPathComponent) in the cache: restored \(entries.count) entries from \(place)")
    }
}
