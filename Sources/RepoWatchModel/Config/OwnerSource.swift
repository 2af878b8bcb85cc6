/// One entry of `owners:`: every public repository of a user or organization, narrowed by filters
/// that are applied after listing (see `OwnerSelection`).
package struct OwnerSource: Sendable, Equatable {
    package enum Sort: String, Sendable, CaseIterable {
        /// Most stars first.
        case stars
        /// Most recently pushed first.
        case pushed
        /// A→Z by name.
        case name
    }

    /// As written in site.yml; `source` and diagnostics use this spelling.
    package var owner: String
    package var forks = false
    package var archived = false
    /// Keep only repositories with at least one of these topics (case-insensitive); empty keeps all.
    package var topics: [String] = []
    package var minStars = 0
    package var sort = Sort.stars
    /// At most this many, after filters and sort; nil is no limit.
    package var limit: Int?
    package var exclude: [RepoName] = []
    /// Where each `exclude` entry is in site.yml (`LINE:COL`, in the same order), for messages about it.
    package var excludePlaces: [String] = []
    /// Which files each of the owner's repositories gets (`outputs:`), so a large list fits GitHub Pages.
    package var outputs = RepoOutputs.all

    package init(owner: String) { self.owner = owner }

    /// `owner:NAME` in snapshot.json.
    package var source: RepoSource { .owner(owner) }

    /// Owners compare as GitHub compares them: case-insensitively.
    package var key: String { owner.lowercased() }

    /// The forge's host of an owner on another forge (`codeberg.org/OWNER`: a host has a dot, a
    /// GitHub login never does); nil on GitHub.
    package var host: String? {
        guard let slash = owner.firstIndex(of: "/") else { return nil }
        let host = owner[..<slash]
        return host.contains(".") ? host.lowercased() : nil
    }

    /// The owner's path on its forge (`OWNER`, or `group/subgroup` on GitLab); the login on GitHub.
    package var path: String {
        guard host != nil, let slash = owner.firstIndex(of: "/") else { return owner }
        return String(owner[owner.index(after: slash)...])
    }

    /// Whether `name` is one of this owner's repositories (on GitLab, of its subgroups too).
    package func owns(_ name: RepoName) -> Bool {
        guard name.host == host else { return false }
        let namespace = name.owner.lowercased()
        let own = path.lowercased()
        return namespace == own || (host != nil && namespace.hasPrefix(own + "/"))
    }
}

/// The files an owner-listed repository gets (`outputs:` on an `owners:` entry). GitHub Pages
/// publishes at most 1 GB; the smaller choices trade what a reader can do for room (each one's size
/// a repository: docs/benchmarks.md, `Benchmarks/footprint.py`).
package enum RepoOutputs: String, Sendable, CaseIterable {
    /// Medium and large cards in the gallery, the repository's page, and its standalone widget
    /// documents and SVG images to embed.
    case all
    /// Cards and the repository's page, without the standalone widgets and SVG images: nothing of
    /// it to embed in a README or an iframe.
    case page
    /// One large card in the gallery (the medium card and the top contributors), whose caption links
    /// to the repository on GitHub; no page of its own, so no history chart or changes since the
    /// last build.
    case card
}

/// Where a repository of the site came from: the `repos:` list or an `owners:` entry.
package enum RepoSource: Sendable, Hashable, Codable, CustomStringConvertible {
    case repos
    /// The owner as written in site.yml.
    case owner(String)

    package var description: String {
        switch self {
        case .repos: return "repos"
        case .owner(let name): return "owner:\(name)"
        }
    }

    package var ownerName: String? {
        if case .owner(let name) = self { return name }
        return nil
    }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("owner:") {
            self = .owner(String(text.dropFirst("owner:".count)))
        } else {
            self = .repos
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension SiteConfig {
    /// A widget's repository that is not in `repos:`; with `owners:` it may be one an owner lists,
    /// which only the build can tell, so its position is kept for the error.
    package struct Reference: Sendable, Equatable {
        package var name: RepoName
        package var file: String
        package var line: Int
        package var column: Int

        package func diagnostic(_ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, line: line, column: column, message)
        }

        package init(name: RepoName, file: String, line: Int, column: Int) {
            self.name = name
            self.file = file
            self.line = line
            self.column = column
        }
    }
}
