import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the data of a build comes from, each a row group of the last-good matrix.
enum FaultSource: String, CaseIterable, Sendable {
    case graphQLRepos = "GraphQL repository query"
    case restDocument = "REST repository document"
    case contributors = "contributor lists"
    case ownerListing = "owner listings"
    case avatars = "avatars"
    case publishedHistory = "published history and feed"
    case graphQLCounts = "GraphQL counts"
    case backfill = "fork dates (backfill)"
    case starHistory = "star history"
    case ownerCards = "owner cards' languages and contributions"
    case gitLab = "GitLab project (REST, every part)"
    case gitea = "Gitea repository (REST, every part)"
    case gitLabOwner = "GitLab group listing (a subgroup, two pages)"
    case giteaOwner = "Gitea organization listing (two pages)"
    // A new source is a case here, its requests in `of`, its answers in `FaultWorld.realAnswer`:
    // every fault and starting state then covers it.

    /// Which source a request belongs to (GraphQL's one query answers cards and counts together; the
    /// fork dates are a query of their own, after the cards'; the star history a REST path of its own).
    static func of(_ request: URLRequest) -> FaultSource? {
        guard let url = request.url else { return nil }
        switch url.host {
        case "avatars.test": return .avatars
        case "site.test": return .publishedHistory
        case "gitlab.test":
            return ["/api/v4/groups/", "/api/v4/users"].contains { url.path.hasPrefix($0) } ? .gitLabOwner : .gitLab
        case "gitea.test":
            let listing = ["/api/v1/orgs/", "/api/v1/users/", "/api/v1/settings/"]
            return listing.contains { url.path.hasPrefix($0) } ? .giteaOwner : .gitea
        case "api.test": break
        default: return nil
        }
        let path = url.path
        if path == "/graphql" {
            if FaultWorld.isOwnerCards(request) { return .ownerCards }
            return FaultWorld.isBackfill(request) ? .backfill : .graphQLRepos
        }
        if path.hasPrefix("/users/") { return .ownerListing }
        if path.hasPrefix("/repos/"), path.hasSuffix("/stargazers/history") { return .starHistory }
        if path.hasPrefix("/repos/") { return path.hasSuffix("/contributors") ? .contributors : .restDocument }
        return nil
    }

    /// Whether the source reads several pages one after another, so a build can stop between two.
    var isPaged: Bool { self == .starHistory || self == .gitLabOwner || self == .giteaOwner }

    /// Whether the source is another forge's (GitLab's, Gitea's): its host's limits are its own.
    var isForge: Bool { [.gitLab, .gitea, .gitLabOwner, .giteaOwner].contains(self) }

    /// Whether the source lists an `owners:` entry (a listing that fails leaves its repositories
    /// to the cache or the previous build, or out of the site).
    var listsOwner: Bool { self == .ownerListing || self == .gitLabOwner || self == .giteaOwner }

    /// The owner whose listing the source is, as `data/owners.json` names it.
    var owner: String? {
        switch self {
        case .ownerListing, .ownerCards: return "b"
        case .gitLabOwner: return FaultWorld.gitLabGroup
        case .giteaOwner: return FaultWorld.giteaOrganization
        default: return nil
        }
    }

    /// Whether a fault on this source answers for a request of `request`'s source.
    func covers(_ request: FaultSource) -> Bool {
        self == request || (request == .graphQLRepos && (self == .graphQLCounts || self == .restDocument))
    }
}

/// How a source fails.
enum Fault: String, CaseIterable, Sendable {
    case serverError = "5xx on every try"
    case timeout = "timeout"
    case malformed = "malformed or truncated body"
    case notFound = "NOT_FOUND / 404"
    case primaryLimit = "primary rate limit"
    case secondaryLimit = "secondary rate limit"
    case offOrigin = "redirect off-origin"
    /// The first page answers, the connection drops on every later one.
    case interrupted = "interrupted between two pages"
    /// The first page answers, every later one times out.
    case pageTimeout = "timeout on the second page"
    /// A proxy in front of the forge (Codeberg's) limits a burst: each request's first try is
    /// answered 429 with a `Retry-After` within `--max-wait`, the next try gets through.
    case briefLimit = "429 with Retry-After, then the answer"
    /// One 429 with no `Retry-After` (the host's first answer): the build backs off a minute, within
    /// the default `--max-wait`, and asks again.
    case untoldLimit = "429 without Retry-After, then the answer"
    /// Every try answered 429 with a `Retry-After` longer than `--max-wait`.
    case longLimit = "429 with Retry-After past --max-wait"
    /// Every try answered 429 with no `Retry-After`: the backoff doubles past `--max-wait`.
    case endlessLimit = "429 without Retry-After on every try"

    /// Whether the fault can happen to `source`: a fault between pages needs pages; a proxy's 429
    /// is another forge's (GitHub's own limits are the primary and secondary rows, in its
    /// recorded answers).
    func applies(to source: FaultSource) -> Bool {
        switch self {
        case .interrupted, .pageTimeout: return source.isPaged
        case .briefLimit, .untoldLimit, .longLimit, .endlessLimit: return source.isForge
        default: return true
        }
    }

    /// Whether the build must wait the fault out and end fresh (the waits stay within `--max-wait`).
    var isWaitedOut: Bool { self == .briefLimit || self == .untoldLimit }

