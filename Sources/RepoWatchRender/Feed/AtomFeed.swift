import Foundation
import RepoWatchModel
import RepoWatchSupport

/// An Atom feed (RFC 4287): the site's `feed.xml` or a repository's. Every text from the API is
/// escaped as XML text; none is written as CDATA, so a `]]>` in a description is just text.
struct AtomFeed: Sendable {
    var id: String
    var title: String
    var author: String
    /// Root-relative path of the feed file (`feed.xml`, `repos/owner/name/feed.xml`).
    var path: String
    /// Root-relative path of the page the feed is about.
    var page: String
    var entries: [FeedEntry]
    /// When the newest entry happened; when there is none, the build's time.
    var fallbackUpdated: Date
    var baseURL: URL?
    /// The language the titles and summaries are told in (BCP 47, the site's `locale`): a reader picks
    /// fonts, hyphenation and direction from it.
    var language: String

    /// The generator element's text; a published feed with it is one this tool can restore.
    static let generator = "repowatch-site"

    /// Absolute with a `base_url`; without one, relative to the feed file itself (no `xml:base`: the
    /// site's address is unknown, and a reader resolves against the feed's own URL).
    func href(_ target: String) -> String {
        if let baseURL { return baseURL.absoluteString + target }
        let depth = path.split(separator: "/").count - 1
        let up = String(repeating: "../", count: depth)
        return up + target
    }

    func xml() -> String {
        let updated = entries.map(\.updated).max() ?? fallbackUpdated
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(Self.text(language))\">",
            "  <id>\(Self.text(id))</id>",
            "  <title type=\"text\">\(Self.text(title))</title>",
            "  <updated>\(Formatting.iso(updated))</updated>",
            "  <author><name>\(Self.text(author))</name></author>",
            "  <generator version=\"\(Self.text(Version.current))\">\(Self.generator)</generator>",
            "  <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.text(href(page)))\"/>",
        ]
        if baseURL != nil {
            lines.append("  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.text(href(path)))\"/>")
        }
        for entry in entries { lines += self.entry(entry) }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func entry(_ entry: FeedEntry) -> [String] {
        [
            "  <entry>",
            "    <id>\(Self.text(entry.id))</id>",
            "    <title type=\"text\">\(Self.text(entry.title))</title>",
            "    <updated>\(Formatting.iso(entry.updated))</updated>",
            "    <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.text(href(entry.link)))\"/>",
            "    <category term=\"\(entry.kind.rawValue)\"/>",
            "    <summary type=\"text\">\(Self.summary(entry.summary))</summary>",
            "  </entry>",
        ]
    }

    private static func text(_ string: String) -> String { XMLEscape.xml(string) }

    /// Paragraph breaks survive as character references (XMLEscape.xml folds raw ones into spaces).
    private static func summary(_ string: String) -> String {
        string.split(separator: "\n", omittingEmptySubsequences: false).map { XMLEscape.xml(String($0)) }
            .joined(separator: "&#10;")
    }
}
