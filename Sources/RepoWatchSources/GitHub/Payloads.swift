import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The fields of `GET /repos/{owner}/{repo}` the widgets need; everything else is ignored.
package struct RepositoryPayload: Decodable, Sendable, Equatable {
    package struct Owner: Decodable, Sendable, Equatable {
        package var login: String
        package var avatarURL: String?
        package enum CodingKeys: String, CodingKey {
            case login
            case avatarURL = "avatar_url"
        }

        package init(login: String, avatarURL: String?) {
            self.login = login
            self.avatarURL = avatarURL
        }
    }

    package var fullName: String
    package var owner: Owner
    package var htmlURL: String?
    package var description: String?
    package var stars: Int
    package var forks: Int
    package var openIssues: Int
    package var hasIssues: Bool
    package var archived: Bool
    package var pushedAt: Date?
    package var language: String?
    package var topics: [String]
    package var isPrivate: Bool

    package enum CodingKeys: String, CodingKey {
        case owner, description, archived, watchers, forks, language, topics, visibility
        case isPrivate = "private"
        case fullName = "full_name"
        case htmlURL = "html_url"
        case stargazersCount = "stargazers_count"
        case watchersCount = "watchers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case openIssues = "open_issues"
        case hasIssues = "has_issues"
        case pushedAt = "pushed_at"
    }

    /// A document made from another answer (GraphQL's `RepositoryNode`).
    package init(
        fullName: String, owner: Owner, htmlURL: String?, description: String?, stars: Int, forks: Int,
        openIssues: Int, hasIssues: Bool, archived: Bool, pushedAt: Date?, language: String?, topics: [String],
        isPrivate: Bool
    ) {
        self.fullName = fullName
        self.owner = owner
        self.htmlURL = htmlURL
        self.description = description
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.hasIssues = hasIssues
        self.archived = archived
        self.pushedAt = pushedAt
        self.language = language
        self.topics = topics
        self.isPrivate = isPrivate
    }

    /// What a sealed cache entry stands for: a private repository, known by the name asked for and
    /// nothing else (`PrivateAnswers`).
    package static func sealed(_ name: RepoName) -> RepositoryPayload {
        RepositoryPayload(
            fullName: name.description, owner: Owner(login: name.owner, avatarURL: nil), htmlURL: nil, description: nil,
            stars: 0, forks: 0, openIssues: 0, hasIssues: false, archived: false, pushedAt: nil, language: nil,
            topics: [], isPrivate: true)
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        owner = try container.decode(Owner.self, forKey: .owner)
        htmlURL = try container.decodeIfPresent(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        // Payloads from before 2012's rename of "watchers" to stargazers carry only `watchers`.
        stars =
            try container.decodeIfPresent(Int.self, forKey: .stargazersCount)
            ?? container.decodeIfPresent(Int.self, forKey: .watchers)
            ?? container.decodeIfPresent(Int.self, forKey: .watchersCount) ?? 0
        forks =
            try container.decodeIfPresent(Int.self, forKey: .forksCount)
            ?? container.decodeIfPresent(Int.self, forKey: .forks) ?? 0
        openIssues =
            try container.decodeIfPresent(Int.self, forKey: .openIssuesCount)
            ?? container.decodeIfPresent(Int.self, forKey: .openIssues) ?? 0
        hasIssues = try container.decodeIfPresent(Bool.self, forKey: .hasIssues) ?? true
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        pushedAt = try container.decodeIfPresent(String.self, forKey: .pushedAt).flatMap(ISO8601.parse)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
        // `internal` (GitHub Enterprise) is seen by the enterprise's members only: for a public site it is
        // as private as `private`. A visibility GitHub may add later is not assumed public either.
        let visibility = (try? container.decodeIfPresent(String.self, forKey: .visibility))?.lowercased()
        isPrivate =
            try container.decodeIfPresent(Bool.self, forKey: .isPrivate) == true
            || (visibility != nil && visibility != "public")
    }
}

/// One entry of `GET /repos/{owner}/{repo}/contributors`.
struct ContributorPayload: Decodable, Sendable {
    var login: String?
    var type: String?
    var contributions: Int
    var avatarURL: String?

    enum CodingKeys: String, CodingKey {
        case login, type, contributions
        case avatarURL = "avatar_url"
    }

    /// Widgets show people: bots and anonymous (email-only) entries are left out.
    var isPerson: Bool {
        guard let login, !login.isEmpty else { return false }
        switch type?.lowercased() {
        case "bot", "anonymous": return false
        default: return !login.hasSuffix("[bot]")
        }
    }
}
