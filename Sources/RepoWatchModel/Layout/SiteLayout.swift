/// Where every file of a built site lives, relative to its root (docs/output.md lists them): the
/// one place that spells these paths, for the renderer, the build, the writer, publish and serve.
package enum SiteLayout {
    package static let index = "index.html"
    package static let notFound = "404.html"
    package static let noJekyll = ".nojekyll"
    package static let sitemap = "sitemap.xml"
    /// Names the sitemap for crawlers (when there is one).
    package static let robots = "robots.txt"
    /// The site's Atom feed at the root, and each repository's in its folder (`repoFolder`).
    package static let feed = "feed.xml"
    /// The search page (`search: true`): a form over the Pagefind index.
    package static let searchFolder = "search/"
    package static let search = searchFolder + index
    /// Pagefind's bundle and index, written by Pagefind itself; with its licence notice beside it.
    package static let pagefindFolder = "pagefind/"
    package static let pagefindLicense = "pagefind/LICENSE.txt"
    /// The picture a shared link shows where a page has no PNG or JPEG of its own (`og:image`).
    package static let shareImage = "assets/share.png"
    /// What the site shows, as data; also how a later build or `publish` recognises a site of ours.
    package static let snapshot = "data/snapshot.json"
    package static let history = "data/history.json"
    package static let avatarsFolder = "avatars/"
    /// Open data (`open_data: true`): every repository's current numbers as JSON, its JSON Schema, and
    /// the same as CSV.
    package static let reposJSON = "data/repos.json"
    package static let reposSchema = "data/repos.schema.json"
    package static let reposCSV = "data/repos.csv"
    /// The insights page (`insights: true`): totals, rising, releases, waking and quiet, languages.
    package static let insightsFolder = "insights/"
    package static let insights = insightsFolder + index

    /// Page `number` of the gallery, from 1.
    package static func galleryPage(_ number: Int) -> String { number == 1 ? index : "page/\(number)/index.html" }

    /// The folder of sitemap entries of gallery page `number` (from 2).
    package static func galleryFolder(_ number: Int) -> String { "page/\(number)/" }

    package static func asset(_ path: String) -> String { "assets/" + path }

    /// `repos/`: every repository's folder is in it.
    package static let reposFolder = "repos/"

    /// `repos/OWNER/NAME/`: the repository's page and widgets.
    package static func repoFolder(_ name: RepoName) -> String { reposFolder + "\(name.pathComponent)/" }

    /// The way from a folder (`repos/gitlab.com/group/project/`) back to the site's root (`../../../../`):
    /// a repository's folder is as deep as its name, so no page assumes a depth.
    package static func root(of folder: String) -> String {
        String(repeating: "../", count: folder.split(separator: "/").count)
    }

    /// `repos/OWNER/NAME/index.html`: what the site's own links name, not the folder, because a
    /// browser shows a folder opened from disk (`file://`) as a listing; published addresses (the
    /// sitemap, canonical links, `page` in data/repos.json) keep the folder.
    package static func repoPage(_ name: RepoName) -> String { repoFolder(name) + index }

    /// The same folder from the name as site.yml wrote it (a snapshot's `configName`).
    package static func repoFolder(configName: String) -> String { reposFolder + "\(configName.lowercased())/" }

    /// Every repository page, as a glob under the site's root (for the search index).
    package static let repoPages = reposFolder + "**/" + index

    /// `repos/OWNER/NAME/history.csv`: the repository's history, a row a point.
    package static func historyCSV(_ name: RepoName) -> String { repoFolder(name) + historyCSVFile }
    package static let historyCSVFile = "history.csv"

    /// `history.svg`, `history-dark.svg` in a repository's folder: its stars as a picture to paste.
    package static func historySVG(dark: Bool = false) -> String { dark ? "history-dark.svg" : "history.svg" }

    /// `charts/`: the comparisons of site.yml's `charts:`.
    static let chartsFolder = "charts/"
    /// `charts/ID.svg`, `charts/ID-dark.svg`.
    package static func chartSVG(id: String, dark: Bool = false) -> String {
        chartsFolder + id + (dark ? "-dark.svg" : ".svg")
    }
    /// `charts/ID/`: the chart's page, with its numbers as a table and the snippets.
    package static func chartFolder(id: String) -> String { chartsFolder + id + "/" }

    /// `badges/stars.svg`, `badges/stars-dark.svg`, `badges/stars.json` in a repository's folder.
    package static func badge(_ kind: String, dark: Bool = false) -> String {
        "badges/" + kind + (dark ? "-dark.svg" : ".svg")
    }
    package static func badgeEndpoint(_ kind: String) -> String { "badges/" + kind + ".json" }

    /// `owners/`: every owner card's folder is in it.
    static let ownersFolder = "owners/"

    /// `owners/LOGIN/`: an owner's page, cards and badges; `owner` as site.yml writes it (a forge's
    /// `HOST/PATH` gives `owners/HOST/PATH/`), lowercased.
    package static func ownerFolder(_ owner: String) -> String { ownersFolder + "\(owner.lowercased())/" }

    /// `stats.svg`, `languages-dark.svg`: an owner card in its folder.
    package static func ownerCard(_ card: OwnerCardFile, dark: Bool = false) -> String {
        card.rawValue + (dark ? "-dark.svg" : ".svg")
    }

    package enum OwnerCardFile: String, Sendable, CaseIterable {
        case stats, languages
    }

    /// Every owner's numbers and languages, and its JSON Schema.
    package static let ownersJSON = "data/owners.json"
    package static let ownersSchema = "data/owners.schema.json"

    /// `widgets/ID/`: a double widget, which has no repository of its own.
    package static func widgetFolder(id: String) -> String { "widgets/\(id)/" }

    /// `widgets/ID/index.html`: a double widget's page as the site's own links name it (see `repoPage`).
    package static func widgetPage(id: String) -> String { widgetFolder(id: id) + index }

    /// `medium.html`, `large.html`: a standalone widget document in its folder.
    package static func html(_ size: SiteConfig.WidgetSize) -> String { "\(size.rawValue).html" }

    /// `medium.svg`, `large-dark.svg`: a widget image in its folder.
    package static func svg(_ size: SiteConfig.WidgetSize, dark: Bool = false) -> String {
        dark ? "\(size.rawValue)-dark.svg" : "\(size.rawValue).svg"
    }
}
