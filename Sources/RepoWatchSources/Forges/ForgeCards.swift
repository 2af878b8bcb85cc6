import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// A card a forge's source could not read: why, and whether the previous site may stand in.
enum ForgeFailure {
    static func snapshot(_ repo: RepoName, _ error: any Error) -> RepoSnapshot {
        // No network at all (`--offline`) passes only when the user says so: nothing stands in.
        let transient = (error as? GitHubError).map { $0.isTransient && $0 != .notCached } ?? false
        let words = (error as? GitHubError)?.description(from: repo.host) ?? ErrorText.describe(error)
        let reason: Staleness = (error as? GitHubError) == .notCached ? .noDataYet : .failed(words)
        var snapshot = RepoSnapshot.unavailable(repo, reason: reason, transient: transient)
        snapshot.isGone = (error as? GitHubError) == .notFound
        return snapshot
    }
}

/// Faces on another forge's card.
enum ForgeFaces {
    /// The people of `top` as contributors, in its order, their faces found at the same time.
    static func contributors<Person: Sendable>(
        _ top: [Person], _ contributor: @escaping @Sendable (Person) async -> Contributor
    ) async -> [Contributor] {
        await withTaskGroup(of: (Int, Contributor).self) { group in
            for (index, person) in top.enumerated() {
                group.addTask { (index, await contributor(person)) }
            }
            var people = [Contributor?](repeating: nil, count: top.count)
            for await (index, person) in group { people[index] = person }
            return people.compactMap { $0 }
        }
    }

    /// A face that could not be downloaded now is the previous build's, as on GitHub's cards.
    static func keepLastGood(_ snapshot: inout RepoSnapshot, _ repo: RepoName, previous: LastGoodData?) {
        let faces = [snapshot.ownerAvatar] + snapshot.contributors.map(\.avatar)
        guard faces.contains(where: { $0.map(AvatarStore.isPlaceholder) ?? true }),
            let previous, let shown = previous.shown(repo)
        else { return }
        snapshot.ownerAvatar = SnapshotFetcher.lastGoodFace(snapshot.ownerAvatar, shown.ownerAvatar, previous: previous)
        for index in snapshot.contributors.indices {
            let earlier = shown.contributors.first { $0.login == snapshot.contributors[index].login }?.avatar
            snapshot.contributors[index].avatar = SnapshotFetcher.lastGoodFace(
                snapshot.contributors[index].avatar, earlier, previous: previous)
        }
    }
}
