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
package struct FeedSeed: Sendable {
    package let seed: HistorySeed

    package init(seed: HistorySeed = HistorySeed()) {
        self.seed = seed
    }

    package static func publishedURL(base: URL) -> URL { base.appendingPathComponent("feed.xml") }

    /// Never throws: at worst the feed starts again, saying why.
    package func restoreIfMissing(_ file: FeedFile, baseURL: URL?, offline: Bool, log: any BuildLog) async {
        guard !offline, let baseURL, !file.exists else { return }
        let url = Self.publishedURL(base: baseURL)
        switch await seed.fetch(url, accept: "application/atom+xml") {
        case .success(let data):
            do {
                let entries = try AtomReader(baseURL: baseURL).entries(data)
                try file.save(FeedState(entries: Array(entries.prefix(FeedState.limit))))
                log.info("No \(file.url.lastPathComponent) in the cache: restored \(entries.count) entries from \(url)")
            } catch {
                log.warning("\(url) is not a readable feed (\(error)); starting a new one")
            }
        case .failure(.notPublished):
            log.info("No \(file.url.lastPathComponent) in the cache and no feed published at \(url) yet: starting one")
        case .failure(let reason):
            log.warning("could not fetch the published feed from \(url) (\(reason)); starting a new one")
        }
    }
}
