import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `sitemap.xml` (only with `base_url`: a sitemap lists absolute addresses) and `robots.txt`.
enum Sitemap {
    /// A page of the sitemap: its folder, and when it last changed.
    struct Entry: Sendable, Equatable {
        var path: String
        var lastModified: Date
    }

    /// The gallery pages change with every build (every card counts days), so they carry the build's
    /// time; a repository's page carries the repository's last push (`pushed_at`), what makes it worth
    /// a crawler's visit, or the build's time when GitHub gave none.
    /// - Parameter widgets: the IDs of double widgets, whose pages are listed after the repositories'
    ///   and carry the build's time (two repositories, and the card's day count, change them).
    static func entries(
        pageCount: Int, repos: [RepoName], widgets: [String] = [], built: Date, pushed: (RepoName) -> Date?
    ) -> [Entry] {
        var entries = [Entry(path: "", lastModified: built)]
        if pageCount > 1 {
            entries += (2...pageCount).map { Entry(path: SiteLayout.galleryFolder($0), lastModified: built) }
        }
        entries += repos.map { Entry(path: SiteLayout.repoFolder($0), lastModified: pushed($0) ?? built) }
        entries += widgets.map { Entry(path: SiteLayout.widgetFolder(id: $0), lastModified: built) }
        return entries
    }

    static func xml(baseURL: URL, entries: [Entry]) -> String {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        let lines = entries.map {
            "  <url><loc>\(XMLEscape.text(base + $0.path))</loc><lastmod>\(ISO8601.string($0.lastModified))</lastmod></url>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            \(lines.joined(separator: "\n"))
            </urlset>

            """
    }

    /// Every crawler may read every page; the sitemap is named when there is one (an absolute address).
    static func robots(baseURL: URL?) -> String {
        var text = "User-agent: *\nDisallow:\n"
        if let baseURL {
            let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
            text += "\nSitemap: \(base)\(SiteLayout.sitemap)\n"
        }
        return text
    }
}
