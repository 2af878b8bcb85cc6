import Foundation

/// Renders every page of the site from a snapshot: value in (config, snapshot, templates), files out
/// (root-relative path → bytes) as they are made, so a big site is never held in memory. Avatars
/// are added by the build; nothing here touches the disk.
public struct SiteRenderer: Sendable {
    public static let widgetsPerPage = 60

    let config: SiteConfig
    let templates: TemplateSet
    let contexts: WidgetContext
    /// Earlier snapshots: the change since the last one and the stars sparkline.
    public var history = History()
    /// Off when the build streams `data/history.json` itself: it can be over 100 MB.
    public var emitsHistory = true
    /// Avatar files by root-relative path, for the SVG widgets to inline.
    public var avatarImages: [String: Data] {
        get { avatarURIs.images }
        set { avatarURIs = AvatarDataURIs(images: newValue) }
    }
    private(set) var avatarURIs = AvatarDataURIs(images: [:])

    public init(config: SiteConfig, templates: TemplateSet, sample: Bool) {
        self.config = config
        self.templates = templates
        contexts = WidgetContext(sample: sample)
    }

    /// Receives each finished file; called from several threads at once.
    public typealias FileSink = @Sendable (_ path: String, _ data: Data) throws -> Void

    /// Every file in memory: for tests and small sites.
    public func render(_ snapshot: Snapshot) throws -> [String: Data] {
        let collected = FileCollector()
        try render(snapshot, into: collected.add)
        return collected.files
    }

    public func render(_ snapshot: Snapshot, into emit: FileSink) throws {
        let widgets = WidgetFragments(renderer: self, snapshot: snapshot)
        let site = siteContext(snapshot)
        let pages = galleryPages()
        let notes = widgetNotes()
        let looks = PageLooks(config: config)
        let units = workUnits(pages)

        // Units are independent, run across the cores, and each renders a repository's pages right
        // after the gallery page that first shows it, while its widgets are still at hand.
        try Parallel.forEach(units.indices) { index in
            var cache = WidgetFragments.Cache()
            let unit = units[index]
            if let pageIndex = unit.page {
                let page = pages[pageIndex]
                let items = page.items.map { item -> [String: Any] in
                    [
                        "kind": item.kind, "size": item.size.rawValue, "title": item.title, "href": item.href,
                        "html": widgets.html(item.spec, root: page.root, cache: &cache),
                    ]
                }
                try emit(page.path, Data(templates.render("index", page.context(site: site, widgets: items)).utf8))
            }
            for name in unit.repos {
                try renderRepositoryPages(
                    name, widgets: widgets, cache: &cache, looks: looks, site: site, notes: notes, into: emit)
            }
        }

        // Double widgets have no repository of their own: a folder per widget ID.
        var cache = WidgetFragments.Cache()
        for widget in config.widgets {
            guard case .double(let id, let top, let bottom) = widget.kind else { continue }
            let root = "../../"
            let spec = WidgetFragments.Spec.double(id: id, top: top, bottom: bottom, config.look(for: widget))
            let images = widgets.svgs(spec)
            try emit("widgets/\(id)/large.svg", Data(images.light.utf8))
            try emit("widgets/\(id)/large-dark.svg", Data(images.dark.utf8))
            try emit(
                "widgets/\(id)/large.html",
                Data(
                    templates.render(
                        "widget",
                        [
                            "root": root, "site": site, "widget_html": widgets.html(spec, root: root, cache: &cache),
                            "page": ["title": "\(top) + \(bottom)"], "size": "large",
                        ]
                    ).utf8))
        }

        // GitHub Pages serves 404.html for a miss at any depth, so relative links cannot work there.
        try emit(
            "404.html",
            Data(
                templates.render(
                    "404",
                    [
                        "root": config.baseURL?.absoluteString ?? "", "site": site,
                        "page": ["title": "Not found — \(config.title)"],
                    ]
                ).utf8))
        try emit(".nojekyll", Data())
        for (path, data) in templates.assets { try emit("assets/\(path)", data) }
        try emit("data/snapshot.json", try Snapshot.encoder.encode(snapshot) + Data("\n".utf8))
        if emitsHistory { try emit("data/history.json", history.json()) }
        if let baseURL = config.baseURL {
            try emit(
                "sitemap.xml",
                Data(Sitemap.xml(baseURL: baseURL, paths: sitemapPaths(pageCount: pages.count)).utf8))
        }
    }

    /// One page of the gallery: every configured widget in every size, 60 to a page.
    struct GalleryPage: @unchecked Sendable {
        var path: String
        var root: String
        var title: String
        var items: [GalleryItem]
        var pagination: [String: Any]
        var hasPagination: Bool

