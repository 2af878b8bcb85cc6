import Foundation
import RepoWatchModel

/// The previous build's data: what a widget shows, marked stale, when GitHub cannot answer now and
/// the cache has nothing either. Read only if a repository needs it.
package final class LastGoodData {
    package let output: URL
    package let now: Date
    private var supplied: [RepoSnapshot] = []

    package init(output: URL, now: Date) {
        self.output = output
        self.now = now
    }

    private lazy var all: RepoList = {
        let url = output.appendingPathComponent(SiteLayout.snapshot)
        // Sample data is never passed off as real data.
        guard let data = try? Data(contentsOf: url),
            let snapshot = try? Snapshot.decoder.decode(Snapshot.self, from: data),
            !snapshot.sample
        else { return [] }
        return snapshot.repos
    }()

    /// Positions in `all`, by lowercased name.
    private lazy var positions: [String: Int] = Dictionary(
        all.indices.map { (all[$0].configName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// The repositories an owner gave the previous build, in its order, marked stale.
    package func snapshots(from source: RepoSource, reason: String) -> [RepoSnapshot] {
        let owner = source.ownerName?.lowercased()
        return all.filter { $0.source?.ownerName?.lowercased() == owner && owner != nil }
            .compactMap { RepoName.parse($0.configName).value.flatMap { snapshot(for: $0, reason: reason) } }
    }

    package func snapshot(for name: RepoName, reason: String? = nil) -> RepoSnapshot? {
        guard let position = positions[name.key] else { return nil }
        var repo = all[position]
        guard repo.isAvailable else { return nil }
        repo.stale = true
        // The count of days keeps moving while GitHub is away.
        repo.daysSincePush = repo.pushedAt.map { Snapshot.daysSince($0, now: now) }
        repo.error = reason ?? repo.error ?? "not fetched in this build"
        supplied.append(repo)
        return repo
    }

    /// The avatar files of the repositories supplied here, copied from the previous site.
    package func avatars() -> [String: Data] {
        var files: [String: Data] = [:]
        for repo in supplied {
            let paths = [repo.ownerAvatar] + repo.contributors.map(\.avatar)
            for case let path? in paths where path.hasPrefix(SiteLayout.avatarsFolder) && !path.contains("..") {
                files[path] = try? Data(contentsOf: output.appendingPathComponent(path))
            }
        }
        return files
    }
}
