import Foundation
import Mustache
import RepoWatchModel

/// `double-page.mustache`: a double widget's page (`widgets/ID/index.html`), which the gallery links
/// to: the widget, the two repositories' pages, and its embed snippets, like a repository's page.
struct DoubleWidgetPageContext: Sendable, MustacheParent {
    var shell: PageShell
    /// "apple/swift + twbs/bootstrap".
    var title: String
    var widgets: [RepoPageWidget]
    var repos: [DoubleWidgetRepo]
    var embeds: [Embed]

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "widgets": return widgets
        case "repos": return repos
        case "embeds": return embeds
        default: return shell.child(named: key)
        }
    }
}

/// `repos` of a double widget's page: `{ name, href }`, top then bottom.
struct DoubleWidgetRepo: Sendable, MustacheParent {
    var name: String
    /// The repository's page, relative to the root.
    var href: String

    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "href": return href
        default: return nil
        }
    }
}

extension SiteRenderer {
    /// Double widgets have no repository of their own: a folder per widget ID, with the widget's
    /// SVG images, its standalone document and its page.
    func renderDoubleWidgets(
        widgets: WidgetFragments, site: SiteSummary, embeds: EmbedSnippets, tables: LocaleTables,
        shares: ShareMaker, into emit: FileSink
    ) throws {
        var cache = WidgetFragments.Cache()
        let root = "../../"
        let strings = tables.table(for: config.locale)
        for widget in config.widgets {
            guard case .double(let id, let top, let bottom) = widget.kind else { continue }
            let folder = SiteLayout.widgetFolder(id: id)
            let look = config.look(for: widget)
            let spec = WidgetFragments.Spec.double(id: id, top: top, bottom: bottom, look)
            let images = widgets.svgs(spec, cache: &cache)
            try emit(folder + SiteLayout.svg(.large), Data(images.light.utf8))
            try emit(folder + SiteLayout.svg(.large, dark: true), Data(images.dark.utf8))
            let html = widgets.html(spec, root: root, cache: &cache)
            let title = "\(top) + \(bottom)"
            var standalone = StandaloneWidgetPage(
                shell: PageShell(
                    root: root, site: site, title: title, locale: PageLocale(strings: tables.table(for: look.locale))),
                widgetHTML: html, size: "large")
            let cards = (
                top: widgets.card(top, config.look, cache: &cache),
                bottom: widgets.card(bottom, config.look, cache: &cache)
            )
            standalone.shell.share = shares.doublePage(
                top: cards.top, bottom: cards.bottom, title: title, path: folder + SiteLayout.html(.large))
            try emit(folder + SiteLayout.html(.large), templates.file("widget", standalone))

            var embed = embeds.embed(double: id, name: title, appearance: look.appearance, strings: strings)
            embed.first = true
            embed.sizeLabel = strings.text("size_large")
            var page = DoubleWidgetPageContext(
                shell: PageShell(
                    root: root, site: site, title: PageTitle.joined(title, config.title),
                    locale: PageLocale(strings: strings)),
                title: title,
                widgets: [
                    RepoPageWidget(
                        size: "large", html: html, href: SiteLayout.html(.large),
                        noteHTML: widget.note.map(Markdown.html), sizeLabel: embed.sizeLabel)
                ],
                repos: [top, bottom].map { DoubleWidgetRepo(name: $0.description, href: SiteLayout.repoPage($0)) },
                embeds: [embed])
            page.shell.share = shares.doublePage(top: cards.top, bottom: cards.bottom, title: title, path: folder)
            try emit(folder + SiteLayout.index, templates.file("double-page", page))
        }
    }
}