        func context(site: [String: Any], widgets: [[String: Any]]) -> [String: Any] {
            [
                "root": root, "site": site, "page": ["title": title], "widgets": widgets,
                "pagination": pagination, "has_pagination": hasPagination,
            ]
        }
    }

    struct GalleryItem: Sendable {
        var kind: String
        var size: SiteConfig.WidgetSize
        var title: String
        var href: String
        var spec: WidgetFragments.Spec
        /// The repositories it shows, whose pages are rendered with this gallery page.
        var repos: [RepoName]
    }

    func galleryPages() -> [GalleryPage] {
        var items: [GalleryItem] = []
        for widget in config.widgets {
            let look = config.look(for: widget)
            switch widget.kind {
            case .single(let name, let sizes):
                for size in sizes {
                    items.append(
                        GalleryItem(
                            kind: size.rawValue, size: size, title: "\(name) · \(size.rawValue)",
                            href: "repos/\(name.pathComponent)/", spec: .single(name, size, look), repos: [name]))
                }
            case .double(let id, let top, let bottom):
                items.append(
                    GalleryItem(
                        kind: "double", size: .large, title: "\(top) + \(bottom)", href: "widgets/\(id)/large.html",
                        spec: .double(id: id, top: top, bottom: bottom, look), repos: [top, bottom]))
            }
        }
        let pageCount = max(1, (items.count + Self.widgetsPerPage - 1) / Self.widgetsPerPage)
        return (0..<pageCount).map { pageIndex in
            var pagination: [String: Any] = ["current": pageIndex + 1, "total": pageCount]
            if pageIndex > 0 { pagination["prev"] = pageIndex == 1 ? "index.html" : "page/\(pageIndex)/index.html" }
            if pageIndex + 1 < pageCount { pagination["next"] = "page/\(pageIndex + 2)/index.html" }
            return GalleryPage(
                path: pageIndex == 0 ? "index.html" : "page/\(pageIndex + 1)/index.html",
                root: pageIndex == 0 ? "" : "../../",
                title: pageIndex == 0 ? config.title : "\(config.title) — page \(pageIndex + 1)",
                items: Array(items.dropFirst(pageIndex * Self.widgetsPerPage).prefix(Self.widgetsPerPage)),
                pagination: pagination, hasPagination: pageCount > 1)
        }
    }

    /// A gallery page (if any) and the repository pages rendered with it.
    struct WorkUnit: Sendable {
        var page: Int?
        var repos: [RepoName]
    }

    /// Each repository's pages go with the first gallery page that shows it; repositories no widget
    /// shows come last, in chunks.
    func workUnits(_ pages: [GalleryPage]) -> [WorkUnit] {
        var assigned: Set<String> = []
        var units: [WorkUnit] = []
        for (index, page) in pages.enumerated() {
            var repos: [RepoName] = []
            for item in page.items {
                for name in item.repos where assigned.insert(name.key).inserted { repos.append(name) }
            }
            units.append(WorkUnit(page: index, repos: repos))
        }
        let rest = config.repos.filter { !assigned.contains($0.key) }
        for start in stride(from: 0, to: rest.count, by: Self.widgetsPerPage) {
            units.append(WorkUnit(page: nil, repos: Array(rest[start..<min(start + Self.widgetsPerPage, rest.count)])))
        }
        return units
    }

    /// A page and two standalone widget documents per repository.
    func renderRepositoryPages(
        _ name: RepoName, widgets: WidgetFragments, cache: inout WidgetFragments.Cache, looks: PageLooks,
        site: [String: Any], notes: [String: String], into emit: FileSink
    ) throws {
        let folder = "repos/\(name.pathComponent)/"
        let root = "../../../"
        var widgetEntries: [[String: Any]] = []
        var embeds: [[String: Any]] = []
        for size in SiteConfig.WidgetSize.allCases {
            let spec = WidgetFragments.Spec.single(name, size, looks.look(for: name, size: size))
            let html = widgets.html(spec, root: root, cache: &cache)
            let file = "\(size.rawValue).html"
            var entry: [String: Any] = ["size": size.rawValue, "html": html, "href": file]
            if let note = notes[name.key] { entry["note_html"] = note }
            widgetEntries.append(entry)
            embeds.append(embed(name, size: size))
            let images = widgets.svgs(spec)
            try emit(folder + "\(size.rawValue).svg", Data(images.light.utf8))
            try emit(folder + "\(size.rawValue)-dark.svg", Data(images.dark.utf8))
            try emit(
                folder + file,
                Data(
                    templates.render(
                        "widget",
                        [
                            "root": root, "site": site, "widget_html": html,
                            "page": ["title": "\(name) · \(size.rawValue)"], "size": size.rawValue,
                        ]
                    ).utf8))
        }
        try emit(
            folder + "index.html",
            Data(
                templates.render(
                    "repo",
                    [
                        "root": root, "site": site,
                        "repo": widgets.repoContext(name, config.look.numbers, sparkline: true),
                        "widgets": widgetEntries, "embeds": embeds, "page": ["title": "\(name) — \(config.title)"],
                    ]
                ).utf8))
    }

