/// Where every file of a built site lives, relative to its root (DESIGN.md, "Output layout"): the
/// one place that spells these paths, for the renderer, the build, the writer, publish and serve.
enum SiteLayout {
    static let index = "index.html"
    static let notFound = "404.html"
    static let noJekyll = ".nojekyll"
    static let sitemap = "sitemap.xml"
    /// What the site shows, as data; also how a later build or `publish` recognises a site of ours.
    static let snapshot = "data/snapshot.json"
    static let history = "data/history.json"
    static let avatarsFolder = "avatars/"

    /// Page `number` of the gallery, from 1.
    static func galleryPage(_ number: Int) -> String { number == 1 ? index : "page/\(number)/index.html" }

    /// The folder of sitemap entries of gallery page `number` (from 2).
    static func galleryFolder(_ number: Int) -> String { "page/\(number)/" }

    static func asset(_ path: String) -> String { "assets/" + path }

    /// `repos/OWNER/NAME/`: the repository's page and widgets.
    static func repoFolder(_ name: RepoName) -> String { "repos/\(name.pathComponent)/" }

    /// The same folder from the name as site.yml wrote it (a snapshot's `configName`).
    static func repoFolder(configName: String) -> String { "repos/\(configName.lowercased())/" }

    /// `widgets/ID/`: a double widget, which has no repository of its own.
    static func widgetFolder(id: String) -> String { "widgets/\(id)/" }

    /// `medium.html`, `large.html`: a standalone widget document in its folder.
    static func html(_ size: SiteConfig.WidgetSize) -> String { "\(size.rawValue).html" }

    /// `medium.svg`, `large-dark.svg`: a widget image in its folder.
    static func svg(_ size: SiteConfig.WidgetSize, dark: Bool = false) -> String {
        dark ? "\(size.rawValue)-dark.svg" : "\(size.rawValue).svg"
    }
}
