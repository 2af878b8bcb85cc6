import Foundation
import RepoWatchModel
import Synchronization

/// The previous build's data: what a widget shows, marked stale, when GitHub cannot answer now and
/// the cache has nothing either; and, for a card whose own data is fresh, its contributors and
/// faces where only they failed. Read only if a repository needs it; shared by the fetch's tasks.
package final class LastGoodData: Sendable {
    package let output: URL
    package let now: Date
    private let state = Mutex(State())

    private struct State {
        /// Nil until a repository needs the previous snapshot.
        var all: RepoList?
        /// Positions in `all`, by lowercased name.
        var positions: [String: Int] = [:]
        /// Avatar files to copy from the previous site.
        var faces: Set<String> = []
    }

    package init(output: URL, now: Date) {
        self.output = output
        self.now = now
    }

    private static func load(_ output: URL) -> RepoList {
        let url = output.appendingPathComponent(SiteLayout.snapshot)
        // Sample data is never passed off as real data.
        guard let data = try? Data(contentsOf: url),
            let snapshot = try? Snapshot.decoder.decode(Snapshot.self, from: data),
            !snapshot.sample
        else { return [] }
        return snapshot.repos
    }

    private func withLoaded<T>(_ body: (inout State, RepoList) -> T) -> T {
        state.withLock { state in
            if state.all == nil {
                let all = Self.load(output)
                state.all = all
                state.positions = Dictionary(
                    all.indices.map { (all[$0].configName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            }
            return body(&state, state.all ?? [])
        }
    }

    /// The repositories an owner gave the previous build, in its order, marked stale.
    func snapshots(from source: RepoSource, reason: Staleness) -> [RepoSnapshot] {
        let owner = source.ownerName?.lowercased()
        let names = withLoaded { _, all in
            all.filter { $0.source?.ownerName?.lowercased() == owner && owner != nil }.map(\.configName)
        }
        return names.compactMap { RepoName.parse($0).value.flatMap { snapshot(for: $0, reason: reason) } }
    }

    /// The repository as the previous build showed it, marked stale (its faces to be copied).
    package func snapshot(for name: RepoName, reason: Staleness? = nil) -> RepoSnapshot? {
        guard var repo = shown(name) else { return nil }
        repo.stale = true
        // The count of days keeps moving while GitHub is away.
        repo.daysSincePush = repo.pushedAt.map { Snapshot.daysSince($0, now: now) }
        repo.staleness = reason ?? repo.staleness ?? .notFetched
        keep(faces: [repo.ownerAvatar] + repo.contributors.map(\.avatar))
        return repo
    }

    /// The repository as the previous build showed it, nothing copied: for its parts.
    package func shown(_ name: RepoName) -> RepoSnapshot? {
        withLoaded { state, all in
            guard let position = state.positions[name.key], all[position].isAvailable else { return nil }
            return all[position]
        }
    }

    /// The previous site's avatar files that this build shows again.
    package func keep(faces: [String?]) {
        state.withLock { state in
            for case let path? in faces where path.hasPrefix(SiteLayout.avatarsFolder) && !path.contains("..") {
                state.faces.insert(path)
            }
        }
    }

    /// The avatar files of what was taken from here, copied from the previous site.
    package func avatars() -> [String: Data] {
        var files: [String: Data] = [:]
        for path in state.withLock({ $0.faces }) {
            files[path] = try? Data(contentsOf: output.appendingPathComponent(path))
        }
        return files
    }
}
