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

    /// Where each configured repository is in `config.repos`.
    private let repoIndex: RepoIndex

    package init(config: SiteConfig, templates: TemplateSet, sample: Bool) {
        repoIndex = RepoIndex(config.repos)
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
        // One index of the configured repositories serves the plan, the cards and `outputs(of:)`.
        let index = repoIndex
        let cards = CardMaker(snapshot: snapshot, sample: sample, history: history, strings: tables, index: index)
        let widgets = WidgetFragments(templates: templates, cards: cards, avatars: avatarURIs)
        let site = SiteSummary(config: config, snapshot: snapshot, strings: strings)
        let plan = SitePlan(config: config, strings: strings, index: index)
        let embeds = EmbedSnippets(baseURL: config.baseURL)
        let sections = OwnerSections(
            headings: ownerHeadings, snapshot: snapshot, strings: strings, positions: cards.positions)

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
                        html: widgets.html(item.spec, root: page.root, cache: &cache),
                        link: link(item, root: page.root, widgets: widgets, cache: &cache))
                }
                // owners: the same widgets in a section per owner.
                let before = plan.lastRepos(onPage: pageIndex - 1)
                let grouped = sections.gallery(
                    owners: page.items.map { sections.owner(of: $0.repos) }, widgets: tiles,
                    before: before.flatMap(sections.owner))
                let context = GalleryPageContext(
                    root: page.root, site: site, page: PageTitle(title: page.title), widgets: tiles,
                    sections: grouped, pagination: page.pagination, locale: locale)
                try emit(page.path, Data(templates.render("index", context).utf8))
            }
            for name in plan.repos(of: unit) where outputs(of: name) != .card {
                try renderRepositoryPages(
                    name, plan: plan, widgets: widgets, cache: &cache, site: site, embeds: embeds, tables: tables,
                    source: sections.repoPage(name), into: emit)
            }
        }

        try renderDoubleWidgets(widgets, site: site, tables: tables, into: emit)
        try renderSiteFiles(snapshot, plan: plan, site: site, strings: strings, into: emit)
    }

    /// Double widgets have no repository of their own: a folder per widget ID.
    private func renderDoubleWidgets(
        _ widgets: WidgetFragments, site: SiteSummary, tables: LocaleTables, into emit: FileSink
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
            let page = StandaloneWidgetPage(
                root: root, site: site, widgetHTML: widgets.html(spec, root: root, cache: &cache),
                page: PageTitle(title: "\(top) + \(bottom)"), size: "large",
                locale: PageLocale(strings: tables.table(for: config.look(for: widget).locale)))
            try emit(folder + SiteLayout.html(.large), Data(templates.render("widget", page).utf8))
        }
    }

    /// The 404 page, the assets, the data files and the sitemap.
    private func renderSiteFiles(
        _ snapshot: Snapshot, plan: SitePlan, site: SiteSummary, strings: StringTable, into emit: FileSink
    ) throws {
        // GitHub Pages serves 404.html for a miss at any depth, so relative links cannot work there.
        let notFound = NotFoundPage(
            root: config.baseURL?.absoluteString ?? "", site: site,
            page: PageTitle(title: "\(Self.capitalized(strings.text("not_found_caption"))) — \(config.title)"),
            locale: PageLocale(strings: strings))
        try emit(SiteLayout.notFound, Data(templates.render("404", notFound).utf8))
        try emit(SiteLayout.noJekyll, Data())
        for (path, data) in templates.assets { try emit(SiteLayout.asset(path), data) }
        if emitsSnapshot { try emit(SiteLayout.snapshot, try Snapshot.encoder.encode(snapshot) + Data("\n".utf8)) }
        if emitsHistory { try emit(SiteLayout.history, history.json()) }
        if let baseURL = config.baseURL {
            let paths = Sitemap.paths(
                pageCount: plan.pageCount, repos: config.repos.filter { outputs(of: $0) != .card })
            try emit(SiteLayout.sitemap, Data(Sitemap.xml(baseURL: baseURL, paths: paths).utf8))
        }
    }

    package static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Which files a repository gets (`outputs:` of the owner that lists it).
    package func outputs(of name: RepoName) -> RepoOutputs {
        guard !config.outputRanges.isEmpty, let position = repoIndex.position(of: name) else { return .all }
        return config.outputs(at: position)
    }

    /// Where a gallery tile's caption leads: the repository's page, or, for a repository without
    /// one (`outputs: card`), the repository on GitHub (none when GitHub gave no address).
    private func link(
        _ item: SitePlan.GalleryItem, root: String, widgets: WidgetFragments, cache: inout WidgetFragments.Cache
    ) -> String? {
        guard item.kind != "double", let name = item.repos.first, outputs(of: name) == .card else {
            return root + item.href
        }
        return widgets.card(name, config.look, cache: &cache).htmlURL
    }

    /// A page and two standalone widget documents per repository; the page alone for
    /// `outputs: page`.
    package func renderRepositoryPages(
        _ name: RepoName, plan: SitePlan, widgets: WidgetFragments, cache: inout WidgetFragments.Cache,
        site: SiteSummary, embeds: EmbedSnippets, tables: LocaleTables, source: RepoSourceContext,
        into emit: FileSink
    ) throws {
        let strings = tables.table(for: config.locale)
        let folder = SiteLayout.repoFolder(name)
        let root = "../../../"
        let embeddable = outputs(of: name) == .all
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
                    size: size.rawValue, html: html, href: embeddable ? file : nil, noteHTML: plan.notes[RepoKey(name)],
                    sizeLabel: sizeLabel))
            guard embeddable else { continue }
            var snippet = embeds.embed(name, size: size)
            snippet.sizeLabel = sizeLabel
            snippets.append(snippet)
            let images = widgets.svgs(spec, cache: &cache)
            try emit(folder + SiteLayout.svg(size), Data(images.light.utf8))
            try emit(folder + SiteLayout.svg(size, dark: true), Data(images.dark.utf8))
            let page = StandaloneWidgetPage(
                root: root, site: site, widgetHTML: html, page: PageTitle(title: "\(name) · \(sizeLabel)"),
                size: size.rawValue, locale: PageLocale(strings: tables.table(for: look.locale)))
            try emit(folder + file, Data(templates.render("widget", page).utf8))
        }
        let repo = widgets.cards.pageCard(widgets.card(name, config.look, cache: &cache), name)
        let page = RepoPageContext(
            root: root, site: site, repo: repo, widgets: shown, embeds: snippets,
            page: PageTitle(title: "\(name) — \(config.title)"), source: source,
            locale: PageLocale(strings: strings))
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
    }
}
