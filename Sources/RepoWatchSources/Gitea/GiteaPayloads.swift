import Foundation
import RepoWatchSupport

/// `GET /repos/{owner}/{repo}` as Gitea's `structs.Repository` gives it (go-gitea/gitea
/// `modules/structs/repo.go`; Forgejo's is the same): only what a card shows is read.
struct GiteaRepository: Decodable, Sendable {
    var fullName: String
    var htmlURL: String?
    var description: String?
    var stars: Int
    var forks: Int?
    var openIssues: Int?
    var openPulls: Int?
    var releases: Int?
    var hasIssues: Bool?
    var hasPullRequests: Bool?
    var hasReleases: Bool?
    /// A repository without a commit has no authors to count.
    var empty: Bool?
    var archived: Bool?
    var `private`: Bool?
    /// A public repository of a private organization: not public either.
    var `internal`: Bool?
    /// Any change to the repository, not only a push.
    var updatedAt: Date?
    var language: String?
    var topics: [String]?
    var owner: GiteaUser?

    enum CodingKeys: String, CodingKey {
        case description, empty, archived, `private`, `internal`, language, topics, owner
        case fullName = "full_name"
        case htmlURL = "html_url"
        case stars = "stars_count"
        case forks = "forks_count"
        case openIssues = "open_issues_count"
        case openPulls = "open_pr_counter"
        case releases = "release_counter"
        case hasIssues = "has_issues"
        case hasPullRequests = "has_pull_requests"
        case hasReleases = "has_releases"
        case updatedAt = "updated_at"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decode(String.self, forKey: .fullName)
        htmlURL = try container.decodeIfPresent(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        stars = try container.decodeIfPresent(Int.self, forKey: .stars) ?? 0
        forks = try container.decodeIfPresent(Int.self, forKey: .forks)
        openIssues = try container.decodeIfPresent(Int.self, forKey: .openIssues)
        openPulls = try container.decodeIfPresent(Int.self, forKey: .openPulls)
        releases = try container.decodeIfPresent(Int.self, forKey: .releases)
        hasIssues = try container.decodeIfPresent(Bool.self, forKey: .hasIssues)
        hasPullRequests = try container.decodeIfPresent(Bool.self, forKey: .hasPullRequests)
        hasReleases = try container.decodeIfPresent(Bool.self, forKey: .hasReleases)
        empty = try container.decodeIfPresent(Bool.self, forKey: .empty)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
        `private` = try container.decodeIfPresent(Bool.self, forKey: .private)
        `internal` = try container.decodeIfPresent(Bool.self, forKey: .internal)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt).flatMap(ISO8601.parse)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        topics = try container.decodeIfPresent([String].self, forKey: .topics)
        owner = try container.decodeIfPresent(GiteaUser.self, forKey: .owner)
    }

    /// Also an owner (organization or user) whose visibility is `limited` (signed-in users only) or
    /// `private`: its repositories say neither `private` nor `internal`.
    var isPrivate: Bool { `private` == true || `internal` == true || owner?.isPublic == false }
}

/// `structs.User`, as a repository's owner or a commit's author: a login and a face.
struct GiteaUser: Decodable, Sendable {
    var login: String?
    var avatarURL: String?
    /// `public`, `limited` or `private`; absent from older instances' answers.
    var visibility: String?

    enum CodingKeys: String, CodingKey {
        case login, visibility
        case avatarURL = "avatar_url"
    }

    var isPublic: Bool { visibility.map { $0.lowercased() == "public" } ?? true }
}

/// `GET /repos/{owner}/{repo}/releases/latest` (`structs.Release`): the newest release that is
/// neither a draft nor a prerelease; 404 when there is none.
struct GiteaRelease: Decodable, Sendable {
    var tagName: String
    var publishedAt: Date?

    enum CodingKeys: String, CodingKey {
        case tagName = "tag_name"
        case publishedAt = "published_at"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tagName = try container.decode(String.self, forKey: .tagName)
        publishedAt = try container.decodeIfPresent(String.self, forKey: .publishedAt).flatMap(ISO8601.parse)
    }
}

/// The author of one commit of `GET /repos/{owner}/{repo}/commits` (`structs.Commit`): the forge's
/// user when the email belongs to one (`author`), else the name git recorded (`commit.author`).
/// The cache keeps only these three fields: a commit's email is never kept.
struct GiteaCommitAuthor: Codable, Sendable, Equatable {
    var login: String?
    var name: String?
    var avatarURL: String?

    enum CodingKeys: String, CodingKey {
        case login, name
        case avatarURL = "avatar_url"
    }

    /// Who is counted: the forge's login, else the recorded name.
    var who: String? {
        let text = (login?.isEmpty == false ? login : name)?.trimmingCharacters(in: .whitespaces)
        return text?.isEmpty == false ? text : nil
    }
}

/// One entry of the commit list, as Gitea sends it.
private struct GiteaCommit: Decodable {
    var author: GiteaUser?
    var commit: Inner?

    struct Inner: Decodable {
        var author: Identity?
    }

    struct Identity: Decodable {
        var name: String?
    }
}

/// The recent commits' authors: read from Gitea's list, or from what the cache kept of it.
enum GiteaCommitAuthors {
    /// What the cache keeps: `{"authors": [{login, name, avatar_url}]}`, in the list's order.
    static func kept(_ data: Data) -> Data {
        let authors = read(data) ?? []
        return (try? JSONEncoder.sorted.encode(["authors": authors])) ?? Data(#"{"authors":[]}"#.utf8)
    }

    /// A document as the cache keeps it: every `email` (the owner's, a user's) left out.
    static func withoutEmails(_ data: Data) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: data) else { return data }
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "email" }.mapValues(strip)
            }
            if let list = value as? [Any] { return list.map(strip) }
            return value
        }
        return (try? JSONSerialization.data(withJSONObject: strip(value), options: [.sortedKeys])) ?? data
    }

    static func read(_ data: Data) -> [GiteaCommitAuthor]? {
        if let kept = try? JSONDecoder().decode([String: [GiteaCommitAuthor]].self, from: data) {
            return kept["authors"]
        }
        guard let list = try? JSONDecoder().decode([GiteaCommit].self, from: data) else { return nil }
        return list.map {
            GiteaCommitAuthor(login: $0.author?.login, name: $0.commit?.author?.name, avatarURL: $0.author?.avatarURL)
        }
    }
}

extension JSONEncoder {
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
