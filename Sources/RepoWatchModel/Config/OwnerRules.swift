import Foundation

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
    /// DESIGN's owner rules, in their order: forks and archived out unless asked; at least one listed
    /// topic; stars ≥ `min_stars`; `exclude` out; sorted (ties by full name, case-insensitive); `limit`.
    package func select<Repo: OwnerRuleFacts>(_ repos: [Repo]) -> [Repo] {
        let wantedTopics = Set(topics.map { $0.lowercased() })
        let excluded = Set(exclude.map(\.key))
        let kept = repos.filter { repo in
            (forks || !repo.fork) && (archived || !repo.archived)
                && (wantedTopics.isEmpty || repo.topics.contains { wantedTopics.contains($0.lowercased()) })
                && repo.stars >= minStars && !excluded.contains(repo.name.key)
        }
        let sorted = kept.sorted { a, b in
            switch sort {
            case .stars where a.stars != b.stars: return a.stars > b.stars
            case .pushed where a.pushedAt != b.pushedAt:
                // Never pushed sorts last.
                return (a.pushedAt ?? .distantPast) > (b.pushedAt ?? .distantPast)
            default: return Self.byFullName(a.name, b.name)
            }
        }
        guard let limit else { return sorted }
        return Array(sorted.prefix(limit))
    }

    /// Case-insensitive A→Z, then by exact spelling so the order never depends on the input's.
    package static func byFullName(_ a: RepoName, _ b: RepoName) -> Bool {
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
        package var sources: [String: RepoSource]
        /// Repositories a widget names under an owner that could not be listed: shown as unavailable.
        package var unlisted: [RepoName: OwnerSource]
    }

    /// Adds the owners' repositories (a name already in `repos:` stays there), gives them default
    /// widgets unless site.yml lists widgets, and checks that every widget's repository exists now.
    /// Throws the widgets that name a repository nobody yields, with their lines.
    package func resolving(_ yields: [OwnerYield]) throws -> Resolved {
        var order = repos
        var sources: [String: RepoSource] = [:]
        var outputs: [SiteConfig.OutputRange] = []
        for name in repos { sources[name.key] = .repos }
        for yield in yields {
            let start = order.count
            for name in yield.names ?? [] where sources[name.key] == nil {
                sources[name.key] = yield.source.source
                order.append(name)
            }
            if yield.source.outputs != .all, order.count > start {
                outputs.append(.init(positions: start..<order.count, outputs: yield.source.outputs))
            }
        }
        var unlisted: [RepoName: OwnerSource] = [:]
        var problems: [Diagnostic] = []
        let failed = yields.filter { $0.names == nil }.map(\.source)
        for reference in references where sources[reference.name.key] == nil {
            if let owner = failed.first(where: { $0.key == reference.name.owner.lowercased() }) {
                sources[reference.name.key] = owner.source
                unlisted[reference.name] = owner
                order.append(reference.name)
                continue
            }
            let owners = self.owners.map(\.owner).joined(separator: ", ")
            problems.append(
                reference.diagnostic(
                    "\(reference.name) is not in `repos` and no owner lists it (owners: \(owners)); "
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
        return Resolved(config: resolved, sources: sources, unlisted: unlisted)
    }
}
