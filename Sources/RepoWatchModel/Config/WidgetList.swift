extension SiteConfig {
    /// The site's widgets in gallery order. Without a `widgets:` list every repository has the same
    /// default widget, so the list keeps only the repositories (sharing `repos`'s storage) and makes
    /// each widget when it is read, instead of holding ~128 bytes per repository all build long.
    package struct WidgetList: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
        private enum Storage: Sendable {
            case listed([Widget])
            /// `Widget.default(for:)` of each repository, in order; large only at `largeOnly` positions
            /// (`outputs: card`).
            case defaults(of: [RepoName], largeOnly: [Range<Int>])
        }

        private var storage: Storage

        package init(_ widgets: [Widget]) { storage = .listed(widgets) }

        package init(arrayLiteral widgets: Widget...) { self.init(widgets) }

        /// The default widget of each of `repos`: both sizes, or the large card alone at `largeOnly`.
        package static func defaults(of repos: [RepoName], largeOnly: [Range<Int>] = []) -> WidgetList {
            WidgetList(storage: .defaults(of: repos, largeOnly: largeOnly))
        }

        private init(storage: Storage) { self.storage = storage }

        package var startIndex: Int { 0 }

        package var endIndex: Int {
            switch storage {
            case .listed(let widgets): return widgets.count
            case .defaults(let repos, _): return repos.count
            }
        }

        package subscript(position: Int) -> Widget {
            switch storage {
            case .listed(let widgets): return widgets[position]
            case .defaults(let repos, let largeOnly):
                guard largeOnly.contains(where: { $0.contains(position) }) else {
                    return .default(for: repos[position])
                }
                return Widget(kind: .single(repos[position], sizes: Widget.largeOnly), note: nil)
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
            if case .defaults(let left, let leftLarge) = lhs.storage,
                case .defaults(let right, let rightLarge) = rhs.storage
            {
                return left == right && leftLarge == rightLarge
            }
            return lhs.elementsEqual(rhs)
        }
    }
}

extension SiteConfig.Widget {
    /// Both sizes, one array shared by every default widget rather than one allocated per read.
    private static let bothSizes: [SiteConfig.WidgetSize] = [.medium, .large]
    fileprivate static let largeOnly: [SiteConfig.WidgetSize] = [.large]

    /// The widget a repository gets without a `widgets:` list: single, in both sizes, no note or look.
    package static func `default`(for repo: RepoName) -> Self { Self(kind: .single(repo, sizes: bothSizes), note: nil) }
}
