import Foundation

/// An owner of `owners:` as the gallery introduces it.
struct OwnerHeading: Sendable {
    var source: OwnerSource
    /// The login on GitHub now (after a rename it differs from `source.owner`).
    var login: String
    /// Root-relative path under `avatars/`; nil draws the placeholder.
    var avatar: String?
    var htmlURL: String?
}

// MARK: - Template keys for `owners:` (documented in Templates/README.md)
//
// The only place the owner keys are made, so they can move to typed contexts in one piece:
//   gallery:          `sections: [{ widgets, owner?, continued }]`
//                     `owner: { name, login, anchor, avatar: { src, alt }, count, count_display, count_label, html_url? }`
//   repository page:  `source: { value, from_owner, owner_name?, label, html_url? }`

/// Where each repository came from, and the gallery's sections: one per run of widgets from the same
/// owner (the `repos:` list and double widgets have no heading).
struct OwnerSections: Sendable {
    private let sources: [String: RepoSource]
    private let headings: [String: OwnerHeading]
    private let counts: [String: Int]

    init(headings: [OwnerHeading], snapshot: Snapshot) {
        var sources: [String: RepoSource] = [:]
        var counts: [String: Int] = [:]
        for repo in snapshot.repos {
            let source = repo.source ?? .repos
            sources[repo.configName.lowercased()] = source
            if let owner = source.ownerName?.lowercased() { counts[owner, default: 0] += 1 }
        }
        self.sources = sources
        self.counts = counts
        self.headings = Dictionary(headings.map { ($0.source.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func source(of name: RepoName) -> RepoSource { sources[name.key] ?? .repos }

    /// The owner whose section shows `repos` (a widget of one repository from an owner).
    func owner(of repos: [RepoName]) -> String? {
        guard repos.count == 1 else { return nil }
        return source(of: repos[0]).ownerName
    }

    /// `widgets` split where the owner changes; `before` is the owner of the last widget on the page
    /// before, so a section that goes on from there says so.
    func gallery(owners: [String?], widgets: [[String: Any]], before: String?) -> [[String: Any]] {
        var sections: [[String: Any]] = []
        var current: [[String: Any]] = []
        var currentOwner: String?
        func close() {
            guard !current.isEmpty else { return }
            var section: [String: Any] = ["widgets": current]
            if let currentOwner, let heading = heading(currentOwner) {
                section["owner"] = heading
                section["continued"] = sections.isEmpty && before?.lowercased() == currentOwner.lowercased()
            }
            sections.append(section)
            current = []
        }
        for (owner, widget) in zip(owners, widgets) {
            if owner?.lowercased() != currentOwner?.lowercased() || current.isEmpty {
                close()
                currentOwner = owner
            }
            current.append(widget)
        }
        close()
        return sections
    }

    private func heading(_ owner: String) -> [String: Any]? {
        let key = owner.lowercased()
        let heading = headings[key]
        let count = counts[key] ?? 0
        let login = heading?.login ?? owner
        var context: [String: Any] = [
            "name": heading?.source.owner ?? owner,
            "login": login,
            "anchor": "owner-\(key)",
            "avatar": ["src": heading?.avatar ?? "", "alt": "Avatar of \(login)"],
            "count": count,
            "count_display": Formatting.grouped(count),
            "count_label": Formatting.plural(count, "repository", "repositories"),
        ]
        if let url = SafeURL.http(heading?.htmlURL) { context["html_url"] = url }
        return context
    }

    /// The repository page's `source`.
    func repoPage(_ name: RepoName) -> [String: Any] {
        let source = source(of: name)
        guard let owner = source.ownerName else {
            return ["value": source.description, "from_owner": false, "label": "Listed in site.yml"]
        }
        var context: [String: Any] = [
            "value": source.description, "from_owner": true, "owner_name": owner,
            "label": "One of \(headings[owner.lowercased()]?.login ?? owner)’s repositories",
        ]
        if let url = SafeURL.http(headings[owner.lowercased()]?.htmlURL) { context["html_url"] = url }
        return context
    }
}
