import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// `GET /groups/:id` (docs.gitlab.com/ee/api/groups.html, "Details of a group"): the group's face and page.
struct GitLabGroup: Decodable, Sendable {
    var fullPath: String?
    var name: String?
    var avatarURL: String?
    var webURL: String?
    /// `public`, `internal` (signed-in users only) or `private`; the cache's sealed entry of a
    /// group that is not public says only `"private": true`.
    var visibility: String?
    var sealed: Bool?

    var isPublic: Bool { sealed != true && (visibility ?? "public").lowercased() == "public" }

    enum CodingKeys: String, CodingKey {
        case name, visibility
        case sealed = "private"
        case fullPath = "full_path"
        case avatarURL = "avatar_url"
        case webURL = "web_url"
    }
}

/// One user of `GET /users?username=` (GitLab's public fields of a user).
struct GitLabUser: Decodable, Sendable {
    var username: String?
    var name: String?
    var avatarURL: String?
    var webURL: String?

    enum CodingKeys: String, CodingKey {
        case username, name
        case avatarURL = "avatar_url"
        case webURL = "web_url"
    }

    /// All the cache keeps of the answer (an admin's token is sent emails and sign-in times too).
    static let fields: Set = ["id", "username", "name", "avatar_url", "web_url", "state"]
}

/// One entry of a group's or a user's project list: the project document, and whether it is a fork.
struct GitLabListedProject: Decodable {
    var project: GitLabProject
    var fork: Bool

    enum CodingKeys: String, CodingKey {
        case forkedFrom = "forked_from_project"
    }

    init(from decoder: Decoder) throws {
        project = try GitLabProject(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fork = (try? container.decodeNil(forKey: .forkedFrom)) == false
    }
}

extension GitLabSource {
    /// More pages than any group has; a list that keeps growing stops here.
    static let ownerPageLimit = 1_000

    /// A group's projects with its subgroups' (`/groups/:id/projects?include_subgroups=true`), or,
    /// when no group has that path, a user's (`/users/:id/projects`), 100 a page, following
    /// `x-next-page`. `sort: pushed` sorts by `last_activity_at`, GitLab's time of any activity.
    func listOwner(_ source: OwnerSource, spool: RecordSpool) async throws -> OwnerListing {
        let id = source.path.replacingOccurrences(of: "/", with: "%2F")
        // GitLab embeds up to 100 project documents, private ones included, unless told not to;
        // and only the group's own fields are kept, whatever a server sends.
        let fetched = try await client.get(
            client.configuration.endpoint(
                "/groups/\(id)", query: [URLQueryItem(name: "with_projects", value: "false")]),
            accept: "application/json", keptBody: { data, _ in GitLabGroup.kept(data) })
        let group: GitLabGroup?
        switch fetched.status {
        case 200: group = try? JSONDecoder().decode(GitLabGroup.self, from: fetched.data)
        case 404: group = nil
        default: throw GitHubClient.failure(fetched)
        }
        let base = group != nil ? "/groups/\(id)/projects" : "/users/\(id)/projects"
        var query = [URLQueryItem(name: "per_page", value: "100")]
        // A group lists projects shared with it from other namespaces too unless told not to: any
        // member could then put their own project in the gallery and on the group's card.
        if group != nil {
            query += [.init(name: "include_subgroups", value: "true"), .init(name: "with_shared", value: "false")]
        }
        // As asked, or as the group now calls itself (renamed since).
        let namespaces = Set([source.path, group?.fullPath ?? source.path].map { $0.lowercased() + "/" })
        var (repos, staleness, page) = (
            [ListedRepository](), fetched.cachedCopy(from: client.configuration.forgeHost), "1"
        )
        var visited: Set<String> = []
        var progress = ListingProgress(
            owner: source.owner, log: context.log, reachesNetwork: context.stack.reachesNetwork)
        for _ in 1...Self.ownerPageLimit {
            visited.insert(page)
            let url = client.configuration.endpoint(base, query: query + [URLQueryItem(name: "page", value: page)])
            let answer = try await listedPage(url, of: source.owner, in: namespaces, spool: spool)
            repos += answer.repos
            progress.add(answer.received, of: answer.total)
            if let older = answer.staleness, older.asOf < (staleness?.asOf ?? .distantFuture) { staleness = older }
            // A server whose `x-next-page` leads back to a page already read would loop.
            guard let next = answer.next, !next.isEmpty, !visited.contains(next) else { break }
            page = next
        }
        // A user's name and face for the card: one request, where a group's came with the group.
        var profile = group
        if profile == nil { profile = await user(source.path) }
        let login = group?.fullPath ?? profile?.fullPath ?? source.path
        var listing = OwnerListing(
            source: source, login: "\(forge.host)/\(login)", avatarURL: SafeURL.http(profile?.avatarURL),
            htmlURL: SafeURL.http(profile?.webURL) ?? "https://\(forge.host)/\(login)", isOrganization: group != nil,
            name: profile?.name, repos: repos, staleness: staleness)
        listing.forge = .gitlab
        listing.isPublic = group?.isPublic ?? true
        return listing
    }

    /// `GET /users?username=` (docs.gitlab.com/api/users, "List users"): the user's name, face and
    /// page, read as a group's; nil where GitLab does not answer (the card then names the login).
    private func user(_ username: String) async -> GitLabGroup? {
        let url = client.configuration.endpoint("/users", query: [URLQueryItem(name: "username", value: username)])
        guard
            let fetched = try? await client.get(
                url, accept: "application/json", keptBody: { data, _ in KeptFields.only(GitLabUser.fields, of: data) }),
            fetched.status == 200,
            let users = try? JSONDecoder().decode([GitLabUser].self, from: fetched.data), let user = users.first
        else { return nil }
        return GitLabGroup(
            fullPath: user.username, name: user.name, avatarURL: user.avatarURL, webURL: user.webURL)
    }

