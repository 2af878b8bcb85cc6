import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// `GET /orgs/{org}` (`structs.Organization`) or `GET /users/{user}` (`structs.User`): who the
/// owner is, and which list to read.
struct GiteaAccount: Decodable, Sendable {
    var login: String?
    var username: String?
    var fullName: String?
    var avatarURL: String?
    var htmlURL: String?
    var followers: Int?
    /// `public`, `limited` (signed-in users only) or `private`; older instances say nothing.
    var visibility: String?
    /// The cache's sealed entry of a private account (`{"private":true}`) says only this.
    var sealed: Bool?

    enum CodingKeys: String, CodingKey {
        case login, username, visibility
        case sealed = "private"
        case fullName = "full_name"
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case followers = "followers_count"
    }

    /// All the cache keeps of the answer: `structs.User` also holds the email and the last sign-in.
    static let fields: Set = [
        "id", "login", "username", "full_name", "avatar_url", "html_url", "followers_count", "visibility", "private",
    ]
}

/// `GET /settings/api` (`structs.GeneralAPISettings`): the largest page the instance sends.
struct GiteaAPISettings: Decodable, Sendable {
    var maxResponseItems: Int?

    enum CodingKeys: String, CodingKey {
        case maxResponseItems = "max_response_items"
    }
}

extension GiteaSource {
    /// Gitea's default `max_response_items`: the page size when the instance does not say its own.
    static let defaultPageSize = 50
    /// More pages than any owner has; a list that keeps growing stops here.
    static let ownerPageLimit = 1_000

    /// An organization's repositories (`/orgs/{org}/repos`), or a user's (`/users/{user}/repos`) when
    /// the owner is not an organization, at the instance's largest page (`/settings/api`);
    /// `X-Total-Count` says when the list is whole. The forge has no `pushed_at`: `updated_at` (any
    /// change) is what `sort: pushed` sorts by.
    func listOwner(_ source: OwnerSource, spool: RecordSpool) async throws -> OwnerListing {
        let owner = Self.escaped(source.path)
        var (account, isOrganization) = (try await self.account("/orgs/\(owner)"), true)
        if account == nil {
            (account, isOrganization) = (try await self.account("/users/\(owner)"), false)
        }
        guard let account else { throw GitHubError.notFound }
        let login = account.username ?? account.login ?? source.path
        let (size, sizeSaid) = await pageSize()
        let base = isOrganization ? "/orgs/\(owner)/repos" : "/users/\(owner)/repos"
        var repos: [ListedRepository] = []
        var staleness: GitHubClient.Staleness?
        var seen = 0
        var progress = ListingProgress(
            owner: source.owner, log: context.log, reachesNetwork: context.stack.reachesNetwork)
        for number in 1...Self.ownerPageLimit {
            let url = client.configuration.endpoint(
                base,
                query: [
                    URLQueryItem(name: "limit", value: String(size)), URLQueryItem(name: "page", value: String(number)),
                ])
            let page = try await listedPage(url, of: login, spool: spool)
            repos += page.repos
            if let older = page.staleness, older.asOf < (staleness?.asOf ?? .distantFuture) { staleness = older }
            // Items the instance sent, private ones included: the total counts them too. The page
            // size is the instance's only when it said it (it may send fewer than the fallback).
            seen += page.count
            progress.add(page.count, of: page.total)
            if page.count == 0 { break }
            if let total = page.total { if seen >= total { break } } else if sizeSaid, page.count < size { break }
        }
        var listing = OwnerListing(
            source: source, login: "\(forge.host)/\(login)", avatarURL: SafeURL.http(account.avatarURL),
            htmlURL: SafeURL.http(account.htmlURL) ?? "https://\(forge.host)/\(login)",
            isOrganization: isOrganization, name: account.fullName,
            followers: isOrganization ? nil : account.followers, repos: repos, staleness: staleness)
        listing.forge = forge.kind
        listing.isPublic = account.sealed != true && (account.visibility ?? "public").lowercased() == "public"
        return listing
    }

    /// The account at `path`, or nil when the forge has none there.
    private func account(_ path: String) async throws -> GiteaAccount? {
        let fetched = try await client.get(
            client.configuration.endpoint(path), accept: "application/json",
            keptBody: { data, _ in KeptFields.only(GiteaAccount.fields, of: data) })
        if fetched.status == 404 { return nil }
        guard fetched.status == 200 else { throw GitHubClient.failure(fetched) }
        do {
            return try JSONDecoder().decode(GiteaAccount.self, from: fetched.data)
        } catch {
            throw GitHubError.invalidResponse("the account at \(path) could not be read (\(ErrorText.describe(error)))")
        }
    }

    /// The instance's `max_response_items`, and whether it said it; Gitea's default when it does not.
    private func pageSize() async -> (Int, Bool) {
        guard
            let fetched = try? await client.get(
                client.configuration.endpoint("/settings/api"), accept: "application/json"),
            fetched.status == 200,
            let items = (try? JSONDecoder().decode(GiteaAPISettings.self, from: fetched.data))?.maxResponseItems,
            items > 0
        else { return (Self.defaultPageSize, false) }
        return (min(items, 1_000), true)
    }

