import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// `GET /users/{owner}`: who the owner is now (a rename changes `login`) and which listing applies.
struct OwnerAccountPayload: Decodable, Sendable {
    var login: String
    var type: String?
    var avatarURL: String?
    var htmlURL: String?
    /// The profile's display name and a user's followers (an organization's document has them too,
    /// but GitHub counts no followers of organizations), for the owner cards.
    var name: String?
    var followers: Int?

    enum CodingKeys: String, CodingKey {
        case login, type, name, followers
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
    }

    var isOrganization: Bool { type?.lowercased() == "organization" }
}

/// One item of an owner's repository list: everything a card shows, so no `GET /repos/…` follows.
/// The document itself waits in the spool until its repository is fetched; what the owner rules
/// sort and filter by stays at hand: ~80 bytes a repository where the document took ~700, which
/// for an organization of 100,000 repositories was most of the build's memory.
package struct ListedRepository: Sendable {
    /// GitHub's `full_name`, validated: it names folders of the site.
    package var name: RepoName
    package var stars: Int
    package var forks: Int
    /// The primary language as the list names it: the owner cards count these without a token.
    package var language: String?
    package var pushedAt: Date?
    package var fork: Bool
    package var archived: Bool
    package var isPrivate: Bool
    private let document: RecordSpool.Record
    private let spool: RecordSpool

    package init(payload: RepositoryPayload, name: RepoName, fork: Bool, isPrivate: Bool, spool: RecordSpool) {
        self.name = name
        stars = payload.stars
        forks = payload.forks
        language = payload.language
        pushedAt = payload.pushedAt
        self.fork = fork
        archived = payload.archived
        self.isPrivate = isPrivate
        document = spool.append(PayloadRecord.encode(payload))
        self.spool = spool
    }

    /// The listed document, read back from the spool.
    package var payload: RepositoryPayload { PayloadRecord.decode(spool.read(document)) }
    /// Read only when an owner filters by topic.
    package var topics: [String] { payload.topics }
}

/// The same fields as the repository document, plus what only the list's filters need.
struct ListedRepositoryPayload: Decodable {
    var repository: RepositoryPayload
    var fork: Bool
    var topics: [String]
    /// `private` or `visibility`, read as the repository document reads them.
    var isPrivate: Bool { repository.isPrivate }

    enum CodingKeys: String, CodingKey {
        case fork, topics
    }

    init(from decoder: Decoder) throws {
        repository = try RepositoryPayload(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fork = try container.decodeIfPresent(Bool.self, forKey: .fork) ?? false
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
    }
}

/// What listing one owner gave.
package struct OwnerListing: Sendable {
    package var source: OwnerSource
    /// The owner's login on GitHub now (differs from `source.owner` after a rename).
    package var login: String
    package var avatarURL: String?
    package var htmlURL: String?
    var isOrganization: Bool
    /// What the owner cards count of the list (kept when the list itself is let go).
    package var tally: OwnerTally? = nil
    /// The profile's display name and followers (nil where GitHub gave none).
    package var name: String? = nil
    package var followers: Int? = nil
    package var repos: [ListedRepository]
    /// Set when any page came from the cache alone (offline, or GitHub failing): the oldest.
    package var staleness: GitHubClient.Staleness?
    /// Why the list holds fewer repositories than asked for (`private: include` without the owner's token).
    package var note: String? = nil
    /// The forge of an owner on another forge; nil on GitHub.
    var forge: ForgeKind? = nil
    /// False for an account the forge shows only to some (Gitea's `limited` and `private`, GitLab's
    /// `internal` and `private` groups): its card keeps nothing of it.
    var isPublic = true
}

extension GitHubClient {
    /// More pages than any owner has (100,000 repositories); a Link loop stops here.
    static let ownerPageLimit = 1_000

    /// `GET /users/{owner}`, then its repositories 100 per request (public ones, or every one the
    /// token can see when `includePrivate`: see `listingRequest`). When the first page's
    /// `Link` names the last page, the other pages are asked for together, `pagesAtOnce` of them
    /// under way at a time; otherwise, and after the last page if the list grew meanwhile, `Link` is
    /// followed page by page. Pages are conditional like every request: a warm rerun is answered
    /// 304 page by page.
    /// `spool`: where the listed documents wait for their fetch (in memory unless a file is given).
    /// `pagesAtOnce`: how many pages may be asked for or read at a time (see `listedPages`).
    func listOwner(
        _ source: OwnerSource, includePrivate: Bool = false, spool: RecordSpool = RecordSpool(),
        pagesAtOnce: Int = SnapshotFetcher.tasksAtOnce(jobs: 8)
    ) async throws -> OwnerListing {
        let fetched = try await get(configuration.endpoint("/users/\(source.owner)"))
        guard fetched.status == 200 else { throw Self.failure(fetched) }
        let account: OwnerAccountPayload
        do {
            account = try JSONDecoder().decode(OwnerAccountPayload.self, from: fetched.data)
        } catch {
            throw GitHubError.invalidResponse(
                "the account of '\(source.owner)' could not be read (\(ErrorText.describe(error)))")
        }
        guard RepoName.isValidOwner(account.login) else {
            throw GitHubError.invalidResponse("GitHub named the owner '\(account.login)'")
        }
        var staleness = fetched.cachedCopy
        let request = await listingRequest(for: account, includePrivate: includePrivate)
        let first = configuration.endpoint(
            request.path,
            query: request.query + [
                URLQueryItem(name: "sort", value: "full_name"), URLQueryItem(name: "per_page", value: "100"),
            ])
        var pages = [try await listedPage(first, of: account.login, spool: spool)]
        var visited: Set<String> = [first.absoluteString]
        var url = LinkHeader.next(pages[0].link, relativeTo: first)
        if let rest = LinkHeader.remainingPages(pages[0].link, relativeTo: first, limit: Self.ownerPageLimit) {
            pages += try await listedPages(rest, of: account.login, spool: spool, atOnce: pagesAtOnce)
            visited.formUnion(rest.map(\.absoluteString))
            url = LinkHeader.next(pages[pages.count - 1].link, relativeTo: rest[rest.count - 1])
        }
        while let next = url, visited.insert(next.absoluteString).inserted, visited.count <= Self.ownerPageLimit {
            pages.append(try await listedPage(next, of: account.login, spool: spool))
            url = LinkHeader.next(pages[pages.count - 1].link, relativeTo: next)
        }
        for page in pages {
            if let older = page.staleness, older.asOf < (staleness?.asOf ?? .distantFuture) { staleness = older }
        }
        return OwnerListing(
            source: source, login: account.login, avatarURL: account.avatarURL, htmlURL: account.htmlURL,
            isOrganization: account.isOrganization,
            name: account.name, followers: account.isOrganization ? nil : account.followers,
            repos: pages.flatMap(\.repos), staleness: staleness, note: request.note)
    }

