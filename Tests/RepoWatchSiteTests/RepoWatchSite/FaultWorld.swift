import Foundation
import Synchronization

@testable import RepoWatchNetwork
@testable import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small GitHub, GitLab and Gitea, in-process, for the last-good matrix: on GitHub two `repos:`
/// entries and an owner with two repositories, their GraphQL cards and counts, REST documents, contributor lists, owner listing and
/// avatars, their fork dates, their star history (`starWeeks`: one repository's API answers 404, and
/// one has pages to read over several builds), and the published site
/// (`https://site.test/`, a folder on disk); on GitLab a project and a group with a subgroup, on Gitea
/// a repository and an organization (FaultWorld+GitLab.swift, FaultWorld+Gitea.swift). Every number depends on
/// the world's `version`, so a card shows either this build's numbers (fresh) or an earlier build's
/// (which it must then call stale). One fault, on one source, answers in place of the real thing.
final class FaultWorld: HTTPTransport, Sendable {
    static let api = "https://api.test"
    static let token = "matrix-token-never-elsewhere"
    static let listed = ["a/one", "a/two"]
    static let owned = ["b/three", "b/four"]
    static var all: [String] { listed + owned + [gitLabProject, giteaRepo] + gitLabOwned + giteaOwned }

    let version: Int
    let fault: (source: FaultSource, kind: Fault)?
    /// What `https://site.test/` serves: the site as the last good build published it.
    let publishedSite: URL?
    private let seen = Mutex<[URLRequest]>([])
    /// How often each request met the fault (by URL), and anything of the faulted source.
    private let tries = Mutex<(requests: [String: Int], source: Int)>(([:], 0))

    init(version: Int, fault: (source: FaultSource, kind: Fault)? = nil, publishedSite: URL? = nil) {
        self.version = version
        self.fault = fault
        self.publishedSite = publishedSite
    }

    var requests: [URLRequest] { seen.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        seen.withLock { $0.append(request) }
        let url = request.url!
        let (status, headers, body) = try answer(request, url: url)
        return (body, HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!)
    }

    typealias Answer = (Int, [String: String], Data)

    private func answer(_ request: URLRequest, url: URL) throws -> Answer {
        let source = FaultSource.of(request)
        if url.host == "elsewhere.test" {
            return (200, ["content-type": "text/html"], Data("<html><body>Sign in to continue</body></html>".utf8))
        }
        let real = try realAnswer(request, url: url, source: source)
        guard let fault, let source, fault.source.covers(source) else { return real }
        if source == .graphQLRepos, fault.source == .restDocument {
            // The REST document is asked only where GraphQL gives no card: here GraphQL is down too.
            return (502, [:], Data("Bad Gateway".utf8))
        }
        if source == .gitLab || source == .gitLabOwner, let limited = gitLabLimit(fault.kind) { return limited }
        let tried = tries.withLock { tries -> (request: Int, source: Int) in
            tries.requests[url.absoluteString, default: 0] += 1
            tries.source += 1
            return (tries.requests[url.absoluteString]!, tries.source)
        }
        return try fault.kind.answer(
            in: place(of: source, asked: Self.aliases(request).count), real: real, resetAt: resetAt,
            page: Self.page(url), tries: tried)
    }

    /// GitLab's own answer past a limit, not GitHub's (docs.gitlab.com/ee/administration/settings/
    /// user_and_ip_rate_limits.html, "Response headers"): a 429 with `RateLimit-*` and `Retry-After`,
    /// "Retry later" in plain text. The primary row has spent the quota until a reset far off; the
    /// secondary row, a limit on one kind of request, asks for a short wait and says nothing of it.
    private func gitLabLimit(_ kind: Fault) -> Answer? {
        let text = ["content-type": "text/plain; charset=utf-8"]
        switch kind {
        case .primaryLimit:
            let headers = [
                "ratelimit-name": "throttle_authenticated_api", "ratelimit-limit": "2000",
                "ratelimit-observed": "2001", "ratelimit-remaining": "0",
                "ratelimit-reset": String(Int(resetAt.timeIntervalSince1970)), "retry-after": "86400",
            ]
            return (429, text.merging(headers) { $1 }, Data("Retry later\n".utf8))
        case .secondaryLimit:
            return (429, text.merging(["retry-after": "30"]) { $1 }, Data("Retry later\n".utf8))
        default: return nil
        }
    }

