import Foundation
import RepoWatchSupport

/// What the owner rules look at in a listed repository.
package protocol OwnerRuleFacts {
    var name: RepoName { get }
    var fork: Bool { get }
    var archived: Bool { get }
    var topics: [String] { get }
    var stars: Int { get }
    var pushedAt: Date? { get }
}

extension OwnerSource {
    /// The owner rules, in their order (docs/configuration.md): forks and archived out unless asked;
    /// at least one listed topic; stars ≥ `min_stars`; `exclude` out; sorted (ties by full name,
    /// case-insensitive); `limit`.
    package func select<Repo: OwnerRuleFacts>(_ repos: [Repo]) -> [Repo] {
        let wantedTopics = Set(topics.map { $0.lowercased() })
        let excluded = Set(exclude.map(\.key))
        // One copy, sorted and cut in place: an organization's list can be 100,000 long.
        var kept = repos.filter { repo in
            (forks || !repo.fork) && (archived || !repo.archived)
                && (wantedTopics.isEmpty || repo.topics.contains { wantedTopics.contains($0.lowercased()) })
                && repo.stars >= minStars && !excluded.contains(repo.name.key)
        }
        kept.sort { a, b in
            switch sort {
            case .stars where a.stars != b.stars: return a.stars > b.stars
            case .pushed where a.pushedAt != b.pushedAt:
                // Never pushed sorts last.
                return (a.pushedAt ?? .distantPast) > (b.pushedAt ?? .distantPast)
            default: return Self.byFullName(a.name, b.name)
            }
        }
        if let limit, kept.count > limit { kept.removeSubrange(limit...) }
        return kept
    }

    /// Case-insensitive A→Z, then by exact spelling so the order never depends on the input's.
    static func byFullName(_ a: RepoName, _ b: RepoName) -> Bool {
        a.key != b.key ? a.key < b.key : a.description < b.description
    }
}

extension SiteConfig {
    /// What one owner gave the build: the names it selected, or nil when it could not be listed.
    package struct OwnerYield: Sendable {
        package var source: OwnerSource
        package var names: [RepoName]?

        package init(source: OwnerSource, names: [RepoName]? = nil) {
            self.source = source
            self.names = names
        }
    }

    /// The site once the owners are listed: every repository with its source, `repos:` first.
    package struct Resolved: Sendable {
        package var config: SiteConfig
        package var sources: RepoSources
        /// Repositories a widget names under an owner that could not be listed: shown as unavailable.
        package var unlisted: [RepoName: OwnerSource]
    }

    /// Adds the owners' repositories (a name already in `repos:` stays there), gives them default
    /// widgets unless site.yml lists widgets, and checks that every widget's repository exists now.
    /// Throws the widgets that name a repository nobody yields, with their lines; one of `leftOut`
    /// (keys of private repositories an owner listed) is no error: its widget is left out with it.
    package func resolving(_ yields: [OwnerYield], leftOut: Set<String> = []) throws -> Resolved {
        var order = repos
        // A set while the list is made; afterwards each source is a range of positions (`RepoSources`).
        var seen = Set(repos.map(RepoKey.init))
        var ranges: [RepoSources.Range] = []
        var outputs: [SiteConfig.OutputRange] = []
        for yield in yields {
            let start = order.count
            for name in yield.names ?? [] where seen.insert(RepoKey(name)).inserted {
                order.append(name)
            }
            ranges.append(.init(positions: start..<order.count, source: yield.source.source))
            if yield.source.outputs != .all, order.count > start {
                outputs.append(.init(positions: start..<order.count, outputs: yield.source.outputs))
            }
        }
        var unlisted: [RepoName: OwnerSource] = [:]
        var problems: [Diagnostic] = []
        let failed = yields.filter { $0.names == nil }.map(\.source)
        // A private repository an owner listed is known by its name, or (listed from the cache) by
        // its `SealedName`.
        for reference in references
        where !seen.contains(RepoKey(reference.name)) && !leftOut.contains(reference.name.key)
            && !leftOut.contains(SealedName.of(reference.name.key) ?? "")
        {
            if let owner = failed.first(where: { $0.owns(reference.name) }) {
                seen.insert(RepoKey(reference.name))
                ranges.append(.init(positions: order.count..<order.count + 1, source: owner.source))
                unlisted[reference.name] = owner
                order.append(reference.name)
                continue
            }
            let owners = self.owners.map(\.owner).joined(separator: ", ")
            // Owner-listed repositories are as good a widget's target as saved ones.
            let nearest = Suggestion.closest(to: reference.name.description, among: order.map(\.description))
            problems.append(
                reference.diagnostic(
                    "\(reference.name) is not in `repos` and no owner lists it (owners: \(owners)); "
                        + (nearest.map { "did you mean \($0)? Else " } ?? "")
                        + "check the name and the owner's filters, or add it to `repos`"))
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        var resolved = self
        resolved.repos = order
        resolved.outputRanges = outputs
        if !hasWidgetList {
            resolved.widgets = .defaults(of: order, largeOnly: outputs.filter { $0.outputs == .card }.map(\.positions))
        }
        resolved.references = []
        return Resolved(
            config: resolved, sources: RepoSources(repos: order, ranges: ranges), unlisted: unlisted)
    }
}

/// Where each repository of a resolved site came from: `repos:` for the first ones, then a range of
/// positions per owner. Ranges, not a dictionary of every name: a large organization would hold
/// one all build long (and an index of positions at the fetch's peak, for lookups by name that only
/// tests make; docs/fast-paths.md).
package struct RepoSources: Sendable {
    package struct Range: Sendable {
        package var positions: Swift.Range<Int>
        package var source: RepoSource
    }

    /// The site's list (shared with the config, not copied).
    private let repos: [RepoName]
    private let ranges: [Range]

    package init(repos: [RepoName], ranges: [Range]) {
        self.repos = repos
        self.ranges = ranges
    }

    /// The source of the repository at `position` in the site's list.
    package func source(at position: Int) -> RepoSource {
        ranges.first { $0.positions.contains(position) }?.source ?? .repos
    }

    /// The source of a repository by its key (`owner/name`, any case), nil when it is not in the site.
    /// A walk through the list: builds ask by position.
    package subscript(key: String) -> RepoSource? {
        let key = RepoKey(key)
        return repos.firstIndex { RepoKey($0) == key }.map(source(at:))
    }
}
