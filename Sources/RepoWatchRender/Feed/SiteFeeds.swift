import Foundation
import Mustache
import RepoWatchModel

/// The site's `feed.xml` and one per repository page, from the entries the build keeps, and the
/// `feed` key of the pages that link to them.
package struct SiteFeeds: Sendable {
    package static let siteFeed = "feed.xml"

    package let config: SiteConfig
    /// The kept entries, told in the site's language.
    package let entries: [FeedEntry]
    package let generatedAt: Date
    private let byRepo: [String: [FeedEntry]]

    /// - Parameters:
    ///   - strings: the site locale's table, which the entries' titles and summaries are told in.
    ///   - withoutPage: keys of repositories the site writes no page for (`outputs: card`).
    package init(
        config: SiteConfig, state: FeedState, generatedAt: Date, strings: StringTable = .english,
        withoutPage: Set<String> = []
    ) {
        // Repositories taken out of site.yml, or shown by a card alone, have no page to link to.
        let listed = Set(config.repos.map(\.key)).subtracting(withoutPage)
        self.config = config
        self.entries = FeedText(strings: strings).entries(state.entries.filter { listed.contains($0.repo) })
        self.generatedAt = state.started ?? generatedAt
        byRepo = Dictionary(grouping: self.entries, by: \.repo)
    }

    package var ids: FeedIDs { FeedIDs(baseURL: config.baseURL) }

    package func site() -> Data {
        let feed = AtomFeed(
            id: ids.feedID(""), title: config.title, author: config.title, path: Self.siteFeed,
            page: "", entries: entries, fallbackUpdated: generatedAt, baseURL: config.baseURL)
        return Data(feed.xml().utf8)
    }

    package func repo(_ name: RepoName) -> Data {
        let folder = SiteLayout.repoFolder(name)
        let feed = AtomFeed(
            id: ids.feedID(name.key + "/"), title: "\(name) — \(config.title)", author: config.title,
            path: folder + Self.siteFeed, page: folder, entries: byRepo[name.key] ?? [],
            fallbackUpdated: generatedAt, baseURL: config.baseURL)
        return Data(feed.xml().utf8)
    }
}

/// `feed`: `{ href, title }`, the Atom feed a page offers (the head's `rel="alternate"` link and
/// the visible "subscribe" link).
package struct FeedLink: Sendable, MustacheParent {
    package var href: String
    package var title: String

    package func child(named key: String) -> Any? {
        switch key {
        case "href": return href
        case "title": return title
        default: return nil
        }
    }
}
