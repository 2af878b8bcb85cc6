import Foundation
import RepoWatchModel
import RepoWatchNetwork

/// Step 2's result: the repositories in site.yml's order and the avatar files they show.
package struct Gathered: Sendable {
    /// site.yml's config, completed by `owners:` (their repositories and default widgets).
    package var config: SiteConfig
    package var repos: RepoList
    package var avatars: AvatarFiles
    /// Requests made, 304s, quota: nil when nothing was asked of GitHub.
    package var requests: RequestLedger.Counts?
    /// The response cache this build used (nil for `--sample`), tidied once the site is written.
    package var cache: ResponseCache? = nil
    /// `owners:`: the gallery's headings and the owners that could not be listed.
    package var owners = OwnerSummary()
    /// Issues and pull requests counted apart (GraphQL): nil when nothing was asked of GitHub.
    package var openCounts: OpenCountsFetcher.Report? = nil

    /// A widget without data still shows a face, never a broken image.
    package mutating func addPlaceholderFaces() async {
        let placeholders = AvatarStore(client: nil)
        for index in repos.indices where repos[index].ownerAvatar == nil {
            let owner = repos[index].configName.split(separator: "/").first.map(String.init) ?? "?"
            repos[index].ownerAvatar = await placeholders.avatar(
                url: nil, pixels: SnapshotFetcher.ownerAvatarPixels, placeholderFor: owner)
        }
        avatars.add(await placeholders.files)
    }
}

/// Made-up, deterministic numbers for `--sample`: no network, no token.
package struct SampleSource: Sendable {
    package let now: Date

    package func gather(_ config: SiteConfig) async throws -> Gathered {
        let owners = try OwnerStep.sample(config)
        let config = owners.config
        let store = AvatarStore(client: nil)
        var repos = RepoList()
        for name in config.repos {
            var repo = SampleData.snapshot(for: name, now: now)
            repo.ownerAvatar = await store.avatar(
                url: nil, pixels: SnapshotFetcher.ownerAvatarPixels, placeholderFor: name.owner)
            for index in repo.contributors.indices {
                repo.contributors[index].avatar = await store.avatar(
                    url: nil, pixels: SnapshotFetcher.contributorAvatarPixels,
                    placeholderFor: repo.contributors[index].login)
            }
            owners.label(&repo)
            repos.append(repo)
        }
        return Gathered(
            config: config, repos: repos, avatars: await store.files, requests: nil, owners: owners.summary)
    }

    package init(now: Date) {
        self.now = now
    }
}
