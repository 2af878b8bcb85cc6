import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The parts of a GitLab card besides the project's document, each one request (reused from the
/// cache without one while `last_activity_at` stands still).
extension GitLabSource {
    /// Where GitLab stops counting: past it, a list's answer has no `x-total`, `x-total-pages` nor
    /// `rel="last"` (docs.gitlab.com/ee/api/rest/#pagination-response-headers).
    static let countLimit = 10_000

    /// A count, or (`atLeast`) the limit GitLab counted to.
    struct Count: Sendable, Equatable {
        var count: Int
        var atLeast = false
    }

    /// The top four people by commits: a name and the number; the face from the email's look-up.
    struct Team: Sendable {
        var people: [Contributor]
    }

    /// Open merge requests: the `x-total` of a one-item list. The cache keeps the count itself,
    /// since it keeps no such header.
    func openMergeRequests(_ project: GitLabProject, reuse: Bool, hidden: MembersOnly) async -> ForgePart<Count> {
        guard project.mergeRequestsEnabled != false, !hidden.contains(.pulls) else {
            return ForgePart(value: nil, asked: true)
        }
        return await part(
            partURLs(project.id).mergeRequests, reuse: reuse,
            keptBody: { data, headers in Self.keptCount(data, headers) },
            read: { response in Self.count(response.data, response.headers) })
    }

