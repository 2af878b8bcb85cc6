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
    // A new source is a case here, its requests in `of`, its answers in `FaultWorld.realAnswer`:
    // every fault and starting state then covers it.

    /// Which source a request belongs to (GraphQL's one query answers cards and counts together; the
    /// fork dates are a query of their own, after the cards'; the star history a REST path of its own).
    static func of(_ request: URLRequest) -> FaultSource? {
        guard let url = request.url else { return nil }
        switch url.host {
        case "avatars.test": return .avatars
        case "site.test": return .publishedHistory
        case "gitlab.test": return .gitLab
        case "gitea.test": return .gitea
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
    var isPaged: Bool { self == .starHistory }

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

    /// Whether the fault can happen to `source` (an interruption between pages needs pages).
    func applies(to source: FaultSource) -> Bool { self != .interrupted || source.isPaged }

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
    /// - Parameter page: the page a paged source asked for (1 elsewhere).
    func answer(in place: Place, real: FaultWorld.Answer, resetAt: Date, page: Int = 1) throws -> FaultWorld.Answer {
        switch self {
        case .interrupted:
            guard page > 1 else { return real }
            throw URLError(.networkConnectionLost)
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
