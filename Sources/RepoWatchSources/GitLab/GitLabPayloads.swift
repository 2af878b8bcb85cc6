import Foundation
import RepoWatchSupport

/// `GET /projects/:id` as GitLab's REST API documents it (docs.gitlab.com/ee/api/projects.html,
/// "Get a single project"; the fixtures' README says which fields the recorded shapes hold). Only
/// what a card shows is read; counts GitLab leaves out (issues disabled) stay nil.
struct GitLabProject: Decodable, Sendable {
    var id: Int
    var pathWithNamespace: String
    var webURL: String?
    var description: String?
    var starCount: Int
    var forksCount: Int?
    /// Absent when the project's issues are disabled (or hidden from the reader).
    var openIssuesCount: Int?
    var issuesEnabled: Bool?
    var mergeRequestsEnabled: Bool?
    var archived: Bool?
    /// `public`, `internal` or `private`.
    var visibility: String?
    /// Any activity: a push, an issue, a comment; not the same as the last push.
    var lastActivityAt: Date?
    var avatarURL: String?
    var namespace: Namespace?
    var topics: [String]?
    /// Who may see each part (`*_access_level`), read apart (`GitLabAccess`).
    var access = GitLabAccess()

    struct Namespace: Decodable, Sendable {
        var path: String?
        var fullPath: String?
        var avatarURL: String?

        enum CodingKeys: String, CodingKey {
            case path
            case fullPath = "full_path"
            case avatarURL = "avatar_url"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, description, archived, visibility, namespace, topics
        case pathWithNamespace = "path_with_namespace"
        case webURL = "web_url"
        case starCount = "star_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case issuesEnabled = "issues_enabled"
        case mergeRequestsEnabled = "merge_requests_enabled"
        case lastActivityAt = "last_activity_at"
        case avatarURL = "avatar_url"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        pathWithNamespace = try container.decode(String.self, forKey: .pathWithNamespace)
        webURL = try container.decodeIfPresent(String.self, forKey: .webURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        starCount = try container.decodeIfPresent(Int.self, forKey: .starCount) ?? 0
        forksCount = try container.decodeIfPresent(Int.self, forKey: .forksCount)
        openIssuesCount = try container.decodeIfPresent(Int.self, forKey: .openIssuesCount)
        issuesEnabled = try container.decodeIfPresent(Bool.self, forKey: .issuesEnabled)
        mergeRequestsEnabled = try container.decodeIfPresent(Bool.self, forKey: .mergeRequestsEnabled)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
        visibility = try container.decodeIfPresent(String.self, forKey: .visibility)
        lastActivityAt = try container.decodeIfPresent(String.self, forKey: .lastActivityAt).flatMap(ISO8601.parse)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
        namespace = try container.decodeIfPresent(Namespace.self, forKey: .namespace)
        topics = try container.decodeIfPresent([String].self, forKey: .topics)
        access = try GitLabAccess(from: decoder)
    }

    /// `private` and `internal` (every signed-in user of the instance) are both not public.
    var isPrivate: Bool { (visibility ?? "public") != "public" }
}

/// One entry of `GET /projects/:id/repository/contributors` (docs.gitlab.com/ee/api/repositories.html,
/// "Contributors"): a name and an email, no login, no avatar. Kept in the cache with the email's
/// SHA-256 in place of the email (`GitLabContributors.keptBody`).
struct GitLabContributor: Decodable, Sendable {
    var name: String
    var email: String?
    var emailSHA256: String?
    var commits: Int

    enum CodingKeys: String, CodingKey {
        case name, email, commits
        case emailSHA256 = "email_sha256"
    }
}

/// One entry of `GET /projects/:id/releases` (docs.gitlab.com/ee/api/releases/), newest first.
struct GitLabRelease: Decodable, Sendable {
    var tagName: String
    var releasedAt: Date?
    var upcomingRelease: Bool?

    enum CodingKeys: String, CodingKey {
        case tagName = "tag_name"
        case releasedAt = "released_at"
        case upcomingRelease = "upcoming_release"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tagName = try container.decode(String.self, forKey: .tagName)
        releasedAt = try container.decodeIfPresent(String.self, forKey: .releasedAt).flatMap(ISO8601.parse)
        upcomingRelease = try container.decodeIfPresent(Bool.self, forKey: .upcomingRelease)
    }
}

/// `GET /avatar?email=` (docs.gitlab.com/ee/api/avatar.html): where the face of an email is.
struct GitLabAvatarLookup: Decodable, Sendable {
    var avatarURL: String?

    enum CodingKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }
}