    /// When a rate limit resets: far past any `--max-wait`.
    let resetAt = Date(timeIntervalSince1970: 4_000_000_000)

    private func place(of source: FaultSource, asked: Int) -> Fault.Place {
        switch source {
        case .graphQLRepos, .graphQLCounts, .backfill, .ownerCards:
            return .graphQL(aliases: asked, countsOnly: fault?.source == .graphQLCounts)
        case .avatars: return .image
        case .publishedHistory: return .site
        default: return .rest
        }
    }

    private func realAnswer(_ request: URLRequest, url: URL, source: FaultSource?) throws -> Answer {
        let ok: [String: String] = ["content-type": "application/json", "etag": "\"v\(version)-\(url.path)\""]
        switch source {
        case .graphQLRepos?, .graphQLCounts?: return (200, [:], graphQLAnswer(asked: Self.aliases(request)))
        case .backfill?: return (200, [:], backfillAnswer(request))
        case .ownerCards?: return (200, [:], ownerCardsAnswer(request))
        case .starHistory?: return starHistoryAnswer(url)
        case .restDocument?:
            let name = String(url.path.dropFirst("/repos/".count))
            guard Self.all.contains(name) else { return notFound }
            return (200, ok, json(restDocument(name)))
        case .contributors?:
            let name = url.path.dropFirst("/repos/".count).dropLast("/contributors".count)
            return (200, ok, json(contributors(String(name))))
        case .ownerListing?:
            if url.path == "/users/b" {
                return (
                    200, ok,
                    json(["login": "b", "type": "User", "avatar_url": avatarURL("b"), "followers": 7 + version])
                )
            }
            return (200, ok, json(Self.owned.map { restDocument($0).merging(["fork": false]) { $1 } }))
        case .avatars?: return (200, ["content-type": "image/png"], avatar(url.path))
        case .gitLab?, .gitLabOwner?: return gitLabAnswer(url, ok: ok)
        case .gitea?, .giteaOwner?: return giteaAnswer(url, ok: ok)
        case .publishedHistory?:
            let file = publishedSite?.appendingPathComponent(String(url.path.dropFirst()))
            guard let file, let data = FileManager.default.contents(atPath: file.path) else { return notFound }
            return (200, [:], data)
        case nil: return notFound
        }
    }

    var notFound: Answer { Fault.recorded("not_found") }

    /// The repository's numbers in this world: each differs from every other world's.
    func numbers(_ name: String) -> (stars: Int, forks: Int, issues: Int, pulls: Int) {
        let rank = Self.all.firstIndex(of: name)! + 1
        return (rank * 1_000 + version, rank * 100 + version, rank * 10 + version, rank + version * 2)
    }

    func release(_ name: String) -> String { "v\(version).0" }
    func language(_ name: String) -> String { version % 2 == 0 ? "Rust" : "Swift" }
    func people(_ name: String) -> [(login: String, contributions: Int)] {
        [("ada", 50 + version), ("grace", 40 + version)]
    }

    func pushedAt() -> String { "2026-11-0\(version)T10:00:00Z" }

    func avatarURL(_ login: String) -> String { "https://avatars.test/u/\(login)?v=4" }