    /// Which list to read. Public repositories: `/orgs/{org}/repos?type=public`, or
    /// `/users/{user}/repos?type=owner` (which GitHub limits to public ones). With private ones: an
    /// organization's `type=all` (what the token may see); a user's private repositories are listed
    /// only to the user themself, at `/user/repos?affiliation=owner&visibility=all`, so `GET /user`
    /// tells first whose token this is. Otherwise the public list, with a note that says why.
    func listingRequest(for account: OwnerAccountPayload, includePrivate: Bool) async
        -> (path: String, query: [URLQueryItem], note: String?)
    {
        if account.isOrganization {
            let type = includePrivate ? "all" : "public"
            return ("/orgs/\(account.login)/repos", [URLQueryItem(name: "type", value: type)], nil)
        }
        let publicList = ("/users/\(account.login)/repos", [URLQueryItem(name: "type", value: "owner")])
        guard includePrivate else { return (publicList.0, publicList.1, nil) }
        let whoami: String
        do {
            let fetched = try await get(configuration.endpoint("/user"))
            guard fetched.status == 200 else { throw Self.failure(fetched) }
            whoami = try JSONDecoder().decode(OwnerAccountPayload.self, from: fetched.data).login
        } catch {
            let reason = (error as? GitHubError)?.description ?? ErrorText.describe(error)
            return (
                publicList.0, publicList.1,
                "private: include: listing only the public repositories of \(account.login): GET /user "
                    + "failed (\(reason)); only a token of \(account.login) can list their private ones"
            )
        }
        guard whoami.lowercased() == account.login.lowercased() else {
            return (
                publicList.0, publicList.1,
                "private: include: listing only the public repositories of \(account.login): the token is "
                    + "\(whoami)'s, and GitHub lists a user's private repositories to that user alone"
            )
        }
        let query = [
            URLQueryItem(name: "affiliation", value: "owner"), URLQueryItem(name: "visibility", value: "all"),
        ]
        return ("/user/repos", query, nil)
    }

    /// One page of an owner's list, read.
    struct ListedPage: Sendable {
        var repos: [ListedRepository]
        var link: String?
        var staleness: GitHubClient.Staleness?
    }

    /// Pages requested together, in their order; the first that fails fails the listing.
    /// At most `atOnce` pages are in hand, from their request until they are read: a page's body
    /// (100 repositories) is let go only once it is decoded, and the request slots free up as soon
    /// as it arrives. With every page of a large list started at once, the answers came faster than
    /// the cores decoded them and waited, bodies and all, at the heap's peak (docs/fast-paths.md).
    private func listedPages(_ urls: [URL], of login: String, spool: RecordSpool, atOnce: Int) async throws
        -> [ListedPage]
    {
        var pages = [ListedPage?](repeating: nil, count: urls.count)
        try await SlidingWindow.run(over: urls.indices, width: atOnce) { position in
            try await listedPage(urls[position], of: login, spool: spool)
        } take: { position, page in
            pages[position] = page
        }
        return pages.map { $0! }
    }

    private func listedPage(_ url: URL, of login: String, spool: RecordSpool) async throws -> ListedPage {
        let page = try await get(url)
        guard page.status == 200 else { throw Self.failure(page) }
        let items: [ListedRepositoryPayload]
        do {
            items = try JSONDecoder().decode([ListedRepositoryPayload].self, from: page.data)
        } catch {
            throw GitHubError.invalidResponse(
                "the repository list of '\(login)' could not be read (\(ErrorText.describe(error)))")
        }
        // A name that is not a valid GitHub name cannot be a folder of the site.
        let repos = items.compactMap { item -> ListedRepository? in
            guard case .success(let name) = RepoName.parse(item.repository.fullName) else { return nil }
            return ListedRepository(
                payload: item.repository, name: name, fork: item.fork, isPrivate: item.isPrivate, spool: spool)
        }
        return ListedPage(repos: repos, link: page.header("link"), staleness: page.cachedCopy)
    }
}
extension ListedRepository: OwnerRuleFacts {}
