import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Where a build's data comes from: made-up numbers (`SampleSource`), or GitHub's with the previous
/// site standing in where GitHub fails (`GitHubSource`). The pipeline holds one and does not ask
/// which.
package protocol SiteSource: Sendable {
    /// Every repository of the site, in site.yml's order (completed by `owners:`), with the avatars
    /// they show.
    func gather(_ config: SiteConfig) async throws -> SiteData

    /// Brings back the history a lost cache took with it, from wherever this source keeps a copy,
    /// before this build's point is recorded. Never throws: at worst a new history starts.
    func restoreHistory(_ file: HistoryFile, baseURL: URL?, log: any BuildLog) async

    /// The same for the feed's entries (`.repowatch/feed.json`), before this build's changes are told.
    func restoreFeed(_ file: FeedFile, baseURL: URL?, log: any BuildLog) async
}

extension SiteSource {
    package func restoreHistory(_ file: HistoryFile, baseURL: URL?, log: any BuildLog) async {}
    package func restoreFeed(_ file: FeedFile, baseURL: URL?, log: any BuildLog) async {}
}