    /// A PNG signature, then bytes that say whose face and which world's.
    private func avatar(_ path: String) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("\(path) \(version)".utf8)
    }

    private func restDocument(_ name: String) -> [String: Any] {
        let n = numbers(name)
        let owner = String(name.split(separator: "/")[0])
        return [
            "full_name": name, "html_url": "https://github.com/\(name)", "description": "About \(name)",
            "owner": ["login": owner, "avatar_url": avatarURL(owner)], "stargazers_count": n.stars,
            "forks_count": n.forks, "open_issues_count": n.issues + n.pulls, "has_issues": true, "archived": false,
            "pushed_at": pushedAt(), "language": language(name), "topics": [String](), "private": false,
        ]
    }

    private func contributors(_ name: String) -> [[String: Any]] {
        people(name).map {
            ["login": $0.login, "type": "User", "contributions": $0.contributions, "avatar_url": avatarURL($0.login)]
        }
    }

    private func graphQLAnswer(asked names: [String]) -> Data {
        var data: [String: Any] = ["rateLimit": ["cost": 1, "remaining": 4_999, "limit": 5_000]]
        for (index, name) in names.enumerated() where Self.all.contains(name) { data["r\(index)"] = node(name) }
        return json(["data": data])
    }

    private static func document(_ request: URLRequest) -> [String: Any] {
        guard let body = request.httpBody else { return [:] }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// The repositories a query asks for, alias by alias (`$o0`/`$n0` → `r0`).
    static func aliases(_ request: URLRequest) -> [String] {
        let variables = document(request)["variables"] as? [String: Any] ?? [:]
        var names: [String] = []
        while let owner = variables["o\(names.count)"] as? String, let name = variables["n\(names.count)"] as? String {
            names.append("\(owner)/\(name)".lowercased())
        }
        return names
    }

    /// Whether the request is the star and fork dates' query (`BackfillQuery`), not the cards'.
    static func isBackfill(_ request: URLRequest) -> Bool {
        (document(request)["query"] as? String)?.hasPrefix("query Backfill") == true
    }

    /// Whether the request is one of the owner cards' queries (`OwnerLanguagesQuery`, `OwnerContributionsQuery`).
    static func isOwnerCards(_ request: URLRequest) -> Bool {
        let query = document(request)["query"] as? String ?? ""
        return query.hasPrefix("query OwnerLanguages") || query.hasPrefix("query OwnerContributions")
    }

    /// The owner's commits in this world (its other contributions follow from it).
    var commits: Int { 100 + version }

    /// Each repository's languages (this world's primary language and some C), or the user's contributions.
    private func ownerCardsAnswer(_ request: URLRequest) -> Data {
        var data: [String: Any] = ["rateLimit": ["cost": 1, "remaining": 4_990, "limit": 5_000]]
        if (Self.document(request)["query"] as? String ?? "").hasPrefix("query OwnerContributions") {
            data["owner"] = [
                "contributionsCollection": [
                    "totalCommitContributions": commits, "totalPullRequestContributions": version,
                    "totalIssueContributions": version, "totalPullRequestReviewContributions": version,
                ],
                "repositoriesContributedTo": ["totalCount": version],
            ]
            return json(["data": data])
        }
        for (index, name) in Self.aliases(request).enumerated() where Self.all.contains(name) {
            let edges: [[String: Any]] = [
                ["size": 1_000 * version, "node": ["name": language(name), "color": "#F05138"]],
                ["size": 500, "node": ["name": "C", "color": "#555555"]],
            ]
            data["r\(index)"] = ["isPrivate": false, "languages": ["edges": edges]]
        }
        return json(["data": data])
    }

    /// The repository whose API does not offer the star history (404, as an older Enterprise Server).
    static let notOffered = "a/two"
    /// The repository whose star history is more than one page: its last good build read the first only.
    static let manyWeeks = "b/four"
    /// The week of both builds, from Monday 2026-11-16 00:00 UTC.
    static let newestWeek = 1_794_787_200

    /// Each repository's star history, newest week first (nil: not offered): GitHub's record, the
    /// same in every world, within the 90 days whose every 12-hour slot the history keeps, so no
    /// thinning moves the days a build published.
    static func starWeeks(_ name: String) -> [(week: Int, days: [Int])]? {
        guard name != notOffered else { return nil }
        let rank = all.firstIndex(of: name) ?? 0
        let count = name == manyWeeks ? 12 : 3 + rank
        return (0..<count).map { index in
            // Nothing on the builds' days (the 20th) or after: those are the days still to come.
            (newestWeek - index * 604_800, (0..<7).map { index == 0 && $0 >= 4 ? 0 : ($0 + index + rank) % 3 })
        }
    }

    /// The `page` a request asked for (1 when it names none).
    static func page(_ url: URL) -> Int {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return items.first { $0.name == "page" }?.value.flatMap(Int.init) ?? 1
    }

    /// A page of `GET /repos/{owner}/{repo}/stargazers/history`: 10 weeks (GitHub gives at most 30),
    /// GitHub's `Link` in its numeric form. The world of the last good build fails the second page of
    /// the repository with many weeks, so that build read its first page only.
    private func starHistoryAnswer(_ url: URL) -> Answer {
        let name = String(url.path.dropFirst("/repos/".count).dropLast("/stargazers/history".count))
        guard Self.all.contains(name), let weeks = Self.starWeeks(name) else { return notFound }
        let page = Self.page(url)
        if version == 1, name == Self.manyWeeks, page > 1 { return (502, [:], Data("Bad Gateway".utf8)) }
        let slice = weeks.dropFirst((page - 1) * 10).prefix(10)
        let last = max(1, (weeks.count + 9) / 10)
        var links: [String] = []
        let numeric = "\(Self.api)/repositories/\(name.count)/stargazers/history?per_page=30&page="
        if page < last { links.append("<\(numeric)\(page + 1)>; rel=\"next\"") }
        if last > 1 { links.append("<\(numeric)\(last)>; rel=\"last\"") }
        let body = slice.map { ["week": $0.week, "total": $0.days.reduce(0, +), "days": $0.days] as [String: Any] }
        var headers = ["content-type": "application/json"]
        if !links.isEmpty { headers["link"] = links.joined(separator: ", ") }
        return (200, headers, json(body))
    }

    static func forkDates(_ name: String) -> [Date] {
        let first = ISO8601.parse("2026-09-10T09:00:00Z")!
        return (0..<2).map { first.addingTimeInterval(TimeInterval($0) * 86_400 * 3) }
    }

    /// One page of the dates' query for every alias asked: `after` is the page's number (`p1`, …).
    private func backfillAnswer(_ request: URLRequest) -> Data {
        let variables = Self.document(request)["variables"] as? [String: Any] ?? [:]
        var data: [String: Any] = ["rateLimit": ["cost": 1, "remaining": 4_990, "limit": 5_000]]
        for (index, name) in Self.aliases(request).enumerated() where Self.all.contains(name) {
            var node: [String: Any] = ["createdAt": "2026-08-03T12:00:00Z"]
            if let after = variables["f\(index)"] {
                node["forks"] = Self.page(
                    Self.forkDates(name), after: after, total: numbers(name).forks, list: "nodes", field: "createdAt")
            }
            data["r\(index)"] = node
        }
        return json(["data": data])
    }

    private static func page(_ dates: [Date], after: Any, total: Int, list: String, field: String) -> [String: Any] {
        let number = (after as? String).flatMap { Int($0.dropFirst()) } ?? 0
        let slice = dates.dropFirst(number * 100).prefix(100)
        let hasNext = number * 100 + slice.count < dates.count
        return [
            "totalCount": dates.isEmpty ? total : dates.count,
            list: slice.map { [field: ISO8601.string($0)] },
            "pageInfo": ["hasNextPage": hasNext, "endCursor": slice.isEmpty ? NSNull() as Any : "p\(number + 1)"],
        ]
    }

    func node(_ name: String) -> [String: Any] {
        let n = numbers(name)
        let owner = String(name.split(separator: "/")[0])
        return [
            "nameWithOwner": name, "url": "https://github.com/\(name)", "description": "About \(name)",
            "stargazerCount": n.stars, "forkCount": n.forks, "hasIssuesEnabled": true, "isArchived": false,
            "pushedAt": pushedAt(), "owner": ["login": owner, "avatarUrl": avatarURL(owner)],
            "repositoryTopics": ["nodes": [Any]()], "issues": ["totalCount": n.issues],
            "pullRequests": ["totalCount": n.pulls], "isPrivate": false,
            "primaryLanguage": ["name": language(name), "color": "#F05138"],
            "latestRelease": ["tagName": release(name), "publishedAt": "2026-10-0\(version)T00:00:00Z"],
        ]
    }
}
