import Foundation
import Mustache
import RepoWatchModel

/// The site's `feed.xml` and one per repository page, from the entries the build keeps, and the
/// `feed` key of the pages that link to them.
struct SiteFeeds: Sendable {
    let config: SiteConfig
    /// The kept entries, told in the site's language.
    let entries: [FeedEntry]
    let generatedAt: Date
    /// The site locale's identifier, each feed's `xml:lang`.
    let language: String
    private let byRepo: [String: [FeedEntry]]

    /// - Parameters:
    ///   - strings: the site locale's table, which the entries' titles and summaries are told in.
    ///   - hasPage: whether the repository of a key has a page (not `outputs: card`); nil: every
    ///     repository of `config` has one. Asked of the kept entries only (at most `FeedState.limit`),
    ///     not of the whole list: a set of every key was held at the render's peak.
    init(
        config: SiteConfig, state: FeedState, generatedAt: Date, strings: StringTable = .english,
        hasPage: ((String) -> Bool)? = nil
    ) {
        // Repositories taken out of site.yml, or shown by a card alone, have no page to link to.
        let index = hasPage == nil ? RepoIndex(config.repos) : nil
        let linked =
            hasPage ?? { key in RepoName.parse(key).value.flatMap { index?.position(of: $0) } != nil }
        self.config = config
        self.entries = FeedText(strings: strings).entries(state.entries.filter { linked($0.repo) })
        self.generatedAt = state.started ?? generatedAt
        language = strings.formatter.identifier
        byRepo = Dictionary(grouping: self.entries, by: \.repo)
    }

    var ids: FeedIDs { FeedIDs(baseURL: config.baseURL) }

    func site() -> Data {
        let feed = AtomFeed(
            id: ids.feedID(""), title: config.title, author: config.title, path: SiteLayout.feed,
            page: "", entries: entries, fallbackUpdated: generatedAt, baseURL: config.baseURL,
            language: language)
        return Data(feed.xml().utf8)
    }

    func repo(_ name: RepoName) -> Data {
        let folder = SiteLayout.repoFolder(name)
        let feed = AtomFeed(
            id: ids.feedID(name.key + "/"), title: PageTitle.joined(name.description, config.title),
            author: config.title,
            path: folder + SiteLayout.feed, page: folder, entries: byRepo[name.key] ?? [],
            fallbackUpdated: generatedAt, baseURL: config.baseURL,
            language: language)
        return Data(feed.xml().utf8)
    }
}

/// `feed`: `{ href, title }`, the Atom feed a page offers (the head's `rel="alternate"` link and
/// the visible "subscribe" link).
struct FeedLink: Sendable, MustacheParent {
    var href: String
    var title: String

    func child(named key: String) -> Any? {
        switch key {
        case "href": return href
        case "title": return title
        default: return nil
        }
    }
}
