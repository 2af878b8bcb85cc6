import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Renders every page of the site from a snapshot: value in (config, snapshot, templates), files out
/// (root-relative path → bytes) as they are made, so a big site is never held in memory. What is
/// rendered where is planned by `SitePlan`; avatars are added by the build; nothing here touches
/// the disk.
package struct SiteRenderer: Sendable {
    package static let widgetsPerPage = SitePlan.widgetsPerPage

    package let config: SiteConfig
    package let templates: TemplateSet
    package let sample: Bool
    /// Earlier snapshots: the change since the last one and the stars sparkline.
    package var history = History()
    /// Off when the build streams `data/history.json` itself: it can be over 100 MB.
    package var emitsHistory = true
    /// Off when the build streams `data/snapshot.json` itself (`SnapshotJSON`).
    package var emitsSnapshot = true
    /// Avatar files by root-relative path, for the SVG widgets to inline.
    package var avatarImages: [String: Data] {
        get { avatarURIs.images.all }
        set { avatarURIs = AvatarDataURIs(images: AvatarFiles(newValue)) }
    }
    package var avatarFiles: AvatarFiles {
        get { avatarURIs.images }
        set { avatarURIs = AvatarDataURIs(images: newValue) }
    }
    package private(set) var avatarURIs = AvatarDataURIs(images: AvatarFiles())
    /// `owners:`: the gallery's section headings (see `OwnerSections`).
    package var ownerHeadings: [OwnerHeading] = []
    /// The string tables: the shipped ones and the site's `Templates/locales/`.
    package var locales = LocaleCatalog.builtIn
    /// `search: true` with Pagefind at hand (the build decides): repository pages carry Pagefind's
    /// attributes, and the search page and its script are written. The index itself is Pagefind's work.
    package var search = false
    package static let searchScript = "search.js"

    package init(config: SiteConfig, templates: TemplateSet, sample: Bool) {
        self.config = config
        self.templates = templates
        self.sample = sample
    }

    /// Receives each finished file; called from several threads at once.
    package typealias FileSink = @Sendable (_ path: String, _ data: Data) throws -> Void

    /// Every file in memory: for tests and small sites.
    package func render(_ snapshot: Snapshot) throws -> [String: Data] {
        let collected = FileCollector()
        try render(snapshot, into: collected.add)
        return collected.files
    }

    package func render(_ snapshot: Snapshot, into emit: FileSink) throws {
        let tables = LocaleTables(catalog: locales, config: config)
        let strings = tables.table(for: config.locale)
        let locale = PageLocale(strings: strings)
        // One index of the configured repositories serves the plan and the cards.
        let index = RepoIndex(config.repos)
        let cards = CardMaker(snapshot: snapshot, sample: sample, history: history, strings: tables, index: index)
        let widgets = WidgetFragments(templates: templates, cards: cards, avatars: avatarURIs)
        var site = SiteSummary(config: config, snapshot: snapshot, strings: strings)
        site.search = search
        let plan = SitePlan(config: config, strings: strings, index: index)
        let embeds = EmbedSnippets(baseURL: config.baseURL)
        let sections = OwnerSections(
            headings: ownerHeadings, snapshot: snapshot, strings: strings, positions: cards.positions)
        let shares = ShareMaker(config: config, strings: strings)

        // Units are independent, run across the cores, and each renders a repository's pages right
        // after the gallery page that first shows it, while its cards and widgets are still at hand.
        try Parallel.forEach(plan.units.indices) { index in
            var cache = WidgetFragments.Cache()
            let unit = plan.units[index]
            if let pageIndex = unit.page {
                let page = plan.page(pageIndex)
                let tiles = page.items.map { item in
                    GalleryTile(
                        kind: item.kind, size: item.size.rawValue, title: item.title, href: item.href,
                        html: widgets.html(item.spec, root: page.root, cache: &cache))
                }
                // owners: the same widgets in a section per owner.
                let before = plan.lastRepos(onPage: pageIndex - 1)
                let grouped = sections.gallery(
                    owners: page.items.map { sections.owner(of: $0.repos) }, widgets: tiles,
                    before: before.flatMap(sections.owner))
                var context = GalleryPageContext(
                    root: page.root, site: site, page: PageTitle(title: page.title), widgets: tiles,
                    sections: grouped, pagination: page.pagination, locale: locale)
                context.share = shares.sitePage(
                    path: pageIndex == 0 ? "" : SiteLayout.galleryFolder(pageIndex + 1), title: page.title,
                    repoCount: config.repos.count)
                try emit(page.path, Data(templates.render("index", context).utf8))
            }
            for name in plan.repos(of: unit) {
                try renderRepositoryPages(
                    name, plan: plan, widgets: widgets, cache: &cache,
                    pages: RepoPageParts(site: site, embeds: embeds, tables: tables, shares: shares),
                    source: sections.repoPage(name), into: emit)
            }
        }
        try renderDoubleWidgets(widgets: widgets, site: site, tables: tables, shares: shares, into: emit)
        try renderSiteFiles(
            snapshot, pageCount: plan.pageCount, site: site, locale: locale, cards: cards, shares: shares, into: emit)
    }

    /// Double widgets have no repository of their own: a folder per widget ID.
    private func renderDoubleWidgets(
        widgets: WidgetFragments, site: SiteSummary, tables: LocaleTables, shares: ShareMaker, into emit: FileSink
    ) throws {
        var cache = WidgetFragments.Cache()
        for widget in config.widgets {
            guard case .double(let id, let top, let bottom) = widget.kind else { continue }
            let root = "../../"
            let folder = SiteLayout.widgetFolder(id: id)
            let spec = WidgetFragments.Spec.double(id: id, top: top, bottom: bottom, config.look(for: widget))
            let images = widgets.svgs(spec, cache: &cache)
            try emit(folder + SiteLayout.svg(.large), Data(images.light.utf8))
            try emit(folder + SiteLayout.svg(.large, dark: true), Data(images.dark.utf8))
            let title = "\(top) + \(bottom)"
            var page = StandaloneWidgetPage(
                root: root, site: site, widgetHTML: widgets.html(spec, root: root, cache: &cache),
                page: PageTitle(title: title), size: "large",
                locale: PageLocale(strings: tables.table(for: config.look(for: widget).locale)))
            page.share = shares.doublePage(
                top: widgets.card(top, config.look, cache: &cache),
                bottom: widgets.card(bottom, config.look, cache: &cache),
                title: title, path: folder + SiteLayout.html(.large))
            try emit(folder + SiteLayout.html(.large), Data(templates.render("widget", page).utf8))
        }
    }

    /// The files that are not about one repository: 404, assets, data, sitemap, robots, search.
    private func renderSiteFiles(
        _ snapshot: Snapshot, pageCount: Int, site: SiteSummary, locale: PageLocale, cards: CardMaker,
        shares: ShareMaker, into emit: FileSink
    ) throws {
        let strings = locale.strings
        // GitHub Pages serves 404.html for a miss at any depth, so relative links cannot work there.
        let title = "\(Self.capitalized(strings.text("not_found_caption"))) — \(config.title)"
        var notFound = NotFoundPage(
            root: config.baseURL?.absoluteString ?? "", site: site, page: PageTitle(title: title), locale: locale)
        notFound.share = shares.sitePage(
            path: SiteLayout.notFound, title: strings.text("not_found_title"),
            description: strings.text("not_found_text"), repoCount: config.repos.count)
        try emit(SiteLayout.notFound, Data(templates.render("404", notFound).utf8))
        try emit(SiteLayout.noJekyll, Data())
        // The search script is shipped only with the search page that loads it.
        for (path, data) in templates.assets where search || path != Self.searchScript {
            try emit(SiteLayout.asset(path), data)
        }
        if emitsSnapshot { try emit(SiteLayout.snapshot, try Snapshot.encoder.encode(snapshot) + Data("\n".utf8)) }
        if emitsHistory { try emit(SiteLayout.history, history.json()) }
        if let baseURL = config.baseURL {
            let entries = Sitemap.entries(
                pageCount: pageCount, repos: config.repos, built: snapshot.generatedAt,
                pushed: { cards.repo($0)?.pushedAt })
            try emit(SiteLayout.sitemap, Data(Sitemap.xml(baseURL: baseURL, entries: entries).utf8))
        }
        try emit(SiteLayout.robots, Data(Sitemap.robots(baseURL: config.baseURL).utf8))
        if search {
            let title = "\(strings.text("search_title")) — \(config.title)"
            let page = SearchPageContext(
                root: "../", site: site, page: PageTitle(title: title),
                share: shares.sitePage(
                    path: SiteLayout.searchFolder, title: strings.text("search_title"),
                    description: strings.plural("search_description", count: config.repos.count),
                    repoCount: config.repos.count),
                locale: locale)
            try emit(SiteLayout.search, Data(templates.render("search", page).utf8))
        }
    }

    package static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// What every repository page shares: the site, the snippets' base, the locales, the previews.
    package struct RepoPageParts: Sendable {
        package var site: SiteSummary
        package var embeds: EmbedSnippets
        package var tables: LocaleTables
        package var shares: ShareMaker
    }

    /// A page and two standalone widget documents per repository.
    package func renderRepositoryPages(
        _ name: RepoName, plan: SitePlan, widgets: WidgetFragments, cache: inout WidgetFragments.Cache,
        pages: RepoPageParts, source: RepoSourceContext, into emit: FileSink
    ) throws {
        let strings = pages.tables.table(for: config.locale)
        let folder = SiteLayout.repoFolder(name)
        let root = "../../../"
        let card = widgets.card(name, config.look, cache: &cache)
        var shown: [RepoPageWidget] = []
        var snippets: [Embed] = []
        for size in SiteConfig.WidgetSize.allCases {
            let look = plan.looks.look(for: name, size: size)
            let spec = WidgetFragments.Spec.single(name, size, look)
            let html = widgets.html(spec, root: root, cache: &cache)
            let file = SiteLayout.html(size)
            let sizeLabel = strings.text("size_\(size.rawValue)")
            shown.append(
                RepoPageWidget(
                    size: size.rawValue, html: html, href: file, noteHTML: plan.notes[RepoKey(name)],
                    sizeLabel: sizeLabel))
            var snippet = pages.embeds.embed(name, size: size)
            snippet.sizeLabel = sizeLabel
            snippets.append(snippet)
            let images = widgets.svgs(spec, cache: &cache)
            try emit(folder + SiteLayout.svg(size), Data(images.light.utf8))
            try emit(folder + SiteLayout.svg(size, dark: true), Data(images.dark.utf8))
            let title = "\(name) · \(sizeLabel)"
            var page = StandaloneWidgetPage(
                root: root, site: pages.site, widgetHTML: html, page: PageTitle(title: title),
                size: size.rawValue, locale: PageLocale(strings: pages.tables.table(for: look.locale)))
            page.share = pages.shares.repoPage(card, title: title, path: folder + file)
            try emit(folder + file, Data(templates.render("widget", page).utf8))
        }
        let repo = widgets.cards.pageCard(card, name)
        var page = RepoPageContext(
            root: root, site: pages.site, repo: repo, widgets: shown, embeds: snippets,
            page: PageTitle(title: "\(name) — \(config.title)"), source: source,
            locale: PageLocale(strings: strings))
        page.share = pages.shares.repoPage(
            card, title: card.fullName.isEmpty ? card.configName : card.fullName, path: folder)
        if search { page.search = SearchFacets(repo: widgets.cards.repo(name), card: card) }
        try emit(folder + SiteLayout.index, Data(templates.render("repo", page).utf8))
    }
}

extension SiteSummary {
    package init(config: SiteConfig, snapshot: Snapshot, strings: StringTable = .english) {
        title = config.title
        descriptionHTML = config.description.map(Markdown.html) ?? ""
        appearance = config.appearance.rawValue
        sample = snapshot.sample
        func dayAndTime(_ date: Date) -> String {
            strings.text("date_time_utc", ["date": strings.formatter.day(date), "time": strings.formatter.time(date)])
        }
        generatedAt = Formatting.iso(snapshot.generatedAt)
        generatedAtDisplay = dayAndTime(snapshot.generatedAt)
        nextUpdate = Formatting.iso(snapshot.nextUpdate)
        nextUpdateDisplay = dayAndTime(snapshot.nextUpdate)
        baseURL = config.baseURL.map { $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/" }
    }
}
