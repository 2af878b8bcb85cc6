import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Keeps private repositories off a public site: unless site.yml says `private: include`, each one
/// GitHub (or an earlier build) reports as private is left out with a warning naming it, with the
/// widgets that name it, its avatars and, through the site's repository list, its history. Whatever
/// source gathered the snapshot, nothing after this step sees the repository.
package struct PrivateRepoFilter: Sendable {
    package let policy: PrivateRepos
    package let log: any BuildLog

    package init(_ policy: PrivateRepos, log: any BuildLog) {
        self.policy = policy
        self.log = log
    }

    package static func leftOut(_ name: String) -> String {
        "\(name) is private: left out of the site (write `private: include` in site.yml to publish "
            + "private repositories)"
    }

    /// An owner's list, before its rules: `limit` then counts repositories that can be shown.
    package func listed(_ repos: [ListedRepository]) -> [ListedRepository] {
        guard policy == .exclude else { return repos }
        return repos.filter { repo in
            if repo.isPrivate { log.warning(Self.leftOut(repo.name.description)) }
            return !repo.isPrivate
        }
    }

    package func apply(to gathered: SiteData) -> SiteData {
        guard policy == .exclude else { return gathered }
        var names: [String: String] = [:]
        for repo in gathered.repos where repo.isPrivate { names[repo.configName.lowercased()] = repo.configName }
        guard !names.isEmpty else { return gathered }
        var result = gathered
        for name in names.values.sorted() { log.warning(Self.leftOut(name)) }
        for widget in result.config.leaveOut(Set(names.keys)) {
            let shown = widget.repoNames.map(\.description).joined(separator: " + ")
            let hidden = widget.repoNames.filter { names[$0.key] != nil }.map(\.description)
            log.warning(
                "widgets: the \(Self.kind(of: widget)) widget of \(shown) is not shown: "
                    + "\(hidden.joined(separator: " and ")) \(hidden.count == 1 ? "is" : "are") private; "
                    + "the gallery shows the other widgets")
        }
        result.repos.removeAll { names[$0.configName.lowercased()] != nil }
        result.avatars = Self.avatars(gathered, without: Set(names.keys))
        return result
    }

    private static func kind(of widget: SiteConfig.Widget) -> String {
        if case .double = widget.kind { return "double" }
        return "single"
    }

    /// Drops the faces only the left-out repositories showed: a contributor of a private repository
    /// is no one the site should name, even by a picture.
    private static func avatars(_ gathered: SiteData, without keys: Set<String>) -> AvatarFiles {
        var shown = Set(gathered.owners.headings.compactMap(\.avatar))
        var hidden: Set<String> = []
        for repo in gathered.repos {
            let paths = [repo.ownerAvatar].compactMap { $0 } + repo.contributors.compactMap(\.avatar)
            if keys.contains(repo.configName.lowercased()) {
                hidden.formUnion(paths)
            } else {
                shown.formUnion(paths)
            }
        }
        var avatars = gathered.avatars
        for path in hidden.subtracting(shown) { avatars[path] = nil }
        return avatars
    }
}