    private struct ListedPage {
        var repos: [ListedRepository]
        /// Items on the page, kept or not (a page shorter than asked is the last).
        var count: Int
        var total: Int?
        var staleness: GitHubClient.Staleness?
    }

    private func listedPage(_ url: URL, of login: String, spool: RecordSpool) async throws -> ListedPage {
        // Under `private: exclude` a private repository's entry is not even kept in the cache.
        let leavesOut = context.leavesOutPrivate
        let page = try await client.get(
            url, accept: "application/json",
            keptBody: { data, headers in
                let trimmed = GiteaListedRepository.withAccountFieldsOnly(data)
                return leavesOut ? GiteaListedPageBody.keptPublic(trimmed, headers) : trimmed
            })
        guard page.status == 200 else { throw GitHubClient.failure(page) }
        let body = GiteaListedPageBody(page.data, total: page.header("x-total-count"))
        let items: [GiteaListedRepository]
        do {
            items = try JSONDecoder().decode([GiteaListedRepository].self, from: body.list)
        } catch {
            throw GitHubError.invalidResponse(
                "the repository list of '\(ConsoleText.inline(login))' could not be read (\(ErrorText.describe(error)))"
            )
        }
        let repos = items.compactMap { item -> ListedRepository? in
            // A name that is not a valid one cannot be a folder of the site.
            guard case .success(let name) = RepoName.parse("\(forge.host)/\(item.repository.fullName)") else {
                return nil
            }
            return ListedRepository(
                payload: item.payload(host: forge.host), name: name, fork: item.fork,
                isPrivate: item.repository.isPrivate, spool: spool)
        }
        return ListedPage(
            repos: repos, count: body.received ?? items.count, total: body.total,
            staleness: page.cachedCopy(from: client.configuration.forgeHost))
    }
}

/// One entry of an owner's list: the repository document (`structs.Repository`) and whether it is a fork.
struct GiteaListedRepository: Decodable {
    var repository: GiteaRepository
    var fork: Bool

    enum CodingKeys: String, CodingKey {
        case fork
    }

    init(from decoder: Decoder) throws {
        repository = try GiteaRepository(from: decoder)
        fork = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .fork) ?? false
    }

    /// What the owner rules and the owner's tally read; the card itself is asked of the forge.
    func payload(host: String) -> RepositoryPayload {
        let document = repository
        return RepositoryPayload(
            fullName: "\(host)/\(document.fullName)",
            owner: .init(login: document.owner?.login ?? "", avatarURL: document.owner?.avatarURL),
            htmlURL: document.htmlURL, description: document.description, stars: document.stars,
            forks: document.forks ?? 0, openIssues: document.openIssues ?? 0, hasIssues: document.hasIssues ?? true,
            archived: document.archived ?? false, pushedAt: document.updatedAt, language: document.language,
            topics: document.topics ?? [], isPrivate: document.isPrivate)
    }

    /// A page whose entries' owners keep `GiteaAccount.fields` alone (a user's email and last sign-in
    /// come with each of its repositories).
    static func withAccountFieldsOnly(_ data: Data) -> Data {
        guard var list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return data }
        for index in list.indices {
            guard let owner = list[index]["owner"] as? [String: Any] else { continue }
            list[index]["owner"] = owner.filter { GiteaAccount.fields.contains($0.key) }
        }
        return (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])) ?? data
    }

    /// A page without its private and internal entries, nor those of an owner that is not public.
    static func withoutPrivate(_ data: Data) -> Data {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return data }
        let shown = list.filter { item in
            let visibility = ((item["owner"] as? [String: Any])?["visibility"] as? String)?.lowercased() ?? "public"
            return (item["private"] as? Bool) != true && (item["internal"] as? Bool) != true && visibility == "public"
        }
        return (try? JSONSerialization.data(withJSONObject: shown, options: [.sortedKeys])) ?? data
    }
}

/// An owner's page as `private: exclude` keeps it: `{"received": N, "repos": [...], "total": T}`, its
/// public entries with how many the instance sent and its `X-Total-Count` (the cache keeps no
/// header), so a page read from the cache still says where the list ends. `private: include` keeps
/// the list as it came, which the cache sweep seals when a later build leaves private ones out.
struct GiteaListedPageBody {
    var list: Data
    var received: Int?
    var total: Int?

    init(_ data: Data, total header: String?) {
        let kept = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let repos = (kept?["repos"]).flatMap { try? JSONSerialization.data(withJSONObject: $0) }
        list = repos ?? data
        received = repos == nil ? nil : kept?["received"] as? Int
        total = repos == nil ? header.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } : kept?["total"] as? Int
    }

    static func keptPublic(_ data: Data, _ headers: [String: String]) -> Data {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [Any],
            let shown = try? JSONSerialization.jsonObject(with: GiteaListedRepository.withoutPrivate(data))
        else { return GiteaListedRepository.withoutPrivate(data) }
        var object: [String: Any] = ["received": list.count, "repos": shown]
        object["total"] = headers["x-total-count"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("[]".utf8)
    }
}
