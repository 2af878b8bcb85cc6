import Foundation

/// Where each repository of a list (the config's `repos:`) stands in it, names compared as GitHub
/// compares them (`RepoKey`, case-insensitively); the first of two equal names wins. The loader
/// finds repeated names with one; the render builds one and shares it (copy-on-write), so the
/// render's other per-repository facts can be arrays by position instead of dictionaries keyed by
/// name: those cost ~100 bytes a repository with the keys' strings, this table 8 to 16. The hash
/// only says where to start looking; the names in the list decide, so a collision costs a probe,
/// never a wrong answer.
package struct RepoIndex: Sendable {
    /// The list itself (shared with the config, not copied).
    package let repos: [RepoName]
    /// Positions in `repos` (or -1: free), open-addressed, at most half full; a power of two long.
    private var slots: [Int32]

    package init(_ repos: [RepoName]) {
        self.repos = repos
        var size = 8
        while size < repos.count * 2 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        for (position, repo) in repos.enumerated() {
            let key = RepoKey(repo)
            var slot = start(key)
            while slots[slot] >= 0 {
                if Self.matches(repos[Int(slots[slot])], key) { break }
                slot = (slot + 1) & (slots.count - 1)
            }
            if slots[slot] < 0 { slots[slot] = Int32(position) }
        }
    }

    package var count: Int { repos.count }

    package func position(of name: RepoName) -> Int? { position(of: RepoKey(name)) }

    package func position(of key: RepoKey) -> Int? {
        var slot = start(key)
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if Self.matches(repos[position], key) { return position }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private func start(_ key: RepoKey) -> Int { key.hashValue & (slots.count - 1) }

    private static func matches(_ repo: RepoName, _ key: RepoKey) -> Bool {
        repo.owner.lowercased() == key.owner && repo.name.lowercased() == key.name
    }
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
