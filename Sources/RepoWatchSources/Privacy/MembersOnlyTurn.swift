import RepoWatchModel

extension GitHubSource {
    /// Whether the site being replaced shows a part that a forge now keeps to the project's members
    /// (`RepoSnapshot.membersOnly`): it is then not kept beside the site for the next build to reuse.
    /// Only another forge's projects are looked at, and the previous snapshot is read only for one
    /// that hides a part.
    static func previousShowsMembersOnly(_ repos: RepoList, of config: SiteConfig, previous: LastGoodData) -> Bool {
        config.repos.indices.contains { position in
            guard !config.repos[position].isGitHub, position < repos.count else { return false }
            let hidden = repos[position].membersOnly
            guard !hidden.isEmpty, let shown = previous.shown(config.repos[position]) else { return false }
            return !shown.membersOnly.isSuperset(of: hidden)
        }
    }
}
