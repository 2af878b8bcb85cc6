import Foundation

/// Renders every page of the site from a snapshot: value in (config, snapshot, templates), files out
/// (root-relative path → bytes) as they are made, so a big site is never held in memory. Avatars
/// are added by the build; nothing here touches the disk.
public struct SiteRenderer: Sendable {
    public static let widgetsPerPage = 60

    let config: SiteConfig
    let templates: TemplateSet
    let contexts: WidgetContext

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
        let pages = galleryPages(widgets)
        let notes = widgetNotes()

        // Pages are independent: render them across the cores.
        try Parallel.forEach(pages.indices) { index in
            try emit(pages[index].path, Data(templates.render("index", pages[index].context(site: site)).utf8))
        }
        try Parallel.forEach(config.repos.indices) { index in
            try renderRepositoryPages(config.repos[index], widgets: widgets, site: site, notes: notes, into: emit)
        }

        // Double widgets have no repository of their own: a folder per widget ID.
        for widget in config.widgets {
            guard case .double(let id, let top, let bottom) = widget.kind else { continue }
            let root = "../../"
            let html = widgets.double(id: id, top: top, bottom: bottom, look: config.look(for: widget), root: root)
            try emit(
                "widgets/\(id)/large.html",
                Data(
                    templates.render(
                        "widget",
                        [
                            "root": root, "site": site, "widget_html": html,
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

        func context(site: [String: Any]) -> [String: Any] {
            [
                "root": root, "site": site, "page": ["title": title],
                "widgets": items.map { item -> [String: Any] in
                    [
                        "kind": item.kind, "size": item.size.rawValue, "title": item.title, "href": item.href,
                        "html": item.html(root),
                    ]
                },
                "pagination": pagination, "has_pagination": hasPagination,
            ]
        }
    }

    struct GalleryItem {
        var kind: String
        var size: SiteConfig.WidgetSize
        var title: String
        var href: String
        var html: (_ root: String) -> String
    }

    func galleryPages(_ widgets: WidgetFragments) -> [GalleryPage] {
        var items: [GalleryItem] = []
        for widget in config.widgets {
            let look = config.look(for: widget)
            switch widget.kind {
            case .single(let name, let sizes):
                for size in sizes {
                    items.append(
                        GalleryItem(
                            kind: size.rawValue, size: size, title: "\(name) · \(size.rawValue)",
                            href: "repos/\(name.pathComponent)/",
                            html: { widgets.single(name, size, look: look, root: $0) }))
                }
            case .double(let id, let top, let bottom):
                items.append(
                    GalleryItem(
                        kind: "double", size: .large, title: "\(top) + \(bottom)", href: "widgets/\(id)/large.html",
                        html: { widgets.double(id: id, top: top, bottom: bottom, look: look, root: $0) }))
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

    /// A page and two standalone widget documents per repository.
    func renderRepositoryPages(
        _ name: RepoName, widgets: WidgetFragments, site: [String: Any], notes: [String: String], into emit: FileSink
    ) throws {
        let folder = "repos/\(name.pathComponent)/"
        let root = "../../../"
        var widgetEntries: [[String: Any]] = []
        var embeds: [[String: Any]] = []
        for size in SiteConfig.WidgetSize.allCases {
            let html = widgets.single(name, size, look: pageLook(for: name, size: size), root: root)
            let file = "\(size.rawValue).html"
            var entry: [String: Any] = ["size": size.rawValue, "html": html, "href": file]
            if let note = notes[name.key] { entry["note_html"] = note }
            widgetEntries.append(entry)
            embeds.append([
                "size": size.rawValue, "iframe": iframe(folder + file, size: size, title: name.description),
            ])
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
                        "root": root, "site": site, "repo": widgets.repoContext(name, config.look.numbers),
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
    /// in that size, else its first single widget, else with the site's defaults.
    func pageLook(for name: RepoName, size: SiteConfig.WidgetSize) -> WidgetLook {
        var first: SiteConfig.Widget?
        for widget in config.widgets {
            guard case .single(let repo, let sizes) = widget.kind, repo.key == name.key else { continue }
            if sizes.contains(size) { return config.look(for: widget) }
            first = first ?? widget
        }
        return first.map { config.look(for: $0) } ?? config.look
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

    func iframe(_ path: String, size: SiteConfig.WidgetSize, title: String) -> String {
        let source = config.baseURL.map { $0.absoluteString + path } ?? path
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
