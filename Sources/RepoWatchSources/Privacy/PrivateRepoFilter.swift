import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Keeps private repositories off a public site: unless site.yml says `private: include`, each one
/// GitHub (or an earlier build) reports as private is left out, with the widgets that name it, its
/// avatars and, through the site's repository list, its history. Whatever source gathered the
/// snapshot, nothing after this step sees the repository. What was left out is told without a name
/// (`PrivateLeftOut`): the job log of a public repository is public too.
package struct PrivateRepoFilter: Sendable {
    package let policy: PrivateRepos

    package init(_ policy: PrivateRepos) {
        self.policy = policy
    }

    /// An owner's list, before its rules, so `limit` counts repositories that can be shown; the
    /// private ones are returned apart (their names only, for the widgets that name them).
    package func listed(_ repos: [ListedRepository]) -> (kept: [ListedRepository], leftOut: [RepoName]) {
        guard policy == .exclude, repos.contains(where: \.isPrivate) else { return (repos, []) }
        return (repos.filter { !$0.isPrivate }, repos.filter(\.isPrivate).map(\.name))
    }

    package func apply(to gathered: SiteData) -> (SiteData, PrivateLeftOut) {
        guard policy == .exclude else { return (gathered, PrivateLeftOut()) }
        var keys = Set<String>()
        var leftOut = PrivateLeftOut()
        var laterByOwner: [String: Int] = [:]
        for position in gathered.repos.indices {
            let repo = gathered.repos[position]
            guard repo.isPrivate else { continue }
            keys.insert(repo.configName.lowercased())
            if let owner = repo.source?.ownerName {
                laterByOwner[owner, default: 0] += 1
            } else {
                leftOut.reposEntries.append(position)
            }
        }
        for listing in gathered.owners.privateListed { keys.formUnion(listing.keys) }
        // Listed from the cache, an owner's private repository is known by its `SealedName`: a
        // widget that names it names it in full.
        if gathered.config.hasWidgetList, keys.contains(where: { $0.contains("/" + SealedName.marker) }) {
            for widget in gathered.config.widgets {
                for name in widget.repoNames where keys.contains(SealedName.of(name.key) ?? "") {
                    keys.insert(name.key)
                }
            }
        }
        leftOut.owners = Self.counts(listed: gathered.owners.privateListed, later: laterByOwner)
        guard !keys.isEmpty else { return (gathered, leftOut) }
        var result = gathered
        leftOut.widgets = result.config.leaveOut(keys)
        result.repos.removeAll { keys.contains($0.configName.lowercased()) }
        result.avatars = Self.avatars(gathered, without: keys)
        return (result, leftOut)
    }

    /// Each owner's count: what its list said was private, and what GitHub said later of a repository
    /// the list had as public; in `owners:` order.
    private static func counts(listed: [PrivateListing], later: [String: Int]) -> [PrivateLeftOut.OwnerCount] {
        var counts: [PrivateLeftOut.OwnerCount] = []
        var later = later
        for listing in listed {
            let count = listing.keys.count + (later.removeValue(forKey: listing.owner) ?? 0)
            if count > 0 { counts.append(.init(owner: listing.owner, count: count)) }
        }
        for (owner, count) in later.sorted(by: { $0.key < $1.key }) { counts.append(.init(owner: owner, count: count)) }
        return counts
    }

    /// Drops the faces only the left-out repositories showed: a contributor of a private repository
    /// is no one the site should name, even by a picture.
    private static func avatars(_ gathered: SiteData, without keys: Set<String>) -> AvatarFiles {
        var shown = Set(gathered.owners.headings.compactMap(\.avatar))
        var hidden: Set<String> = []
        for repo in gathered.repos {
            let paths = [repo.ownerAvatar].compactMap { $0 } + repo.contributors.compactMap(\.avatar)
            if keys.contains(repo.configName.lowercased()) {
                hidden.formUnion(paths)
            } else {
                shown.formUnion(paths)
            }
        }
        var avatars = gathered.avatars
        for path in hidden.subtracting(shown) { avatars[path] = nil }
        return avatars
    }
}

/// The private repositories one owner's list held, left out before its rules.
package struct PrivateListing: Sendable, Equatable {
    /// As written in site.yml.
    package var owner: String
    /// Their keys (lowercased names): a widget that names one is dropped, not an error.
    package var keys: Set<String>

    package init(owner: String, keys: Set<String>) {
        self.owner = owner
        self.keys = keys
    }
}

/// What leaving private repositories out took away, by where site.yml asks for them and how many,
/// never by name.
package struct PrivateLeftOut: Sendable, Equatable {
    package struct OwnerCount: Sendable, Equatable {
        /// As written in site.yml.
        package var owner: String
        package var count: Int
    }

    /// Positions in site.yml's `repos:` list.
    package var reposEntries: [Int] = []
    /// The owners whose lists lost repositories, in `owners:` order.
    package var owners: [OwnerCount] = []
    /// Positions in site.yml's `widgets:` list.
    package var widgets: [Int] = []

    package init() {}

    package var isEmpty: Bool { reposEntries.isEmpty && owners.isEmpty && widgets.isEmpty }

    /// How many repositories were left out.
    var repositoryCount: Int { reposEntries.count + owners.reduce(0) { $0 + $1.count } }

    /// "acme: 3 private repositories left out"
    package static func ownerLine(_ count: OwnerCount) -> String {
        "\(count.owner): \(Formatting.plural(count.count, "private repository", "private repositories")) left out "
            + "(set `private: include` in site.yml to publish them)"
    }

    package static let repoEntryMessage =
        "this repository is private and left out; set private: include to publish it"

    package static func widgetMessage(double: Bool) -> String {
        double
            ? "this double widget shows a private repository and is left out whole; the gallery shows the other "
                + "widgets (set private: include to publish it)"
            : "this widget shows a private repository and is left out; the gallery shows the other widgets "
                + "(set private: include to publish it)"
    }
}