    /// What kind of answer the fault replaces.
    enum Place {
        case rest, image, site
        /// `countsOnly`: the query answers, but not its counts (the repository query's own faults
        /// take the whole request).
        case graphQL(aliases: Int, countsOnly: Bool)
    }

    /// Whether the fault is one request failing whole (the same request as another row, for counts).
    var isWholeRequest: Bool { self != .malformed && self != .notFound }

    /// GitHub's recorded answers (`GitHubBehaviour`, the description every fake GitHub shares), with
    /// this world's reset time and wait.
    /// - Parameters:
    ///   - page: the page a paged source asked for (1 elsewhere).
    ///   - tries: how often the world was asked this request under the fault, this time included,
    ///     and how often anything of the faulted source.
    func answer(
        in place: Place, real: FaultWorld.Answer, resetAt: Date, page: Int = 1,
        tries: (request: Int, source: Int) = (1, 1)
    ) throws -> FaultWorld.Answer {
        switch self {
        case .interrupted:
            guard page > 1 else { return real }
            throw URLError(.networkConnectionLost)
        case .pageTimeout:
            guard page > 1 else { return real }
            throw URLError(.timedOut)
        case .briefLimit: return tries.request == 1 ? Self.tooMany(retryAfter: 30) : real
        case .untoldLimit: return tries.source == 1 ? Self.tooMany(retryAfter: nil) : real
        case .longLimit: return Self.tooMany(retryAfter: 3_600)
        case .endlessLimit: return Self.tooMany(retryAfter: nil)
        case .serverError: return Self.recorded("server_error")
        case .timeout: throw URLError(.timedOut)
        case .malformed: return malformed(place, real: real)
        case .notFound: return notFound(place, real: real)
        case .primaryLimit:
            return Self.recorded(
                "primary_limit",
                [
                    "x-ratelimit-remaining": "0", "x-ratelimit-limit": "5000",
                    "x-ratelimit-reset": String(Int(resetAt.timeIntervalSince1970)),
                ])
        case .secondaryLimit: return Self.recorded("secondary_limit", ["retry-after": "30"])
        case .offOrigin: return (302, ["location": "https://elsewhere.test/login"], Data())
        }
    }

    /// A rate-limiting proxy's answer (RFC 6585, section 4: 429 Too Many Requests, "MAY include a
    /// Retry-After header"): a short HTML page, as nginx's `limit_req` sends with `limit_req_status 429`.
    static func tooMany(retryAfter: Int?) -> FaultWorld.Answer {
        var headers = ["content-type": "text/html"]
        if let retryAfter { headers["retry-after"] = String(retryAfter) }
        let page = "<html><head><title>429 Too Many Requests</title></head><body>Too Many Requests</body></html>"
        return (429, headers, Data(page.utf8))
    }

    static func recorded(_ kind: String, _ headers: [String: String] = [:]) -> FaultWorld.Answer {
        let answer = GitHubBehaviour.answer(kind, headers: headers)
        return (answer.status, answer.headers, answer.body)
    }

    private func malformed(_ place: Place, real: FaultWorld.Answer) -> FaultWorld.Answer {
        switch place {
        case .image: return (200, ["content-type": "image/png"], Data("<html>not an image</html>".utf8))
        case .graphQL(_, countsOnly: true):
            // Every count of the wrong type: the cards are whole, the counts are not.
            var object = (try? JSONSerialization.jsonObject(with: real.2)) as? [String: Any] ?? [:]
            var data = object["data"] as? [String: Any] ?? [:]
            for (key, value) in data where key.hasPrefix("r") {
                guard var node = value as? [String: Any] else { continue }
                node["issues"] = ["totalCount": "many"]
                node["pullRequests"] = ["totalCount": NSNull()]
                data[key] = node
            }
            object["data"] = data
            return (200, real.1, json(object))
        default: return (200, real.1, real.2.prefix(real.2.count / 2))
        }
    }

    private func notFound(_ place: Place, real: FaultWorld.Answer) -> FaultWorld.Answer {
        guard case .graphQL(let aliases, let countsOnly) = place else {
            return Self.recorded("not_found")
        }
        var object = (try? JSONSerialization.jsonObject(with: real.2)) as? [String: Any] ?? [:]
        var data = object["data"] as? [String: Any] ?? [:]
        var errors: [[String: Any]] = []
        for index in 0..<aliases {
            let alias = "r\(index)"
            if countsOnly, var node = data[alias] as? [String: Any] {
                // A field GitHub could not resolve: the repository is there, its counts are not.
                node["pullRequests"] = NSNull()
                data[alias] = node
                errors.append(["type": "NOT_FOUND", "path": [alias, "pullRequests"], "message": "Could not resolve"])
            } else {
                data[alias] = NSNull()
                errors.append(["type": "NOT_FOUND", "path": [alias], "message": "Could not resolve to a Repository"])
            }
        }
        object["data"] = data
        object["errors"] = errors
        return (200, real.1, json(object))
    }
}

/// What a build starts from.
enum StartState: String, CaseIterable, Sendable {
    case warm = "cache and previous output"
    case cacheOnly = "cache only"
    case previousOnly = "previous output only"
    case neither = "neither"

    var hasCache: Bool { self == .warm || self == .cacheOnly }
    var hasPrevious: Bool { self == .warm || self == .previousOnly }
}
