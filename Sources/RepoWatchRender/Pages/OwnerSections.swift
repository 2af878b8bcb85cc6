import Foundation
import RepoWatchModel
import RepoWatchSupport

/// An owner of `owners:` as the gallery introduces it.
/// Where each repository came from, and the gallery's sections: one per run of widgets from the same
/// owner (the `repos:` list and double widgets have no heading).
struct OwnerSections: Sendable {
    /// Each position of the snapshot (`positions`): where its repository came from, as a number in
    /// `owners` (-1: `repos:`). 4 bytes a repository, where a dictionary of sources held its storage
    /// and an owner string read from the spool for each (docs/fast-paths.md).
    private let sourceAt: [Int32]
    private let owners: [RepoSource]
    private let positions: SnapshotPositions
    private let headings: [String: OwnerHeading]
    private let counts: [String: Int]
    /// The owners (keys) whose cards the site has (`owners/LOGIN/`).
    private let carded: Set<String>
    /// The site's locale: headings and source lines are in the reader's words.
    private let strings: StringTable

    /// `positions`: the cards' (`CardMaker`), shared; made here when not given.
    init(
        headings: [OwnerHeading], snapshot: Snapshot, strings: StringTable, positions: SnapshotPositions? = nil,
        cards: [OwnerCard] = []
    ) {
        carded = Set(cards.map { $0.owner.lowercased() })
        let positions = positions ?? SnapshotPositions(snapshot.repos, index: RepoIndex([]))
        var sourceAt = [Int32](repeating: -1, count: snapshot.repos.count)
        var owners: [RepoSource] = []
        var numbers: [RepoSource: Int32] = [:]
        var counts: [String: Int] = [:]
        for repo in snapshot.repos {
            let source = repo.source ?? .repos
            guard let owner = source.ownerName?.lowercased() else { continue }
            // A repository listed twice takes its last source, as when these were keyed by name.
            if let position = positions.position(of: RepoKey(repo.configName)), sourceAt.indices.contains(position) {
                let number =
                    numbers[source]
                    ?? {
                        owners.append(source)
                        numbers[source] = Int32(owners.count - 1)
                        return Int32(owners.count - 1)
                    }()
                sourceAt[position] = number
            }
            counts[owner, default: 0] += 1
        }
        self.sourceAt = sourceAt
        self.owners = owners
        self.positions = positions
        self.counts = counts
        self.strings = strings
        self.headings = Dictionary(headings.map { ($0.source.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func source(of name: RepoName) -> RepoSource {
        guard let position = positions.position(of: RepoKey(name)), sourceAt.indices.contains(position),
            sourceAt[position] >= 0
        else { return .repos }
        return owners[Int(sourceAt[position])]
    }

    /// The owner whose section shows `repos` (a widget of one repository from an owner).
    func owner(of repos: [RepoName]) -> String? {
        guard repos.count == 1 else { return nil }
        return source(of: repos[0]).ownerName
    }

    /// `widgets` split where the owner changes; `before` is the owner of the last widget on the page
    /// before, so a section that goes on from there says so. A page always has a section, so the
    /// gallery of a site without `owners:` is one list, as before owners existed.
    func gallery(owners: [String?], widgets: [GalleryTile], before: String?) -> [GallerySection] {
        var sections: [GallerySection] = []
        var current: [GalleryTile] = []
        var currentOwner: String?
        func close() {
            guard !current.isEmpty else { return }
            let heading = currentOwner.flatMap(heading)
            let continued =
                sections.isEmpty && currentOwner != nil && before?.lowercased() == currentOwner?.lowercased()
            sections.append(GallerySection(widgets: current, owner: heading, continued: continued))
            current = []
        }
        for (owner, widget) in zip(owners, widgets) {
            if owner?.lowercased() != currentOwner?.lowercased() || current.isEmpty {
                close()
                currentOwner = owner
            }
            current.append(widget)
        }
        close()
        return sections.isEmpty ? [GallerySection(widgets: [], owner: nil, continued: false)] : sections
    }

    private func heading(_ owner: String) -> OwnerHeadingContext? {
        let key = owner.lowercased()
        let heading = headings[key]
        let count = counts[key] ?? 0
        let login = heading?.login ?? owner
        return OwnerHeadingContext(
            name: heading?.source.owner ?? owner, login: login, anchor: "owner-\(key)",
            avatar: RepoCard.Avatar(src: heading?.avatar ?? "", alt: strings.text("avatar_of", ["login": login])),
            count: count, countDisplay: strings.formatter.grouped(count),
            countLabel: strings.plural(
                "owner_repositories", count: count, display: strings.formatter.grouped(count)),
            htmlURL: SafeURL.http(heading?.htmlURL), cardsHref: carded.contains(key) ? SiteLayout.ownerFolder(key) : nil
        )
    }

    /// The repository page's `source`.
    func repoPage(_ name: RepoName) -> RepoSourceContext {
        let source = source(of: name)
        guard let owner = source.ownerName else {
            return RepoSourceContext(value: source.description, ownerName: nil, label: strings.text("source_repos"))
        }
        let heading = headings[owner.lowercased()]
        return RepoSourceContext(
            value: source.description, ownerName: owner,
            label: strings.text("source_owner", ["owner": heading?.login ?? owner]),
            htmlURL: SafeURL.http(heading?.htmlURL))
    }
}
