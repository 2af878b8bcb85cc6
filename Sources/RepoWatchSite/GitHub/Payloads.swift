import Foundation

/// The fields of `GET /repos/{owner}/{repo}` the widgets need; everything else is ignored.
struct RepositoryPayload: Decodable, Sendable {
    struct Owner: Decodable, Sendable {
        var login: String
        var avatarURL: String?
        enum CodingKeys: String, CodingKey {
            case login
            case avatarURL = "avatar_url"
        }
    }

    var fullName: String
    var owner: Owner
    var htmlURL: String?
    var description: String?
    var stars: Int
    var forks: Int
    var openIssues: Int
    var hasIssues: Bool
    var archived: Bool
    var pushedAt: Date?

    enum CodingKeys: String, CodingKey {
        case owner, description, archived, watchers, forks
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

    init(from decoder: Decoder) throws {
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

/// The error document GitHub sends with 4xx/5xx answers.
struct ErrorPayload: Decodable, Sendable {
    var message: String?
}
