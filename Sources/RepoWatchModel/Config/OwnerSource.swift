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

    package init(owner: String) { self.owner = owner }

    /// `owner:NAME` in snapshot.json.
    package var source: RepoSource { .owner(owner) }

    /// Owners compare as GitHub compares them: case-insensitively.
    package var key: String { owner.lowercased() }
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
