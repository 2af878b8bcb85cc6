import Foundation

/// `GET /users/{owner}`: who the owner is now (a rename changes `login`) and which listing applies.
struct OwnerAccountPayload: Decodable, Sendable {
    var login: String
    var type: String?
    var avatarURL: String?
    var htmlURL: String?

    enum CodingKeys: String, CodingKey {
        case login, type
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
    }

    var isOrganization: Bool { type?.lowercased() == "organization" }
}

/// One item of an owner's repository list: everything a card shows, so no `GET /repos/…` follows.
struct ListedRepository: Sendable {
    var payload: RepositoryPayload
    /// GitHub's `full_name`, validated: it names folders of the site.
    var name: RepoName
    var fork: Bool
    var isPrivate: Bool
    var topics: [String]
    var stars: Int { payload.stars }
    var archived: Bool { payload.archived }
    var pushedAt: Date? { payload.pushedAt }
}

/// The same fields as the repository document, plus what only the list's filters need.
struct ListedRepositoryPayload: Decodable {
    var repository: RepositoryPayload
    var fork: Bool
    var isPrivate: Bool
    var topics: [String]

    enum CodingKeys: String, CodingKey {
        case fork, topics
        case isPrivate = "private"
    }

    init(from decoder: Decoder) throws {
        repository = try RepositoryPayload(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fork = try container.decodeIfPresent(Bool.self, forKey: .fork) ?? false
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
    }
}

/// What listing one owner gave.
struct OwnerListing: Sendable {
    var source: OwnerSource
    /// The owner's login on GitHub now (differs from `source.owner` after a rename).
    var login: String
    var avatarURL: String?
    var htmlURL: String?
    var isOrganization: Bool
    var repos: [ListedRepository]
    /// Set when any page came from the cache alone (offline, or GitHub failing): the oldest.
    var staleness: GitHubClient.Staleness?
}

extension GitHubClient {
    /// More pages than any owner has (100,000 repositories); a Link loop stops here.
    static let ownerPageLimit = 1_000

    /// `GET /users/{owner}`, then its public repositories 100 per request, following `Link` to the end.
    /// Pages are conditional like every request: a warm rerun is answered 304 page by page.
    func listOwner(_ source: OwnerSource) async throws -> OwnerListing {
        let fetched = try await get(configuration.endpoint("/users/\(source.owner)"))
        guard fetched.status == 200 else { throw Self.failure(fetched) }
        let account: OwnerAccountPayload
        do {
            account = try JSONDecoder().decode(OwnerAccountPayload.self, from: fetched.data)
        } catch {
            throw GitHubError.invalidResponse("the account of '\(source.owner)' could not be read (\(error))")
        }
        guard RepoName.isValidOwner(account.login) else {
            throw GitHubError.invalidResponse("GitHub named the owner '\(account.login)'")
        }
        var staleness = fetched.staleness
        let path =
            account.isOrganization ? "/orgs/\(account.login)/repos" : "/users/\(account.login)/repos"
        var url: URL? = configuration.endpoint(
            path,
            query: [
                URLQueryItem(name: "type", value: account.isOrganization ? "public" : "owner"),
                URLQueryItem(name: "sort", value: "full_name"),
                URLQueryItem(name: "per_page", value: "100"),
            ])
        var repos: [ListedRepository] = []
        var visited: Set<String> = []
        while let next = url, visited.insert(next.absoluteString).inserted, visited.count <= Self.ownerPageLimit {
            let page = try await get(next)
            guard page.status == 200 else { throw Self.failure(page) }
            if let older = page.staleness, older.asOf < (staleness?.asOf ?? .distantFuture) { staleness = older }
            let items: [ListedRepositoryPayload]
            do {
                items = try JSONDecoder().decode([ListedRepositoryPayload].self, from: page.data)
            } catch {
                throw GitHubError.invalidResponse(
                    "the repository list of '\(account.login)' could not be read (\(error))")
            }
            for item in items {
                // A name that is not a valid GitHub name cannot be a folder of the site.
                guard case .success(let name) = RepoName.parse(item.repository.fullName) else { continue }
                repos.append(
                    ListedRepository(
                        payload: item.repository, name: name, fork: item.fork, isPrivate: item.isPrivate,
                        topics: item.topics))
            }
            url = LinkHeader.next(page.header("link"), relativeTo: next)
        }
        return OwnerListing(
            source: source, login: account.login, avatarURL: account.avatarURL, htmlURL: account.htmlURL,
            isOrganization: account.isOrganization,
            repos: repos, staleness: staleness)
    }
}
extension ListedRepository: OwnerRuleFacts {}