    /// The page's projects under `namespaces` (the group's or user's path, lowercased, with a `/`),
    /// its subgroups' included; another namespace's project is left out, whatever the server sends.
    private func listedPage(_ url: URL, of owner: String, in namespaces: Set<String>, spool: RecordSpool) async throws
        -> (repos: [ListedRepository], received: Int, next: String?, total: Int?, staleness: GitHubClient.Staleness?)
    {
        // Under `private: exclude` a private or internal project's entry is not even kept in the cache.
        let leavesOut = context.leavesOutPrivate
        let page = try await client.get(
            url, accept: "application/json",
            keptBody: { data, headers in GitLabListedProject.keptPage(data, headers, leavesOutPrivate: leavesOut) })
        guard page.status == 200 else { throw GitHubClient.failure(page) }
        let items: [GitLabListedProject]
        let (next, total): (String?, Int?)
        do {
            (items, next, total) = try GitLabListedProject.page(
                page.data, next: page.header("x-next-page"), total: page.header("x-total"))
        } catch {
            throw GitHubError.invalidResponse(
                "the project list of '\(owner)' could not be read (\(ErrorText.describe(error)))")
        }
        let repos = items.compactMap { item -> ListedRepository? in
            let path = item.project.pathWithNamespace.lowercased()
            guard namespaces.contains(where: { path.hasPrefix($0) }),
                case .success(let name) = RepoName.parse("\(forge.host)/\(item.project.pathWithNamespace)")
            else { return nil }
            return ListedRepository(
                payload: item.payload(host: forge.host), name: name, fork: item.fork,
                isPrivate: item.project.isPrivate, spool: spool)
        }
        return (repos, items.count, next, total, page.cachedCopy(from: client.configuration.forgeHost))
    }
}

extension GitLabListedProject {
    /// What the owner rules and the owner's tally read; the card itself is asked of GitLab.
    func payload(host: String) -> RepositoryPayload {
        RepositoryPayload(
            fullName: "\(host)/\(project.pathWithNamespace)",
            owner: .init(login: project.namespace?.fullPath ?? "", avatarURL: project.namespace?.avatarURL),
            htmlURL: project.webURL, description: project.description, stars: project.starCount,
            forks: project.forksCount ?? 0,
            openIssues: project.access.hidden.contains(.issues) ? 0 : project.openIssuesCount ?? 0,
            hasIssues: project.issuesEnabled ?? true, archived: project.archived ?? false,
            pushedAt: project.lastActivityAt, language: nil, topics: project.topics ?? [], isPrivate: project.isPrivate)
    }

    /// A page as kept: its entries (without the private and internal ones under `private: exclude`),
    /// then `{"repowatch_paging": {"next": …, "total": …}}`. The cache keeps no `x-next-page`, and an
    /// offline build or a last-good fallback must still find page 2. It stays a list, as the cache's
    /// private sweep and sealing read a list's items (a wrapping object would hide them).
    static func keptPage(_ data: Data, _ headers: [String: String], leavesOutPrivate: Bool) -> Data {
        guard var list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return data }
        if leavesOutPrivate { list = list.filter { ($0["visibility"] as? String ?? "public") == "public" } }
        list = list.map(GitLabAccess.withoutHidden)
        var paging: [String: Any] = [:]
        if let next = headers["x-next-page"] { paging["next"] = next }
        if let total = headers["x-total"] { paging["total"] = total }
        list.append([PageEntry.pagingKey: paging])
        return (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])) ?? data
    }

    /// A page's entries and its next page, from a page as sent (`next` from its header) or as kept.
    /// `total`: the list's length as GitLab says it (`x-total`; absent past 10,000), for progress.
    static func page(_ data: Data, next header: String?, total said: String? = nil) throws
        -> (items: [Self], next: String?, total: Int?)
    {
        let entries = try JSONDecoder().decode([PageEntry].self, from: data)
        var (items, next, total) = ([Self](), header, said)
        for entry in entries {
            switch entry {
            case .project(let item): items.append(item)
            case .paging(let paging):
                next = paging.next?.trimmingCharacters(in: .whitespaces)
                total = total ?? paging.total
            case .sealed: continue
            }
        }
        return (items, next, total.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }

    private enum PageEntry: Decodable {
        static let pagingKey = "repowatch_paging"
        case project(GitLabListedProject)
        case paging(Paging)
        /// A private project's entry as the cache seals it after an `include` build
        /// (`PrivateAnswers`: only that it is private); left out like any private one.
        case sealed

        struct Paging: Decodable {
            var next: String?
            var total: String?
        }
        private struct Stub: Decodable {
            var isPrivate: Bool?
            enum CodingKeys: String, CodingKey { case isPrivate = "private" }
        }
        private struct Marker: Decodable {
            var paging: Paging
            enum CodingKeys: String, CodingKey { case paging = "repowatch_paging" }
        }

        init(from decoder: Decoder) throws {
            if let marker = try? Marker(from: decoder) {
                self = .paging(marker.paging)
            } else if (try? Stub(from: decoder))?.isPrivate == true, (try? GitLabListedProject(from: decoder)) == nil {
                self = .sealed
            } else {
                self = .project(try GitLabListedProject(from: decoder))
            }
        }
    }
}

extension GitLabGroup {
    /// The fields read here (and `visibility`, which marks a private group's answer as private).
    static func kept(_ data: Data) -> Data {
        KeptFields.only(["id", "name", "path", "full_path", "avatar_url", "web_url", "visibility"], of: data)
    }
}
