/// A repository's identity as GitHub compares names (case-insensitively), for dictionaries that
/// hold an entry per repository: two short strings stored inline (up to 15 bytes each), where
/// `RepoName.key` ("owner/name" lowercased) is a string on the heap for most names.
package struct RepoKey: Hashable, Sendable {
    package let owner: String
    package let name: String

    /// A project on another forge keys as its text does (`init(_ text:)`): the host, then the path.
    package init(_ repo: RepoName) {
        if let host = repo.host {
            owner = host
            name = repo.path.lowercased()
        } else {
            owner = repo.owner.lowercased()
            name = repo.name.lowercased()
        }
    }

    /// `owner/name` (or `host/path`) as written in site.yml or a snapshot; anything without a slash
    /// keeps the whole text as its owner, so it matches no real repository.
    package init(_ text: String) {
        let parts = text.lowercased().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        owner = String(parts[0])
        name = parts.count > 1 ? String(parts[1]) : "\u{0}"
    }
}
