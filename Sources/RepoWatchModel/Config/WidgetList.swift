extension SiteConfig {
    /// The site's widgets in gallery order. Without a `widgets:` list every repository has the same
    /// default widget, so the list keeps only the repositories (sharing `repos`'s storage) and makes
    /// each widget when it is read, instead of holding ~128 bytes per repository all build long.
    package struct WidgetList: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
        private enum Storage: Sendable {
            case listed([Widget])
            /// `Widget.default(for:)` of each repository, in order.
            case defaults(of: [RepoName])
        }

        private var storage: Storage

        package init(_ widgets: [Widget]) { storage = .listed(widgets) }

        package init(arrayLiteral widgets: Widget...) { self.init(widgets) }

        /// The default widget of each of `repos`.
        package static func defaults(of repos: [RepoName]) -> WidgetList { WidgetList(storage: .defaults(of: repos)) }

        private init(storage: Storage) { self.storage = storage }

        package var startIndex: Int { 0 }

        package var endIndex: Int {
            switch storage {
            case .listed(let widgets): return widgets.count
            case .defaults(let repos): return repos.count
            }
        }

        package subscript(position: Int) -> Widget {
            switch storage {
            case .listed(let widgets): return widgets[position]
            case .defaults(let repos): return .default(for: repos[position])
            }
        }

        /// Makes the list explicit first: an added widget need not be a default one.
        package mutating func append(_ widget: Widget) {
            var widgets = Array(self)
            // Released first, so an explicit list grows in place instead of being copied.
            storage = .listed([])
            widgets.append(widget)
            storage = .listed(widgets)
        }

        /// Equal when they hold the same widgets, however each list stores them.
        package static func == (lhs: WidgetList, rhs: WidgetList) -> Bool {
            if case .defaults(let left) = lhs.storage, case .defaults(let right) = rhs.storage { return left == right }
            return lhs.elementsEqual(rhs)
        }
    }
}

extension SiteConfig.Widget {
    /// Both sizes, one array shared by every default widget rather than one allocated per read.
    private static let bothSizes: [SiteConfig.WidgetSize] = [.medium, .large]

    /// The widget a repository gets without a `widgets:` list: single, in both sizes, no note or look.
    package static func `default`(for repo: RepoName) -> Self { Self(kind: .single(repo, sizes: bothSizes), note: nil) }
}
