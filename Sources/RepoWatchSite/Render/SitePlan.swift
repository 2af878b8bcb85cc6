import Foundation

/// What the site is made of, worked out from the config alone before anything is rendered: the
/// gallery pages, which repository pages go with which, each page's look and each widget's note.
struct SitePlan: Sendable {
    static let widgetsPerPage = 60

    /// One page of the gallery: every configured widget in every size, 60 to a page.
    struct GalleryPage: Sendable {
        var path: String
        var root: String
        var title: String
        var items: [GalleryItem]
        var pagination: Pagination
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

    /// A gallery page (if any) and the repository pages rendered with it.
    struct WorkUnit: Sendable {
        var page: Int?
        var repos: [RepoName]
    }

    let pages: [GalleryPage]
    let units: [WorkUnit]
    let looks: PageLooks
    /// Notes of single widgets, by repository (rendered Markdown).
    let notes: [String: String]

    init(config: SiteConfig, strings: StringTable = .english) {
        pages = Self.galleryPages(config, strings: strings)
        units = Self.workUnits(pages, repos: config.repos)
        looks = PageLooks(config: config)
        notes = Self.widgetNotes(config)
    }

    static func galleryPages(_ config: SiteConfig, strings: StringTable = .english) -> [GalleryPage] {
        var items: [GalleryItem] = []
        for widget in config.widgets {
            let look = config.look(for: widget)
            switch widget.kind {
            case .single(let name, let sizes):
                for size in sizes {
                    items.append(
                        GalleryItem(
                            kind: size.rawValue, size: size,
                            title: "\(name) · \(strings.text("size_\(size.rawValue)"))",
                            href: SiteLayout.repoFolder(name), spec: .single(name, size, look), repos: [name]))
                }
            case .double(let id, let top, let bottom):
                items.append(
                    GalleryItem(
                        kind: "double", size: .large, title: "\(top) + \(bottom)",
                        href: SiteLayout.widgetFolder(id: id) + SiteLayout.html(.large),
                        spec: .double(id: id, top: top, bottom: bottom, look), repos: [top, bottom]))
            }
        }
        let pageCount = max(1, (items.count + widgetsPerPage - 1) / widgetsPerPage)
        return (0..<pageCount).map { pageIndex in
            GalleryPage(
                path: SiteLayout.galleryPage(pageIndex + 1),
                root: pageIndex == 0 ? "" : "../../",
                title: pageIndex == 0
                    ? config.title
                    : strings.text(
                        "page_title", ["title": config.title, "current": strings.formatter.grouped(pageIndex + 1)]),
                items: Array(items.dropFirst(pageIndex * widgetsPerPage).prefix(widgetsPerPage)),
                pagination: Pagination(
                    current: pageIndex + 1, total: pageCount,
                    prev: pageIndex > 0 ? SiteLayout.galleryPage(pageIndex) : nil,
                    next: pageIndex + 1 < pageCount ? SiteLayout.galleryPage(pageIndex + 2) : nil))
        }
    }

    /// Each repository's pages go with the first gallery page that shows it; repositories no widget
    /// shows come last, in chunks.
    static func workUnits(_ pages: [GalleryPage], repos: [RepoName]) -> [WorkUnit] {
        var assigned: Set<String> = []
        var units: [WorkUnit] = []
        for (index, page) in pages.enumerated() {
            var repos: [RepoName] = []
            for item in page.items {
                for name in item.repos where assigned.insert(name.key).inserted { repos.append(name) }
            }
            units.append(WorkUnit(page: index, repos: repos))
        }
        let rest = repos.filter { !assigned.contains($0.key) }
        for start in stride(from: 0, to: rest.count, by: widgetsPerPage) {
            units.append(WorkUnit(page: nil, repos: Array(rest[start..<min(start + widgetsPerPage, rest.count)])))
        }
        return units
    }

    static func widgetNotes(_ config: SiteConfig) -> [String: String] {
        var notes: [String: String] = [:]
        for widget in config.widgets {
            if case .single(let name, _) = widget.kind, let note = widget.note, notes[name.key] == nil {
                notes[name.key] = Markdown.html(note)
            }
        }
        return notes
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
}
