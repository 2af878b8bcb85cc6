import Foundation

/// Where each repository of a list (the config's `repos:`) stands in it, names compared as GitHub
/// compares them (`RepoKey`, case-insensitively); the first of two equal names wins. The loader
/// finds repeated names with one; the render builds one and shares it (copy-on-write), so the
/// render's other per-repository facts can be arrays by position instead of dictionaries keyed by
/// name. It was an open-addressed table of positions with no key strings; the dictionary costs too
/// little more at the build's peak to keep a hand-made table (docs/fast-paths.md).
package struct RepoIndex: Sendable {
    /// The list itself (shared with the config, not copied).
    package let repos: [RepoName]
    private let positions: [RepoKey: Int32]

    package init(_ repos: [RepoName]) {
        self.repos = repos
        var positions: [RepoKey: Int32] = Dictionary(minimumCapacity: repos.count)
        for (position, repo) in repos.enumerated() {
            let key = RepoKey(repo)
            if positions[key] == nil { positions[key] = Int32(position) }
        }
        self.positions = positions
    }

    package var count: Int { repos.count }

    package func position(of name: RepoName) -> Int? { position(of: RepoKey(name)) }

    package func position(of key: RepoKey) -> Int? { positions[key].map(Int.init) }
}

/// A set of repositories: a flag per position of a `RepoIndex`, and by name those not in it.
package struct RepoSet {
    private let index: RepoIndex
    private var listed: [Bool]
    private var others: Set<RepoKey> = []

    package init(index: RepoIndex) {
        self.index = index
        listed = Array(repeating: false, count: index.count)
    }

    /// Whether `name` was not in the set yet.
    package mutating func insert(_ name: RepoName) -> Bool {
        guard let position = index.position(of: name) else { return others.insert(RepoKey(name)).inserted }
        defer { listed[position] = true }
        return !listed[position]
    }

    package func contains(_ name: RepoName) -> Bool {
        guard let position = index.position(of: name) else { return others.contains(RepoKey(name)) }
        return listed[position]
    }
}
