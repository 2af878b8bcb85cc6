import Foundation
import RepoWatchModel

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
        /// The title without the size: `owner/name`, or `top + bottom`.
        var name: String
        var href: String
        var spec: WidgetFragments.Spec
        /// The repositories it shows, whose pages are rendered with this gallery page.
        var repos: [RepoName]
    }

    /// A gallery page (if any) and the repository pages rendered with it.
    struct WorkUnit: Sendable {
        var page: Int?
        /// Positions in the render's `RepoIndex` (4 bytes a repository, not a 32-byte name); a
        /// repository not in it, or named there in other letter case, by its name in `others`,
        /// as -1 - its number there.
        fileprivate var members: [Int32] = []
        fileprivate var others: [RepoName] = []

        /// The repositories whose pages go with this unit, in order.
        func repos(in index: RepoIndex) -> [RepoName] {
            members.map { $0 >= 0 ? index.repos[Int($0)] : others[Int(-1 - $0)] }
        }

        fileprivate mutating func append(_ name: RepoName, index: RepoIndex) {
            if let position = index.position(of: name), index.repos[position] == name {
                members.append(Int32(position))
            } else {
                members.append(Int32(-1 - others.count))
                others.append(name)
            }
        }
    }

    /// Where each gallery page starts among the entries (every widget in each of its sizes, in
    /// order): the entries and the pages themselves, with their titles and links, are made one page
    /// at a time as they are rendered, instead of held all at once (docs/fast-paths.md); the entries
    /// are 8 bytes each.
    private let pageStarts: [Place]
    let pageCount: Int
    private(set) var units: [WorkUnit] = []
    let looks: PageLooks
    /// Notes of single widgets, by repository (rendered Markdown).
    let notes: [RepoKey: String]
    private let config: SiteConfig
    private let strings: StringTable
    private let index: RepoIndex

    private struct Entry: Sendable {
        var widget: Int32
        var size: SiteConfig.WidgetSize
    }

    /// An entry by the widget and the position of the size in its list.
    private struct Place: Sendable {
        var widget: Int32
        var size: Int32
    }

    /// `index`: the render's `RepoIndex` of `config.repos`, shared; made here when not given.
    init(config: SiteConfig, strings: StringTable = .english, index: RepoIndex? = nil) {
        let index = index ?? RepoIndex(config.repos)
        self.config = config
        self.strings = strings
        self.index = index
        var starts: [Place] = []
        var entryCount = 0
        for widget in config.widgets.indices {
            for size in Self.sizes(of: config.widgets[widget]).indices {
                if entryCount % Self.widgetsPerPage == 0 {
                    starts.append(Place(widget: Int32(widget), size: Int32(size)))
                }
                entryCount += 1
            }
        }
        pageStarts = starts
        pageCount = max(1, starts.count)
        looks = PageLooks(config: config, index: index)
        notes = Self.widgetNotes(config)
        let plan = self
        units = Self.workUnits(
            (0..<pageCount).lazy.map { plan.entries(onPage: $0).map(plan.repos) }, index: index)
    }

    /// The repositories whose pages go with `unit`, in order.
    func repos(of unit: WorkUnit) -> [RepoName] { unit.repos(in: index) }

    private static func sizes(of widget: SiteConfig.Widget) -> [SiteConfig.WidgetSize] {
        switch widget.kind {
        case .single(_, let sizes): return sizes
        case .double: return [.large]
        }
    }

    /// Every gallery page, made at once: for tests and small sites.
    static func galleryPages(_ config: SiteConfig, strings: StringTable = .english) -> [GalleryPage] {
        let plan = SitePlan(config: config, strings: strings)
        return (0..<plan.pageCount).map(plan.page)
    }

    /// Gallery page `index` (0 for the first): every configured widget in every size, 60 to a page.
    func page(_ index: Int) -> GalleryPage {
        let items = entries(onPage: index).map(item)
        return GalleryPage(
            path: SiteLayout.galleryPage(index + 1),
            root: index == 0 ? "" : "../../",
            title: index == 0
                ? config.title
                : strings.text(
                    "page_title",
                    ["title": PageTitle.isolated(config.title), "current": strings.formatter.grouped(index + 1)]),
            items: items,
            pagination: Pagination(
                current: index + 1, total: pageCount,
                prev: index > 0 ? SiteLayout.galleryPage(index) : nil,
                next: index + 1 < pageCount ? SiteLayout.galleryPage(index + 2) : nil))
    }

    /// The repositories of the last widget on page `index`.
    func lastRepos(onPage index: Int) -> [RepoName]? {
        guard index >= 0 else { return nil }
        return entries(onPage: index).last.map(repos)
    }

    private func entries(onPage page: Int) -> [Entry] {
        guard pageStarts.indices.contains(page) else { return [] }
        var entries: [Entry] = []
        entries.reserveCapacity(Self.widgetsPerPage)
        var (widget, size) = (Int(pageStarts[page].widget), Int(pageStarts[page].size))
        while entries.count < Self.widgetsPerPage, widget < config.widgets.count {
            let sizes = Self.sizes(of: config.widgets[widget])
            if size < sizes.count {
                entries.append(Entry(widget: Int32(widget), size: sizes[size]))
                size += 1
            } else {
                (widget, size) = (widget + 1, 0)
            }
        }
        return entries
    }

    private func repos(_ entry: Entry) -> [RepoName] {
        switch config.widgets[Int(entry.widget)].kind {
        case .single(let name, _): return [name]
        case .double(_, let top, let bottom): return [top, bottom]
        }
    }

    private func item(_ entry: Entry) -> GalleryItem {
        let widget = config.widgets[Int(entry.widget)]
        let look = config.look(for: widget)
        switch widget.kind {
        case .single(let name, _):
            let size = entry.size
            return GalleryItem(
                kind: size.rawValue, size: size, title: "\(name) · \(strings.text("size_\(size.rawValue)"))",
                name: name.description, href: SiteLayout.repoPage(name), spec: .single(name, size, look),
                repos: [name])
        case .double(let id, let top, let bottom):
            return GalleryItem(
                kind: "double", size: .large, title: "\(top) + \(bottom)", name: "\(top) + \(bottom)",
                href: SiteLayout.widgetPage(id: id),
                spec: .double(id: id, top: top, bottom: bottom, look), repos: [top, bottom])
        }
    }

    /// Each repository's pages go with the first gallery page that shows it; repositories no widget
    /// shows come last, in chunks. `pages`: the repositories of each gallery page's widgets;
    /// `index`: of the configured repositories.
    static func workUnits<Pages: Sequence>(_ pages: Pages, index: RepoIndex) -> [WorkUnit]
    where Pages.Element == [[RepoName]] {
        var assigned = RepoSet(index: index)
        var units: [WorkUnit] = []
        for (page, items) in pages.enumerated() {
            var unit = WorkUnit(page: page)
            for item in items {
                for name in item where assigned.insert(name) { unit.append(name, index: index) }
            }
            units.append(unit)
        }
        var rest = WorkUnit(page: nil)
        for name in index.repos where !assigned.contains(name) {
            rest.append(name, index: index)
            if rest.members.count == widgetsPerPage {
                units.append(rest)
                rest = WorkUnit(page: nil)
            }
        }
        if !rest.members.isEmpty { units.append(rest) }
        return units
    }

    static func widgetNotes(_ config: SiteConfig) -> [RepoKey: String] {
        var notes: [RepoKey: String] = [:]
        for widget in config.widgets {
            if case .single(let name, _) = widget.kind, let note = widget.note, notes[RepoKey(name)] == nil {
                notes[RepoKey(name)] = Markdown.html(note)
            }
        }
        return notes
    }

    /// A repository page shows each size once: drawn like the first single widget of that repository
    /// in that size, else its first single widget, else with the site's defaults. Worked out for all
    /// repositories in one pass over the widgets (a scan per page would be quadratic).
    struct PageLooks: Sendable {
        /// Indices into the config's widgets, per repository: 12 bytes, not a look per size.
        private struct Choice: Sendable {
            var medium: Int32 = -1
            var large: Int32 = -1
            var first: Int32 = -1

            /// The first widget of the repository, and the first of each size, win.
            mutating func choose(_ widget: Int32, sizes: [SiteConfig.WidgetSize]) {
                if first < 0 { first = widget }
                for size in sizes {
                    switch size {
                    case .medium where medium < 0: medium = widget
                    case .large where large < 0: large = widget
                    default: break
                    }
                }
            }
        }

        /// By position in `config.repos` (`index`); widgets' repositories not in it (found among
        /// the owners') by name.
        private var choices: [Choice]
        private var others: [RepoKey: Choice] = [:]
        private let index: RepoIndex
        private let config: SiteConfig

        init(config: SiteConfig, index: RepoIndex) {
            self.config = config
            self.index = index
            choices = Array(repeating: Choice(), count: index.count)
            for (number, widget) in config.widgets.enumerated() {
                guard case .single(let repo, let sizes) = widget.kind else { continue }
                if let position = index.position(of: repo) {
                    choices[position].choose(Int32(number), sizes: sizes)
                } else {
                    others[RepoKey(repo), default: Choice()].choose(Int32(number), sizes: sizes)
                }
            }
        }

        func look(for name: RepoName, size: SiteConfig.WidgetSize) -> WidgetLook {
            guard let choice = index.position(of: name).map({ choices[$0] }) ?? others[RepoKey(name)] else {
                return config.look
            }
            let bySize = size == .medium ? choice.medium : choice.large
            let widget = bySize >= 0 ? bySize : choice.first
            return widget >= 0 ? config.look(for: config.widgets[Int(widget)]) : config.look
        }
    }
}
