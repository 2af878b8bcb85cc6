import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Renders every page of the site from a snapshot: value in (config, snapshot, templates), files out
/// (root-relative path → bytes) as they are made, so a big site is never held in memory. What is
/// rendered where is planned by `SitePlan`; avatars are added by the build; nothing here touches
/// the disk.
package struct SiteRenderer: Sendable {
    static let widgetsPerPage = SitePlan.widgetsPerPage

    package let config: SiteConfig
    package let templates: TemplateSet
    package let options: RenderOptions
    package let data: RenderData
    /// The avatars as `data:` URIs, each encoded once for every SVG widget that inlines it.
    let avatarURIs: AvatarDataURIs
    static let searchScript = "search.js"
    /// The search page's note for a copy opened from disk, where search.js cannot load.
    static let searchFileScript = "search-file.js"

    package init(config: SiteConfig, templates: TemplateSet, options: RenderOptions, data: RenderData = RenderData()) {
        self.config = config
        self.templates = templates
        self.options = options
        self.data = data
        avatarURIs = AvatarDataURIs(images: data.avatars)
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
        let pages = PageMaker(self, snapshot: snapshot)
        // Units are independent, run across the cores, and each renders a repository's pages right
        // after the gallery page that first shows it, while its cards and widgets are still at hand.
        try Parallel.forEach(pages.plan.units.indices) { index in
            var cache = WidgetFragments.Cache()
            let unit = pages.plan.units[index]
            if let pageIndex = unit.page { try pages.galleryPage(pageIndex, cache: &cache, into: emit) }
            for name in pages.plan.repos(of: unit) where pages.outputs(of: name) != .card {
                try pages.repositoryPages(name, cache: &cache, into: emit)
            }
        }
        try pages.doubleWidgets(into: emit)
        try pages.comparisons(into: emit)
        try pages.siteFiles(snapshot, into: emit)
        if options.search { try pages.searchPage(into: emit) }
        if config.insights { try pages.insightsPage(snapshot, into: emit) }
        try pages.ownerPages(snapshot, into: emit)
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

/// What every page of one render shares, made once and read from all the render's threads, and the
/// pages made from it.
struct PageMaker: Sendable {
    let renderer: SiteRenderer
    let config: SiteConfig
    let templates: TemplateSet
    let tables: LocaleTables
    let strings: StringTable
    let locale: PageLocale
    let widgets: WidgetFragments
    let site: SiteSummary
    let plan: SitePlan
    let embeds: EmbedSnippets
    let sections: OwnerSections
    let feeds: SiteFeeds
    let shares: ShareMaker
    /// Where each configured repository is in `config.repos`.
    let index: RepoIndex
    /// The snapshot's time: where a chart's line ends when its last number is newer than its history.
    let generatedAt: Date

    init(_ renderer: SiteRenderer, snapshot: Snapshot) {
        self.renderer = renderer
        config = renderer.config
        templates = renderer.templates
        tables = LocaleTables(catalog: renderer.options.locales, config: config)
        strings = tables.table(for: config.locale)
        locale = PageLocale(strings: strings)
        // One index of the configured repositories serves the plan, the cards and `outputs(of:)`.
        let index = RepoIndex(config.repos)
        self.index = index
        generatedAt = snapshot.generatedAt
        var cards = CardMaker(
            snapshot: snapshot, sample: snapshot.sample, history: renderer.data.history, strings: tables,
            index: index)
        cards.forges = config.forges
        widgets = WidgetFragments(templates: templates, cards: cards, avatars: renderer.avatarURIs)
        var site = SiteSummary(config: config, snapshot: snapshot, strings: strings)
        site.search = renderer.options.search
        site.insights = config.insights
        self.site = site
        plan = SitePlan(config: config, strings: strings, index: index)
        embeds = EmbedSnippets(baseURL: config.baseURL)
        sections = OwnerSections(
            headings: renderer.data.ownerHeadings, snapshot: snapshot, strings: strings, positions: cards.positions,
            cards: renderer.data.ownerCards)
        feeds = SiteFeeds(
            config: config, state: renderer.data.feed, generatedAt: snapshot.generatedAt, strings: strings,
            hasPage: { [config] key in
                guard let name = RepoName.parse(key).value, let position = index.position(of: name) else {
                    return false
                }
                return config.outputRanges.isEmpty || config.outputs(at: position) != .card
            })
        shares = ShareMaker(config: config, strings: strings)
    }

    func galleryPage(_ pageIndex: Int, cache: inout WidgetFragments.Cache, into emit: SiteRenderer.FileSink) throws {
        let page = plan.page(pageIndex)
        let tiles = page.items.map { item in
            GalleryTile(
                kind: item.kind, size: item.size.rawValue, title: item.title, href: item.href,
                html: widgets.html(item.spec, root: page.root, cache: &cache),
                link: link(item, root: page.root, cache: &cache), name: item.name)
        }
        // owners: the same widgets in a section per owner.
        let before = plan.lastRepos(onPage: pageIndex - 1)
        let grouped = sections.gallery(
            owners: page.items.map { sections.owner(of: $0.repos) }, widgets: tiles,
            before: before.flatMap(sections.owner))
        var context = GalleryPageContext(
            shell: PageShell(
                root: page.root, site: site, title: page.title, locale: locale,
                feed: FeedLink(href: page.root + SiteLayout.feed, title: config.title)),
            widgets: tiles, sections: grouped, pagination: page.pagination)
        context.shell.share = shares.sitePage(
            path: pageIndex == 0 ? "" : SiteLayout.galleryFolder(pageIndex + 1), title: page.title,
            repoCount: config.repos.count)
        try emit(page.path, templates.file("index", context))
    }

    /// Which files a repository gets (`outputs:` of the owner that lists it).
    func outputs(of name: RepoName) -> RepoOutputs {
        guard !config.outputRanges.isEmpty, let position = index.position(of: name) else { return .all }
        return config.outputs(at: position)
    }

    /// Where a gallery tile's caption leads: the repository's page, or, for a repository without
    /// one (`outputs: card`), the repository on GitHub (none when GitHub gave no address).
    private func link(_ item: SitePlan.GalleryItem, root: String, cache: inout WidgetFragments.Cache) -> String? {
        guard item.kind != "double", let name = item.repos.first, outputs(of: name) == .card else {
            return root + item.href
        }
        return widgets.card(name, config.look, cache: &cache).htmlURL
    }

    /// A page and two standalone widget documents per repository; the page alone for
    /// `outputs: page`.
    func repositoryPages(_ name: RepoName, cache: inout WidgetFragments.Cache, into emit: SiteRenderer.FileSink) throws
    {
        let folder = SiteLayout.repoFolder(name)
        let root = SiteLayout.root(of: folder)
        let embeddable = outputs(of: name) == .all
        let card = widgets.card(name, config.look, cache: &cache)
        let (shown, found) = try widgetPages(
            name, card: card, folder: folder, embeddable: embeddable, cache: &cache, into: emit)
        var snippets = found
        if !snippets.isEmpty { snippets[0].first = true }
        let repo = widgets.cards.pageCard(card, name)
        var page = RepoPageContext(
            shell: PageShell(
                root: root, site: site, title: PageTitle.joined(name.description, config.title),
                locale: PageLocale(strings: strings),
                feed: FeedLink(href: SiteLayout.feed, title: PageTitle.joined(name.description, config.title))),
            repo: repo, widgets: shown, embeds: snippets, source: sections.repoPage(name))
        page.shell.share = shares.repoPage(
            card, title: card.fullName.isEmpty ? card.configName : card.fullName, path: folder)
        if renderer.options.search { page.search = SearchFacets(repo: widgets.cards.repo(name), card: card) }
        let points = renderer.data.history.points(for: name)
        if card.state != .unavailable {
            page.chart = HistoryChartContext(
                points: points, start: renderer.data.history.start(forKey: name.key) ?? .firstSnapshot(nil),
                sample: renderer.data.history.isSample, strings: strings,
                csv: config.openData ? SiteLayout.historyCSVFile : nil, host: name.host)
        }
        if embeddable { page.embeds.append(try historyImages(name, points: points, into: emit)) }
        if config.openData, embeddable, let repo = widgets.cards.repo(name) {
            let fixed = page.embeds.first?.fixedAppearance ?? false
            page.badges = try badges(repo, name: name, into: emit).map {
                var badge = $0
                badge.fixedAppearance = fixed
                return badge
            }
        }
        try emit(folder + SiteLayout.feed, feeds.repo(name))
        try emit(folder + SiteLayout.index, templates.file("repo", page))
        if config.openData { try emit(SiteLayout.historyCSV(name), HistoryCSV.csv(points)) }
    }

    /// Double widgets have no repository of their own: a folder per widget ID.
    func doubleWidgets(into emit: SiteRenderer.FileSink) throws {
        try renderer.renderDoubleWidgets(
            widgets: widgets, site: site, embeds: embeds, tables: tables, shares: shares, into: emit)
    }

    /// The 404 page, the assets, the data files, the sitemap and robots.txt.
    func siteFiles(_ snapshot: Snapshot, into emit: SiteRenderer.FileSink) throws {
        // GitHub Pages serves 404.html for a miss at any depth, so relative links cannot work there:
        // without base_url the way back is the server's root (`serve --base-path` sends that on).
        let caption = SiteRenderer.capitalized(strings.text("not_found_caption"))
        var notFound = NotFoundPage(
            shell: PageShell(
                root: config.baseURL.map {
                    $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/"
                }
                    ?? "/", site: site, title: PageTitle.joined(caption, config.title),
                locale: locale))
        notFound.shell.share = shares.sitePage(
            path: SiteLayout.notFound, title: strings.text("not_found_title"),
            description: strings.text("not_found_text"), repoCount: config.repos.count)
        try emit(SiteLayout.notFound, templates.file("404", notFound))
        try emit(SiteLayout.noJekyll, Data())
        try emit(SiteLayout.feed, feeds.site())
        let accents = [config.accent] + config.widgets.compactMap(\.look.accent)
        // The search scripts are shipped only with the search page that loads them.
        for (path, data) in templates.assets
        where renderer.options.search || (path != SiteRenderer.searchScript && path != SiteRenderer.searchFileScript) {
            // The accents' palettes travel in the stylesheet every page already links.
            let bytes = path == "style.css" ? data + Data(AccentPalette.stylesheet(accents).utf8) : data
            try emit(SiteLayout.asset(path), bytes)
        }
        // A site with a project on another forge publishes schema 2 (`forge`, `host`); GitHub's alone, 1.
        let schema = config.repos.contains { !$0.isGitHub } ? RepoRecords.schemaWithForges : RepoRecords.schema
        if config.openData { try emit(SiteLayout.reposSchema, Data(schema.utf8)) }
        if let baseURL = config.baseURL {
            let doubles = config.widgets.compactMap { widget -> String? in
                if case .double(let id, _, _) = widget.kind { return id }
                return nil
            }
            let entries = Sitemap.entries(
                pageCount: plan.pageCount, repos: config.repos.filter { outputs(of: $0) != .card }, widgets: doubles,
                built: snapshot.generatedAt, pushed: { widgets.cards.repo($0)?.pushedAt })
            try emit(SiteLayout.sitemap, Data(Sitemap.xml(baseURL: baseURL, entries: entries).utf8))
        }
        try emit(SiteLayout.robots, Data(Sitemap.robots(baseURL: config.baseURL).utf8))
    }

    /// `search/index.html`: the form over Pagefind's index (`search: true`, Pagefind found).
    func searchPage(into emit: SiteRenderer.FileSink) throws {
        var page = SearchPageContext(
            shell: PageShell(
                root: "../", site: site, title: PageTitle.joined(strings.text("search_title"), config.title),
                locale: locale))
        page.otherForges = config.listsOtherForges
        page.shell.share = shares.sitePage(
            path: SiteLayout.searchFolder, title: strings.text("search_title"),
            description: strings.plural(
                config.listsOtherForges ? "search_description_forges" : "search_description", count: config.repos.count),
            repoCount: config.repos.count)
        try emit(SiteLayout.search, templates.file("search", page))
    }
}

extension SiteSummary {
    init(config: SiteConfig, snapshot: Snapshot, strings: StringTable = .english) {
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
        let forges = config.listsOtherForges
        dataSource = strings.text(forges ? "data_source_forges" : "data_source")
        sampleTitle = strings.text(forges ? "sample_banner_title_forges" : "sample_banner_title")
    }
}
