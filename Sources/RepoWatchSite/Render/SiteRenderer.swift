import Foundation

/// Renders every page of the site from a snapshot: value in (config, snapshot, templates), files out
/// (root-relative path → bytes). Avatars are added by the build; nothing here touches the disk.
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

    /// One entry of the gallery: a widget in one size.
    struct GalleryItem {
        var kind: String
        var size: SiteConfig.WidgetSize
        var title: String
        var href: String
        var render: (_ root: String) -> String
    }

    public func render(_ snapshot: Snapshot) throws -> [String: Data] {
        var files: [String: Data] = [:]
        // Counts are displayed per widget (`numbers:`), so each repository has a context per style.
        var repoContexts: [WidgetLook.Numbers: [String: [String: Any]]] = [:]
        for numbers in WidgetLook.Numbers.allCases {
            repoContexts[numbers] = Dictionary(
                snapshot.repos.map { ($0.configName.lowercased(), contexts.repo($0, numbers: numbers)) },
                uniquingKeysWith: { first, _ in first })
        }
        let site = siteContext(snapshot)

        func repoContext(_ name: RepoName, _ numbers: WidgetLook.Numbers) -> [String: Any] {
            repoContexts[numbers]?[name.key]
                ?? contexts.repo(.unavailable(name, reason: "not fetched"), numbers: numbers)
        }
        func state(_ repo: [String: Any]) -> WidgetContext.State {
            (repo["state"] as? String).flatMap(WidgetContext.State.init) ?? .fresh
        }
        func single(_ name: RepoName, _ size: SiteConfig.WidgetSize, look: WidgetLook, root: String) -> String {
            let repo = repoContext(name, look.numbers)
            return templates.render(
                size.rawValue,
                [
                    "root": root, "repo": repo,
                    "widget": contexts.widget(kind: size.rawValue, state: state(repo), look: look),
                ])
        }
        func double(id: String, top: RepoName, bottom: RepoName, look: WidgetLook, root: String) -> String {
            let topContext = repoContext(top, look.numbers)
            let bottomContext = repoContext(bottom, look.numbers)
            let worst = max(state(topContext), state(bottomContext))
            return templates.render(
                "double",
                [
                    "root": root, "top": topContext, "bottom": bottomContext,
                    "widget": contexts.widget(kind: "double", id: id, state: worst, look: look),
                ])
        }

        // The gallery: every configured widget in every size.
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
                            render: { single(name, size, look: look, root: $0) }))
                }
            case .double(let id, let top, let bottom):
                items.append(
                    GalleryItem(
                        kind: "double", size: .large, title: "\(top) + \(bottom)", href: "widgets/\(id)/large.html",
                        render: { double(id: id, top: top, bottom: bottom, look: look, root: $0) }))
            }
        }
        let pageCount = max(1, (items.count + Self.widgetsPerPage - 1) / Self.widgetsPerPage)
        for pageIndex in 0..<pageCount {
            let path = pageIndex == 0 ? "index.html" : "page/\(pageIndex + 1)/index.html"
            let root = pageIndex == 0 ? "" : "../../"
            let slice = items.dropFirst(pageIndex * Self.widgetsPerPage).prefix(Self.widgetsPerPage)
            var pagination: [String: Any] = ["current": pageIndex + 1, "total": pageCount]
            if pageIndex > 0 { pagination["prev"] = pageIndex == 1 ? "index.html" : "page/\(pageIndex)/index.html" }
            if pageIndex + 1 < pageCount { pagination["next"] = "page/\(pageIndex + 2)/index.html" }
            let context: [String: Any] = [
                "root": root, "site": site,
                "page": ["title": pageIndex == 0 ? config.title : "\(config.title) — page \(pageIndex + 1)"],
                "widgets": slice.map { item -> [String: Any] in
                    [
                        "kind": item.kind, "size": item.size.rawValue, "title": item.title, "href": item.href,
                        "html": item.render(root),
                    ]
                },
                "pagination": pagination, "has_pagination": pageCount > 1,
            ]
            files[path] = Data(templates.render("index", context).utf8)
        }

        // A page and two standalone widget documents per repository.
        let notes = widgetNotes()
        for name in config.repos {
            let folder = "repos/\(name.pathComponent)/"
            let root = "../../../"
            let repo = repoContext(name, config.look.numbers)
            var widgets: [[String: Any]] = []
            var embeds: [[String: Any]] = []
            for size in SiteConfig.WidgetSize.allCases {
                let html = single(name, size, look: pageLook(for: name, size: size), root: root)
                let file = "\(size.rawValue).html"
                var entry: [String: Any] = ["size": size.rawValue, "html": html, "href": file]
                if let note = notes[name.key] { entry["note_html"] = note }
                widgets.append(entry)
                embeds.append([
                    "size": size.rawValue, "iframe": iframe(folder + file, size: size, title: name.description),
                ])
                files[folder + file] = Data(
                    templates.render(
                        "widget",
                        [
                            "root": root, "site": site, "widget_html": html,
                            "page": ["title": "\(name) · \(size.rawValue)"], "size": size.rawValue,
                        ]
                    ).utf8)
            }
            files[folder + "index.html"] = Data(
                templates.render(
                    "repo",
                    [
                        "root": root, "site": site, "repo": repo, "widgets": widgets, "embeds": embeds,
                        "page": ["title": "\(name) — \(config.title)"],
                    ]
                ).utf8)
        }

        // Double widgets have no repository of their own: a folder per widget ID.
        for widget in config.widgets {
            guard case .double(let id, let top, let bottom) = widget.kind else { continue }
            let root = "../../"
            let look = config.look(for: widget)
            files["widgets/\(id)/large.html"] = Data(
                templates.render(
                    "widget",
                    [
                        "root": root, "site": site,
                        "widget_html": double(id: id, top: top, bottom: bottom, look: look, root: root),
                        "page": ["title": "\(top) + \(bottom)"], "size": "large",
                    ]
                ).utf8)
        }

        // GitHub Pages serves 404.html for a miss at any depth, so relative links cannot work there.
        files["404.html"] = Data(
            templates.render(
                "404",
                [
                    "root": config.baseURL?.absoluteString ?? "", "site": site,
                    "page": ["title": "Not found — \(config.title)"],
                ]
            ).utf8)
        files[".nojekyll"] = Data()
        for (path, data) in templates.assets { files["assets/\(path)"] = data }
        files["data/snapshot.json"] = try Snapshot.encoder.encode(snapshot) + Data("\n".utf8)
        if let baseURL = config.baseURL {
            files["sitemap.xml"] = Data(Sitemap.xml(baseURL: baseURL, paths: sitemapPaths(pageCount: pageCount)).utf8)
        }
        return files
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
