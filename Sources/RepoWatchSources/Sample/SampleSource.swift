import Foundation
import RepoWatchModel

/// Made-up, deterministic numbers for `--sample`: no network, no token.
package struct SampleSource: SiteSource {
    package let now: Date

    package func gather(_ config: SiteConfig) async throws -> SiteData {
        let owners = try ListedOwners.sample(config, now: now)
        let config = owners.config
        let store = AvatarStore(client: nil)
        var repos = RepoList()
        for (position, name) in config.repos.enumerated() {
            var repo = SampleData.snapshot(for: name, now: now)
            repo.ownerAvatar = await store.avatar(
                url: nil, pixels: SnapshotFetcher.ownerAvatarPixels, placeholderFor: name.owner)
            for index in repo.contributors.indices {
                repo.contributors[index].avatar = await store.avatar(
                    url: nil, pixels: SnapshotFetcher.contributorAvatarPixels,
                    placeholderFor: repo.contributors[index].login)
            }
            owners.label(&repo, at: position)
            repos.append(repo)
        }
        return SiteData(
            config: config, repos: repos, avatars: await store.files, requests: nil, owners: owners.summary)
    }

    package init(now: Date) {
        self.now = now
    }
}
