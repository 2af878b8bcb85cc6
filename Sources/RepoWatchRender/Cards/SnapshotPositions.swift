import Foundation
import RepoWatchModel

/// Where each repository is in a snapshot's list. A build's snapshot holds the config's
/// repositories in the config's order, so the render's `RepoIndex` answers with nothing more kept;
/// any other snapshot (tests, `render(_:)` callers, an order that differs) gets its own index by
/// name, as before the shared one, so no caller can get another repository's card.
struct SnapshotPositions: Sendable {
    private enum Lookup: Sendable {
        /// Position i of the snapshot holds the repository at position i of the index.
        case configOrder(RepoIndex, count: Int)
        case own([RepoKey: Int32])
    }

    private let lookup: Lookup

    /// Reads every repository once, as building the own index would.
    init(_ repos: RepoList, index: RepoIndex) {
        if repos.enumerated().allSatisfy({ index.position(of: RepoKey($0.element.configName)) == $0.offset }) {
            lookup = .configOrder(index, count: repos.count)
            return
        }
        var positions: [RepoKey: Int32] = [:]
        positions.reserveCapacity(repos.count)
        for (position, repo) in repos.enumerated() where positions[RepoKey(repo.configName)] == nil {
            positions[RepoKey(repo.configName)] = Int32(position)
        }
        lookup = .own(positions)
    }

    /// Whether the snapshot's order let the render's index serve (for tests).
    var sharesIndex: Bool {
        if case .configOrder = lookup { return true }
        return false
    }

    /// The first position of `name` in the snapshot, if it holds it.
    func position(of name: RepoName) -> Int? { position(of: RepoKey(name)) }

    func position(of key: RepoKey) -> Int? {
        switch lookup {
        case .configOrder(let index, let count):
            // Every repository of the snapshot sits at its index position, so one past the end, or
            // not in the index, is not in the snapshot.
            return index.position(of: key).flatMap { $0 < count ? $0 : nil }
        case .own(let positions):
            return positions[key].map(Int.init)
        }
    }
}
