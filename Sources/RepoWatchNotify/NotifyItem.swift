import Foundation
import RepoWatchModel

/// One entry as a message tells it: already in the site's language, its link absolute.
package struct NotifyItem: Sendable, Equatable {
    package var id: String
    package var kind: FeedEntry.Kind
    /// `owner/name`, lowercased, as site.yml lists it.
    package var repo: String
    package var title: String
    package var summary: String
    /// The repository's page on the published site.
    package var link: URL
    package var time: Date

    package init(
        id: String, kind: FeedEntry.Kind, repo: String, title: String, summary: String, link: URL, time: Date
    ) {
        self.id = id
        self.kind = kind
        self.repo = repo
        self.title = title
        self.summary = summary
        self.link = link
        self.time = time
    }
}

/// The site's own words around the entries, in its language.
package struct NotifyWords: Sendable {
    package var siteTitle: String
    package var siteURL: URL
    /// "Open on Repo Watcher": a link's or a button's label.
    package var open: String
    /// "12 updates from Repo Watcher": a digest's heading.
    package var digestTitle: @Sendable (Int) -> String
    /// "and 3 more": the end of a digest too long for the platform.
    package var more: @Sendable (Int) -> String

    package init(
        siteTitle: String, siteURL: URL, open: String, digestTitle: @escaping @Sendable (Int) -> String,
        more: @escaping @Sendable (Int) -> String
    ) {
        self.siteTitle = siteTitle
        self.siteURL = siteURL
        self.open = open
        self.digestTitle = digestTitle
        self.more = more
    }

    /// English, for tests and for the tables that lack the keys.
    package static func english(siteTitle: String, siteURL: URL) -> NotifyWords {
        NotifyWords(
            siteTitle: siteTitle, siteURL: siteURL, open: "Open on \(siteTitle)",
            digestTitle: { $0 == 1 ? "1 update from \(siteTitle)" : "\($0) updates from \(siteTitle)" },
            more: { "and \($0) more" })
    }
}

/// One POST: its body and the entries it carries (all sent, or none).
package struct WebhookMessage: Sendable, Equatable {
    package var entries: [String]
    package var body: Data

    package init(entries: [String], body: Data) {
        self.entries = entries
        self.body = body
    }
}
