/// One entry of `owners:`: every public repository of a user or organization, narrowed by filters
/// that are applied after listing (see `OwnerSelection`).
struct OwnerSource: Sendable, Equatable {
    enum Sort: String, Sendable, CaseIterable {
        /// Most stars first.
        case stars
        /// Most recently pushed first.
        case pushed
        /// A→Z by name.
        case name
    }

    /// As written in site.yml; `source` and diagnostics use this spelling.
    var owner: String
    var forks = false
    var archived = false
    /// Keep only repositories with at least one of these topics (case-insensitive); empty keeps all.
    var topics: [String] = []
    var minStars = 0
    var sort = Sort.stars
    /// At most this many, after filters and sort; nil is no limit.
    var limit: Int?
    var exclude: [RepoName] = []

    init(owner: String) { self.owner = owner }

    /// `owner:NAME` in snapshot.json.
    var source: RepoSource { .owner(owner) }

    /// Owners compare as GitHub compares them: case-insensitively.
    var key: String { owner.lowercased() }
}

/// Where a repository of the site came from: the `repos:` list or an `owners:` entry.
enum RepoSource: Sendable, Hashable, Codable, CustomStringConvertible {
    case repos
    /// The owner as written in site.yml.
    case owner(String)

    var description: String {
        switch self {
        case .repos: return "repos"
        case .owner(let name): return "owner:\(name)"
        }
    }

    var ownerName: String? {
        if case .owner(let name) = self { return name }
        return nil
    }

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("owner:") {
            self = .owner(String(text.dropFirst("owner:".count)))
        } else {
            self = .repos
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension SiteConfig {
    /// A widget's repository that is not in `repos:`; with `owners:` it may be one an owner lists,
    /// which only the build can tell, so its position is kept for the error.
    struct Reference: Sendable, Equatable {
        var name: RepoName
        var file: String
        var line: Int
        var column: Int

        func diagnostic(_ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, line: line, column: column, message)
        }
    }
}
