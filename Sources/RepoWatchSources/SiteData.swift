import Foundation
import RepoWatchModel
import RepoWatchNetwork

/// What a `SiteSource` gives the pipeline: the site's repositories in site.yml's order, the avatar
/// files they show, and how they were obtained.
package struct SiteData: Sendable {
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
    /// What the build's REST budget allowed and what it held back: nil offline and for samples.
    package var budget: RequestBudget.Usage? = nil
    /// How long requests waited to stay under GitHub's secondary limits.
    package var pacing: Pacing? = nil
    /// Star and fork dates read for the history (`StarBackfill`): nil for samples, and when site.yml
    /// turns backfill off.
    package var backfill: StarBackfill.Report? = nil
    /// The site being replaced may show a private repository this build leaves out (an earlier
    /// `private: include` build wrote it, or the repository is private since): it is removed once
    /// the new site is in place, not kept aside for reuse (`.public.recycled`).
    package var previousShowsPrivate = false
    /// Whether this build could ask GitHub (the network stack's answer, `reachesNetwork`): false for
    /// samples and `--offline`, whose changes are no news to send.
    package var reachedNetwork = false
    /// Each other forge's requests and quota, for the build's last lines (sorted by host).
    package var forges: [ForgeUsage] = []

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
