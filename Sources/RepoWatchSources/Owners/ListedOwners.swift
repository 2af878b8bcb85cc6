import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// What listing `owners:` gave (GitHub's lists, or made-up ones for `--sample`): each owner's
/// outcome, their rules applied, and the site's repository list and widgets completed with them.
package struct ListedOwners: Sendable {
    package enum Outcome: Sendable {
        case listed(OwnerListing, selected: [ListedRepository])
        /// The listing failed and nothing was cached: the previous build's repositories, stale.
        case previous(OwnerSource, [RepoSnapshot])
        case failed(OwnerSource, reason: String)

        package var source: OwnerSource {
            switch self {
            case .listed(let listing, _): return listing.source
            case .previous(let source, _), .failed(let source, _): return source
            }
        }
    }

    package var outcomes: [Outcome] = []
    package var resolved: SiteConfig.Resolved
    package var headings: [OwnerHeading] = []
    /// `--sample`: each owner's made-up card (a listed owner's card is made after the fetch).
    var sampleCards: [OwnerCard] = []
    /// The private repositories each owner's list held (`private: exclude`), left out before the rules.
    package var privateListed: [PrivateListing] = []
    /// Keys of the owners whose forge answered that it has no such owner (gone, or private or
    /// limited since): their last card is not kept, as a transient failure's is.
    package var gone: Set<String> = []

    package var config: SiteConfig { resolved.config }

    /// Why the build exits 1 even though the site is written.
    package var failures: [String] {
        outcomes.compactMap {
            guard case .failed(let source, let reason) = $0 else { return nil }
            return "owner \(source.owner): \(reason)"
        }
    }

    /// `--sample`: each owner gives a few made-up repositories, and any a widget names.
    package static func sample(_ config: SiteConfig, now: Date = Date(timeIntervalSince1970: 0)) throws -> ListedOwners
    {
        let yields = config.owners.map { source in
            let named = config.references.map(\.name).filter(source.owns)
            let count = min(source.limit ?? 4, 4)
            let made = (1...count).map { number in
                source.host.map { RepoName(host: $0, owner: source.path, name: "sample-\(number)") }
                    ?? RepoName(owner: source.owner, name: "sample-\(number)")
            }
            return SiteConfig.OwnerYield(source: source, names: named + made)
        }
        var owners = try ListedOwners(config: config, yields: yields)
        try owners.requireRepositories()
        owners.headings = config.owners.map { OwnerHeading(source: $0, login: $0.owner, avatar: nil, htmlURL: nil) }
        owners.sampleCards = config.owners.map { source in
            SampleData.ownerCard(for: source, forge: source.host.flatMap(config.forges.forge(at:))?.kind, now: now)
        }
        return owners
    }

    /// - Parameter privateListed: what the lists held that is private, so a widget naming one is
    ///   left out with it rather than an error.
    package init(config: SiteConfig, outcomes: [Outcome], privateListed: [PrivateListing] = []) throws {
        let yields = outcomes.map { outcome -> SiteConfig.OwnerYield in
            switch outcome {
            case .listed(let listing, let selected): return .init(source: listing.source, names: selected.map(\.name))
            case .previous(let source, let repos):
                return .init(source: source, names: repos.compactMap { RepoName.parse($0.configName).value })
            case .failed(let source, _): return .init(source: source, names: nil)
            }
        }
        try self.init(config: config, yields: yields, leftOut: privateListed.reduce(into: []) { $0.formUnion($1.keys) })
        self.outcomes = outcomes
        self.privateListed = privateListed
    }

    private init(config: SiteConfig, yields: [SiteConfig.OwnerYield], leftOut: Set<String> = []) throws {
        resolved = try config.resolving(yields, leftOut: leftOut)
    }

    /// Nothing at all to show is not a site: the previous one is left in place.
    func requireRepositories() throws {
        guard config.repos.isEmpty else { return }
        if failures.isEmpty {
            throw UsageError(
                "no repositories to show: `repos` is empty and the owners' filters kept none "
                    + "(\(config.owners.map(\.owner).joined(separator: ", ")))")
        }
        throw NothingToBuild(failures: failures)
    }

    /// What to fetch for each repository of the site, in its order. The owners' kept lists are
    /// handed over to the plans (and let go here), so they are not held twice during the fetch.
    mutating func fetchPlans() -> [SnapshotFetcher.Plan] {
        let repos = config.repos
        // The site lists each owner's kept repositories in their list's order (`resolving`): the
        // next one is almost always at the cursor. An index of every name (held at the fetch's
        // peak: docs/fast-paths.md) is built only when one is not.
        var index: RepoIndex?
        var cursor = 0
        func position(of name: RepoName) -> Int? {
            while cursor < repos.count, !isOwners(cursor) { cursor += 1 }
            if cursor < repos.count, RepoKey(repos[cursor]) == RepoKey(name) {
                defer { cursor += 1 }
                return cursor
            }
            if index == nil { index = RepoIndex(repos) }
            return index?.position(of: name)
        }
        var plans = repos.map(SnapshotFetcher.Plan.repository)
        var planned = [Bool](repeating: false, count: repos.count)
        var failures: [String: String] = [:]
        for (number, outcome) in outcomes.enumerated() {
            switch outcome {
            case .listed(let listing, let selected):
                for repo in selected {
                    guard let position = position(of: repo.name), isOwners(position) else { continue }
                    // Another forge's list is not its cards: its source asks for each one.
                    plans[position] =
                        repo.name.isGitHub ? .listed(repo, staleness: listing.staleness) : .repository(repo.name)
                    planned[position] = true
                }
                outcomes[number] = .listed(listing, selected: [])
            case .previous(_, let earlier):
                for repo in earlier {
                    guard let name = RepoName.parse(repo.configName).value, let position = position(of: name),
                        isOwners(position)
                    else {
                        continue
                    }
                    plans[position] = .ready(repo)
                    planned[position] = true
                }
            case .failed(let source, let reason): failures[source.key] = reason
            }
        }
        for position in repos.indices where isOwners(position) && !planned[position] {
            let name = repos[position]
            let owner = resolved.unlisted[name]
            let reason = failures[owner?.key ?? ""] ?? "not listed"
            plans[position] = .ready(
                .unavailable(name, reason: .ownerUnlisted(owner: owner?.owner ?? name.owner, reason: reason)))
        }
        leaveListedPrivate(&plans)
        return plans
    }

    /// A `repos:` entry an owner's list says is private (by name, or listed from the cache by its
    /// `SealedName`) is asked nothing: not even its request line may name it.
    private func leaveListedPrivate(_ plans: inout [SnapshotFetcher.Plan]) {
        let hidden = privateListed.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        guard !hidden.isEmpty else { return }
        for (position, name) in config.repos.enumerated()
        where !isOwners(position) && (hidden.contains(name.key) || hidden.contains(SealedName.of(name.key) ?? "")) {
            var repo = RepoSnapshot(configName: name.description)
            repo.isPrivate = true
            plans[position] = .ready(repo)
        }
    }

    /// Whether the repository at `position` comes from an owner (not from `repos:`).
    private func isOwners(_ position: Int) -> Bool {
        if case .owner = resolved.sources.source(at: position) { return true }
        return false
    }

    /// Writes the repository's source into its snapshot (`position`: in the site's list).
    package func label(_ repo: inout RepoSnapshot, at position: Int) {
        repo.source = resolved.sources.source(at: position)
    }
}

/// Every owner failed and `repos:` is empty: there is no site to write, and the previous one stays.
package struct NothingToBuild: Error, CustomStringConvertible {
    package var failures: [String]
    package var description: String {
        "nothing to build: `repos` is empty and no owner could be listed; the previous site is left as it was\n"
            + failures.map { "error: \($0)" }.joined(separator: "\n")
    }
}

/// What the steps after gathering need to know of `owners:`.
package struct OwnerSummary: Sendable {
    /// The gallery's section headings, in `owners:` order.
    package var headings: [OwnerHeading] = []
    /// Owners that could not be listed, each with its reason (the build exits 1).
    package var failures: [String] = []
    /// The private repositories the lists held, left out (`private: exclude`).
    package var privateListed: [PrivateListing] = []
    /// Each owner's card (`owners/LOGIN/`), in `owners:` order; an owner never listed has none.
    package var cards: [OwnerCard] = []
}

extension ListedOwners {
    package var summary: OwnerSummary {
        OwnerSummary(headings: headings, failures: failures, privateListed: privateListed, cards: sampleCards)
    }
}