    func siteContext(_ snapshot: Snapshot) -> [String: Any] {
        [
            "title": config.title,
            "description_html": config.description.map(Markdown.html) ?? "",
            "appearance": config.appearance.rawValue,
            "sample": snapshot.sample,
            "generated_at": Formatting.iso(snapshot.generatedAt),
            "generated_at_display": Formatting.dayAndTime(snapshot.generatedAt),
            "next_update": Formatting.iso(snapshot.nextUpdate),
            "next_update_display": Formatting.dayAndTime(snapshot.nextUpdate),
        ]
    }

    /// A repository page shows each size once: drawn like the first single widget of that repository
    /// in that size, else its first single widget, else with the site's defaults. Worked out for all
    /// repositories in one pass over the widgets (a scan per page would be quadratic).
    struct PageLooks: Sendable {
        private var bySize: [String: WidgetLook] = [:]
        private var firstWidget: [String: WidgetLook] = [:]
        private let fallback: WidgetLook

        init(config: SiteConfig) {
            fallback = config.look
            for widget in config.widgets {
                guard case .single(let repo, let sizes) = widget.kind else { continue }
                let look = config.look(for: widget)
                if firstWidget[repo.key] == nil { firstWidget[repo.key] = look }
                for size in sizes where bySize["\(repo.key)|\(size.rawValue)"] == nil {
                    bySize["\(repo.key)|\(size.rawValue)"] = look
                }
            }
        }

        func look(for name: RepoName, size: SiteConfig.WidgetSize) -> WidgetLook {
            bySize["\(name.key)|\(size.rawValue)"] ?? firstWidget[name.key] ?? fallback
        }
    }

    /// Notes of single widgets, by repository (rendered Markdown).
    func widgetNotes() -> [String: String] {
        var notes: [String: String] = [:]
        for widget in config.widgets {
            if case .single(let name, _) = widget.kind, let note = widget.note, notes[name.key] == nil {
                notes[name.key] = Markdown.html(note)
            }
        }
        return notes
    }

    /// Ready-to-copy snippets for one widget of a repository page: absolute with `base_url`,
    /// else relative to the site's root (to be completed by whoever pastes them).
    func embed(_ name: RepoName, size: SiteConfig.WidgetSize) -> [String: Any] {
        let folder = "repos/\(name.pathComponent)/"
        let height = size == .medium ? 155 : 345
        let title = XMLEscape.text("\(name) on RepoWatcher")
        let light = XMLEscape.text(address(folder + "\(size.rawValue).svg"))
        let dark = XMLEscape.text(address(folder + "\(size.rawValue)-dark.svg"))
        return [
            "size": size.rawValue,
            "markdown": "[![\(name) on RepoWatcher](\(address(folder + "\(size.rawValue).svg")))](\(address(folder)))",
            "picture": """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="\(dark)">
              <img src="\(light)" alt="\(title)" width="329" height="\(height)">
            </picture>
            """,
            "iframe": iframe(folder + "\(size.rawValue).html", size: size, title: name.description),
            "svg": address(folder + "\(size.rawValue).svg"),
            "svg_dark": address(folder + "\(size.rawValue)-dark.svg"),
        ]
    }

    func address(_ path: String) -> String {
        guard let base = config.baseURL?.absoluteString else { return path }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    func iframe(_ path: String, size: SiteConfig.WidgetSize, title: String) -> String {
        let source = address(path)
        let height = size == .medium ? 155 : 345
        return """
            <iframe src="\(XMLEscape.text(source))" width="329" height="\(height)" style="border:0" \
            title="\(XMLEscape.text(title)) on RepoWatcher" loading="lazy"></iframe>
            """
    }

    func sitemapPaths(pageCount: Int) -> [String] {
        var paths = [""]
        if pageCount > 1 { paths += (2...pageCount).map { "page/\($0)/" } }
        paths += config.repos.map { "repos/\($0.pathComponent)/" }
        return paths
    }
}

enum Sitemap {
    static func xml(baseURL: URL, paths: [String]) -> String {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        let entries = paths.map { "  <url><loc>\(XMLEscape.text(base + $0))</loc></url>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            \(entries)
            </urlset>

            """
    }
}