    static func count(_ data: Data, _ headers: [String: String]) -> Count? {
        let value = try? JSONSerialization.jsonObject(with: data)
        if let kept = value as? [String: Any], let count = kept["count"] as? Int {
            return Count(count: count, atLeast: kept["at_least"] as? Bool ?? false)
        }
        guard let list = value as? [Any] else { return nil }
        if let total = headers["x-total"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            return Count(count: total)
        }
        let next = headers["x-next-page"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let linksNext = headers["link"]?.contains("rel=\"next\"") ?? false
        if !next.isEmpty || linksNext { return Count(count: countLimit, atLeast: true) }
        return Count(count: list.count)
    }

    private static func keptCount(_ data: Data, _ headers: [String: String]) -> Data {
        guard let count = count(data, headers) else { return data }
        let object: [String: Any] = ["count": count.count, "at_least": count.atLeast]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? data
    }

    /// The top four by commits (one entry per name: GitLab lists a person once per email).
    func contributors(_ project: GitLabProject, repo: RepoName, reuse: Bool, hidden: MembersOnly) async
        -> ForgePart<Team>
    {
        guard !hidden.contains(.contributors) else { return ForgePart(value: nil, asked: true) }
        let listed = await part(
            partURLs(project.id).contributors, reuse: reuse, keptBody: { data, _ in GitLabEmails.hashed(data) },
            read: { response in
                // An empty repository has no contributors to list.
                if response.status == 404 { return [GitLabContributor]() }
                return try? JSONDecoder().decode([GitLabContributor].self, from: response.data)
            })
        guard let list = listed.value else {
            context.log.warning("\(repo): could not list contributors")
            return ForgePart(value: nil, asked: listed.asked, staleness: listed.staleness)
        }
        let top = Self.top(list, count: 4)
        let people = await ForgeFaces.contributors(top) { person in
            Contributor(login: person.name, contributions: person.commits, avatar: await self.face(of: person))
        }
        return ForgePart(value: Team(people: people), asked: listed.asked, staleness: listed.staleness)
    }

    static func top(_ list: [GitLabContributor], count: Int) -> [GitLabContributor] {
        var merged: [String: GitLabContributor] = [:]
        var order: [String] = []
        for person in list where !person.name.trimmingCharacters(in: .whitespaces).isEmpty {
            if var known = merged[person.name] {
                known.commits += person.commits
                merged[person.name] = known
            } else {
                merged[person.name] = person
                order.append(person.name)
            }
        }
        let ranked = order.compactMap { merged[$0] }.enumerated().sorted {
            $0.element.commits != $1.element.commits ? $0.element.commits > $1.element.commits : $0.offset < $1.offset
        }
        return ranked.prefix(count).map(\.element)
    }

    /// `/avatar?email=` once per email (then from the cache, under the email's hash, never the
    /// email); an instance may refuse it (403): the placeholder then.
    private func face(of person: GitLabContributor) async -> String {
        let hash = person.email.map(GitLabEmails.hash) ?? person.emailSHA256
        var url: String?
        if let hash {
            let key = avatarLookupKey(hash)
            if let email = person.email {
                let lookup = client.configuration.endpoint(
                    "/avatar",
                    query: [
                        URLQueryItem(name: "email", value: email),
                        URLQueryItem(name: "size", value: String(Self.contributorAvatarPixels)),
                    ])
                if let fetched = try? await client.get(
                    lookup, accept: "application/json", reuseStored: true, cacheKey: key),
                    fetched.status == 200
                {
                    url = try? JSONDecoder().decode(GitLabAvatarLookup.self, from: fetched.data).avatarURL
                }
            } else if let kept = context.cache?.entry(for: key), kept.status == 200 {
                url = try? JSONDecoder().decode(GitLabAvatarLookup.self, from: kept.body).avatarURL
            }
        }
        return await context.avatars.avatar(url: url, pixels: Self.contributorAvatarPixels, placeholderFor: person.name)
    }

    /// The newest release that is out (not an upcoming one); none is not a failure.
    func latestRelease(_ project: GitLabProject, reuse: Bool, hidden: MembersOnly) async -> ForgePart<RepoRelease?> {
        guard !hidden.contains(.release) else { return ForgePart(value: .some(nil), asked: true) }
        return await part(partURLs(project.id).releases, reuse: reuse) { response -> RepoRelease?? in
            if response.status == 403 || response.status == 404 { return .some(nil) }
            guard let list = try? JSONDecoder().decode([GitLabRelease].self, from: response.data) else { return nil }
            guard let latest = list.first, latest.upcomingRelease != true else { return .some(nil) }
            return .some(RepoRelease(tag: latest.tagName, publishedAt: latest.releasedAt))
        }
    }

    /// The language with the largest share (`/languages` gives percentages); GitHub's colour for it.
    func mainLanguage(_ project: GitLabProject, reuse: Bool, hidden: MembersOnly) async -> ForgePart<RepoLanguage?> {
        guard !hidden.contains(.language) else { return ForgePart(value: .some(nil), asked: true) }
        return await part(partURLs(project.id).languages, reuse: reuse) { response -> RepoLanguage?? in
            if response.status == 403 || response.status == 404 { return .some(nil) }
            guard let shares = try? JSONDecoder().decode([String: Double].self, from: response.data) else { return nil }
            let main = shares.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
            return .some(main.map { RepoLanguage(name: $0.key, color: LanguageColors.github[$0.key]) })
        }
    }

    /// Where each part of a project is asked (and kept in the cache).
    struct PartURLs {
        var mergeRequests: URL
        var contributors: URL
        var releases: URL
        var languages: URL

        var all: [URL] { [mergeRequests, contributors, releases, languages] }
    }

    func partURLs(_ id: Int) -> PartURLs { Self.partURLs(id, api: forge.api) }

    static func partURLs(_ id: Int, api base: URL) -> PartURLs {
        let api = APIConfiguration.forge(baseURL: base, token: nil)
        return PartURLs(
            mergeRequests: api.endpoint(
                "/projects/\(id)/merge_requests",
                query: [
                    URLQueryItem(name: "state", value: "opened"), URLQueryItem(name: "per_page", value: "1"),
                    URLQueryItem(name: "view", value: "simple"),
                ]),
            contributors: api.endpoint(
                "/projects/\(id)/repository/contributors",
                query: [
                    URLQueryItem(name: "order_by", value: "commits"), URLQueryItem(name: "sort", value: "desc"),
                    URLQueryItem(name: "per_page", value: "100"),
                ]),
            releases: api.endpoint("/projects/\(id)/releases", query: [URLQueryItem(name: "per_page", value: "1")]),
            languages: api.endpoint("/projects/\(id)/languages"))
    }

    /// The name an email's avatar look-up is kept under: its hash, never the email.
    func avatarLookupKey(_ hash: String) -> String { Self.avatarLookupKey(hash, api: forge.api) }

    static func avatarLookupKey(_ hash: String, api: URL) -> String {
        "\(api.absoluteString)/avatar?email=(sha256:\(hash))"
    }

    /// A project the site leaves out (private or internal): what an earlier build that published it
    /// kept of its parts goes, and its faces' look-ups with them (the document is kept sealed).
    func forgetParts(of id: Int) {
        guard let cache = context.cache else { return }
        Self.forgetParts(of: id, api: forge.api, in: cache)
    }

    /// The same for a project the cache's sweep found private, by its API base (`api`).
    static func forgetParts(of id: Int, api: URL, in cache: ResponseCache) {
        forgetParts(.everyPart, of: id, api: api, in: cache)
    }

    /// A public project's parts now hidden (members only, or off): what an earlier build kept of
    /// them goes, the contributors' faces with their list.
    func forgetParts(_ parts: MembersOnly, of id: Int) {
        guard !parts.isEmpty, let cache = context.cache else { return }
        Self.forgetParts(parts, of: id, api: forge.api, in: cache)
    }

    static func forgetParts(_ parts: MembersOnly, of id: Int, api: URL, in cache: ResponseCache) {
        let urls = partURLs(id, api: api)
        if parts.contains(.contributors), let kept = cache.entry(for: urls.contributors.absoluteString),
            let list = try? JSONDecoder().decode([GitLabContributor].self, from: kept.body)
        {
            for hash in list.compactMap({ $0.email.map(GitLabEmails.hash) ?? $0.emailSHA256 }) {
                let key = avatarLookupKey(hash, api: api)
                if let lookup = cache.entry(for: key),
                    let face = try? JSONDecoder().decode(GitLabAvatarLookup.self, from: lookup.body).avatarURL,
                    let sized = AvatarStore.sizedURL(face, pixels: contributorAvatarPixels)
                {
                    cache.remove(sized.absoluteString)
                }
                cache.remove(key)
            }
        }
        let byPart: [(MembersOnly, URL)] = [
            (.pulls, urls.mergeRequests), (.contributors, urls.contributors), (.release, urls.releases),
            (.language, urls.languages),
        ]
        for (part, url) in byPart where parts.contains(part) { cache.remove(url.absoluteString) }
    }

    /// The API base of a project document's URL (`…/api/v4/projects/GROUP%2FPROJECT`).
    static func apiBase(ofDocument url: String) -> URL? {
        guard let range = url.range(of: "/projects/", options: .backwards) else { return nil }
        return URL(string: String(url[..<range.lowerBound]))
    }

    /// One GET whose answer `read` turns into a value: GitLab answers 403 or 404 for a part that is
    /// off or empty.
    private func part<Value>(
        _ url: URL, reuse: Bool, keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil,
        read: (NetworkResponse) -> Value?
    ) async -> ForgePart<Value> {
        await client.forgePart(url, reuse: reuse, answers: [200, 403, 404], keptBody: keptBody, read: read)
    }
}

/// Contributors' emails: never kept in clear. The cache keeps each as its SHA-256, which names its
/// avatar look-up's answer; the email itself lives only in memory, for the look-up's request.
enum GitLabEmails {
    static func hash(_ email: String) -> String { SHA256.hex(email.trimmingCharacters(in: .whitespaces).lowercased()) }

    /// A contributors list with `email` replaced by `email_sha256`.
    static func hashed(_ data: Data) -> Data {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            return Data("[]".utf8)
        }
        let kept = list.map { item -> [String: Any] in
            var item = item
            if let email = item.removeValue(forKey: "email") as? String { item["email_sha256"] = hash(email) }
            return item
        }
        return (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])) ?? Data("[]".utf8)
    }
}
