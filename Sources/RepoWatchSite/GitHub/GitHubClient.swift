import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the API lives and who is asking.
public struct APIConfiguration: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    public var baseURL: URL
    /// Sent only to `baseURL`'s origin.
    public var token: String?
    public var userAgent: String

    public init(baseURL: URL = defaultBaseURL, token: String? = nil, userAgent: String = "repowatch-site") {
        self.baseURL = baseURL
        self.token = token
        self.userAgent = userAgent
    }

    /// `--api-url`, else `GITHUB_API_URL` (set by GitHub Actions), else api.github.com;
    /// `GITHUB_TOKEN`, else `GH_TOKEN`.
    public static func resolve(apiURL: String?, environment: [String: String]) throws -> APIConfiguration {
        let text = apiURL ?? environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var baseURL = defaultBaseURL
        if let text {
            guard let url = URL(string: text), SafeURL.isWeb(url) else { throw GitHubError.invalidBaseURL(text) }
            baseURL = url
        }
        let token = [environment["GITHUB_TOKEN"], environment["GH_TOKEN"]]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
        return APIConfiguration(baseURL: baseURL, token: token, userAgent: "repowatch-site/\(Version.current)")
    }

    /// Scheme, host and port: the only place the token may go.
    func isAPIOrigin(_ url: URL) -> Bool {
        Origin(url) == Origin(baseURL)
    }

    func endpoint(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int?

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}

public enum GitHubError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidBaseURL(String)
    case notFound
    case http(status: Int, message: String?)
    case network(String)
    case invalidResponse(String)
    case tooManyRedirects
    /// `--offline` and nothing in the cache for this URL.
    case notCached
    /// The quota is spent until `until`, further than `--max-wait`.
    case rateLimited(until: Date)

    public var description: String {
        switch self {
        case .invalidBaseURL(let text): return "'\(text)' is not an http(s) API URL"
        case .notFound: return "not found on GitHub (check the name, or the token's access to private repositories)"
        case .http(let status, let message):
            return "GitHub answered \(status)" + (message.map { ": \(String($0.prefix(200)))" } ?? "")
        case .network(let reason): return "network error: \(reason)"
        case .invalidResponse(let reason): return "unexpected response: \(reason)"
        case .tooManyRedirects: return "too many redirects"
        case .notCached: return "not in the cache, and --offline allows no network"
        case .rateLimited(let until): return "rate limit exhausted until \(Formatting.dayAndTime(until))"
        }
    }

    /// Failures worth answering from the cache: the repository may be fine, GitHub is not.
    var isTransient: Bool {
        switch self {
        case .network, .rateLimited, .notCached, .tooManyRedirects: return true
        case .http(let status, _): return status >= 500 || status == 403 || status == 429
        case .invalidResponse: return true
        case .notFound, .invalidBaseURL: return false
        }
    }
}

/// A response after redirects and the cache.
struct Fetched: Sendable {
    enum Source: Sendable, Equatable {
        case network
        /// 304: the cached body is current.
        case revalidated
        /// The cache answered without the network (offline, or GitHub failed): data as of `storedAt`.
        case cacheOnly(storedAt: Date, reason: String)
    }

    var data: Data
    var status: Int
    /// Lowercased names.
    var headers: [String: String]
    var source: Source

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var staleness: (asOf: Date, reason: String)? {
        if case .cacheOnly(let storedAt, let reason) = source { return (storedAt, reason) }
        return nil
    }
}

/// How the client behaves when GitHub is slow, down or rate-limiting.
public struct NetworkPolicy: Sendable {
    public var retry = RetryPolicy()
    /// Longest wait for a rate limit to reset before giving up on the network for this build.
    public var maxWait: Double = 60
    /// No network at all: only the cache answers.
    public var offline = false
    public var verbose = false

    public init() {}
}

/// Talks to the GitHub REST API: headers, credentials, redirects, the ETag cache, retries and rate limits.
public struct GitHubClient: Sendable {
    public let configuration: APIConfiguration
    let transport: any HTTPTransport
    let cache: ResponseCache?
    let policy: NetworkPolicy
    public let ledger: RequestLedger
    let log: (any BuildLog)?
    /// Called on a secondary rate limit, to lower concurrency.
    let onSecondaryLimit: @Sendable () async -> Void
    let sleep: @Sendable (Double) async throws -> Void
    let clock: @Sendable () -> Date

    public init(
        configuration: APIConfiguration, transport: any HTTPTransport, cache: ResponseCache? = nil,
        policy: NetworkPolicy = NetworkPolicy(), ledger: RequestLedger = RequestLedger(), log: (any BuildLog)? = nil,
        onSecondaryLimit: @escaping @Sendable () async -> Void = {},
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.cache = cache
        self.policy = policy
        self.ledger = ledger
        self.log = log
        self.onSecondaryLimit = onSecondaryLimit
        self.sleep = sleep
        self.clock = clock
    }

    var tokenFingerprint: String { ResponseCache.fingerprint(token: configuration.token) }

    /// GET with our own redirect policy: follow up to five, and attach the token only while the
    /// request is on the API origin. `credentials: false` never attaches it (avatars, even when an
    /// Enterprise server hosts them on the API's own origin). The cache makes the request
    /// conditional, answers when the network cannot, and remembers permanent redirects.
    func get(_ url: URL, accept: String = "application/vnd.github+json", credentials: Bool = true) async throws
        -> Fetched
    {
        var url = url
        for _ in 0..<6 {
            guard SafeURL.isWeb(url) else {
                throw GitHubError.invalidResponse("refusing to follow a redirect to a non-http(s) URL")
            }
            let key = url.absoluteString
            let entry = cache?.entry(for: key)
            if let location = entry?.location, let next = URL(string: location), configuration.isAPIOrigin(next) {
                url = next
                continue
            }
            let result: Exchange
            do {
                result = try await exchange(url, accept: accept, credentials: credentials, entry: entry)
            } catch let error as GitHubError where error.isTransient {
                guard let entry else { throw error }
                await ledger.recordCacheOnly()
                return Fetched(
                    data: entry.body, status: entry.status ?? 200, headers: entry.link.map { ["link": $0] } ?? [:],
                    source: .cacheOnly(
                        storedAt: entry.storedAt,
                        reason: policy.offline ? "built offline from the cache" : error.description))
            }
            let headers = result.headers
            if [301, 302, 303, 307, 308].contains(result.status), let location = headers["location"],
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            {
                if [301, 308].contains(result.status), configuration.isAPIOrigin(url), configuration.isAPIOrigin(next) {
                    cache?.store(
                        .init(
                            url: key, tokenFingerprint: tokenFingerprint, location: next.absoluteString, body: Data(),
                            storedAt: clock()))
                }
                url = next
                continue
            }
            if result.status == 304, let entry {
                await ledger.recordNotModified()
                var refreshed = entry
                refreshed.storedAt = clock()
                cache?.store(refreshed)
                return Fetched(
                    data: entry.body, status: entry.status ?? 200,
                    headers: headers.merging(entry.link.map { ["link": $0] } ?? [:]) { $1 },
                    source: .revalidated)
            }
            // An empty repository (204) and a list too large to count (403) are answers worth keeping
            // too: offline and during outages they still say "No contributors yet" or "too large".
            let worthKeeping =
                result.status == 200 || result.status == 204 || (result.status == 403 && Self.isTooLarge(result.data))
            if worthKeeping, let cache {
                cache.store(
                    .init(
                        url: key, tokenFingerprint: tokenFingerprint, status: result.status, etag: headers["etag"],
                        lastModified: headers["last-modified"], link: headers["link"], body: result.data,
                        storedAt: clock()))
            }
            return Fetched(data: result.data, status: result.status, headers: headers, source: .network)
        }
        throw GitHubError.tooManyRedirects
    }

    struct Exchange {
        var data: Data
        var status: Int
        var headers: [String: String]
    }

    /// One URL: retries for connection errors, timeouts and 5xx; waits for rate limits within `maxWait`.
    private func exchange(_ url: URL, accept: String, credentials: Bool, entry: ResponseCache.Entry?) async throws
        -> Exchange
    {
        if policy.offline { throw GitHubError.notCached }
        let onAPI = configuration.isAPIOrigin(url)
        var attempt = 0
        var waits = 0
        while true {
            if onAPI, let until = await ledger.stoppedUntil { throw GitHubError.rateLimited(until: until) }
            // A rate limit is the API's; avatar hosts are not held up by it.
            if onAPI, let deadline = await ledger.pauseDeadline() {
                let seconds = deadline.timeIntervalSince(clock())
                if seconds > 0 { try await sleep(seconds) }
            }
            attempt += 1
            var request = URLRequest(url: url)
            request.httpMethod = "GET"
            request.setValue(accept, forHTTPHeaderField: "Accept")
            request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
            if onAPI {
                request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
                if credentials, let token = configuration.token {
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                }
            }
            // Validators are tied to the token they were issued for.
            if let entry, entry.tokenFingerprint == tokenFingerprint || !credentials {
                if let etag = entry.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
                if let lastModified = entry.lastModified {
                    request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
                }
            }
            await ledger.recordRequest()
            let started = clock()
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await transport.send(request)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let reason = Self.describe(error)
                trace("GET \(url.absoluteString) failed: \(reason)")
                guard attempt < policy.retry.attempts else { throw GitHubError.network(reason) }
                await ledger.recordRetry()
                try await sleep(policy.retry.delay(afterAttempt: attempt))
                continue
            }
            let headers = Self.lowercased(response)
            let status = response.statusCode
            trace(
                "GET \(url.absoluteString) → \(status) (\(String(format: "%.2f", clock().timeIntervalSince(started)))s)"
            )
            if onAPI { await ledger.recordQuota(headers) }
            if onAPI, let signal = RateLimitSignal.classify(status: status, headers: headers, body: data, now: clock())
            {
                let resume: Date
                switch signal {
                case .primary(let reset): resume = reset.addingTimeInterval(1)
                case .secondary(let retryAfter): resume = clock().addingTimeInterval(retryAfter)
                }
                let wait = resume.timeIntervalSince(clock())
                guard wait <= policy.maxWait, waits < 3 else {
                    await ledger.stop(until: resume)
                    throw GitHubError.rateLimited(until: resume)
                }
                waits += 1
                attempt -= 1
                await ledger.recordWait()
                // Many requests hit the same limit at once; react once per pause, not once per response.
                if await ledger.pause(until: resume) {
                    log?.warning(
                        "GitHub rate limit (\(signal.kind)); waiting \(Int(max(0, wait).rounded(.up)))s before continuing"
                    )
                    if case .secondary = signal { await onSecondaryLimit() }
                }
                continue
            }
            if RetryPolicy.isRetryable(status: status), attempt < policy.retry.attempts {
                await ledger.recordRetry()
                try await sleep(policy.retry.delay(afterAttempt: attempt))
                continue
            }
            if RetryPolicy.isRetryable(status: status) {
                throw Self.failure(status: status, data: data)
            }
            return Exchange(data: data, status: status, headers: headers)
        }
    }

    private func trace(_ message: String) {
        if policy.verbose { log?.info(message) }
    }

    static func lowercased(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return headers
    }

    static func describe(_ error: Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "could not connect"
            case .cannotFindHost: return "unknown host"
            case .notConnectedToInternet: return "not connected to the internet"
            default: return urlError.localizedDescription
            }
        }
        return (error as NSError).localizedDescription
    }

    static func failure(_ fetched: Fetched) -> GitHubError { failure(status: fetched.status, data: fetched.data) }

    static func failure(status: Int, data: Data) -> GitHubError {
        if status == 404 { return .notFound }
        let message = try? JSONDecoder().decode(ErrorPayload.self, from: data).message
        return .http(status: status, message: message)
    }

    /// Where an answer came from: fresh (`nil`), or the cache's copy as of a date, and why.
    public typealias Staleness = (asOf: Date, reason: String)

    /// `GET /repos/{owner}/{repo}`; a renamed repository answers 301 to `/repositories/{id}`.
    func repository(_ name: RepoName) async throws -> (RepositoryPayload, Staleness?) {
        let fetched = try await get(configuration.endpoint("/repos/\(name.owner)/\(name.name)"))
        guard fetched.status == 200 else { throw Self.failure(fetched) }
        do {
            return (try JSONDecoder().decode(RepositoryPayload.self, from: fetched.data), fetched.staleness)
        } catch {
            throw GitHubError.invalidResponse("the repository document could not be read (\(error))")
        }
    }

    public enum ContributorList: Sendable, Equatable {
        case people([Contributor], avatarURLs: [String?])
        /// GitHub refuses to count contributors of very large repositories.
        case tooLarge
    }

    /// The first `count` people in GitHub's order (by contributions), skipping bots and anonymous
    /// entries; pages on only while fewer than `count` people have been seen.
    func contributors(of fullName: String, count: Int = 4) async throws -> (ContributorList, Staleness?) {
        guard case .success(let name) = RepoName.parse(fullName) else {
            throw GitHubError.invalidResponse("GitHub named the repository '\(fullName)'")
        }
        var url: URL? = configuration.endpoint(
            "/repos/\(name.owner)/\(name.name)/contributors",
            query: [URLQueryItem(name: "per_page", value: String(count * 3))])
        var people: [Contributor] = []
        var avatars: [String?] = []
        var pages = 0
        var staleness: Staleness?
        while let next = url, people.count < count, pages < 5 {
            pages += 1
            let fetched = try await get(next)
            staleness = staleness ?? fetched.staleness
            switch fetched.status {
            case 200: break
            case 204: return (.people(people, avatarURLs: avatars), staleness)
            case 403 where Self.isTooLarge(fetched.data): return (.tooLarge, staleness)
            default: throw Self.failure(fetched)
            }
            let page: [ContributorPayload]
            do {
                page = try JSONDecoder().decode([ContributorPayload].self, from: fetched.data)
            } catch {
                throw GitHubError.invalidResponse("the contributor list could not be read (\(error))")
            }
            for entry in page where entry.isPerson && people.count < count {
                people.append(Contributor(login: entry.login!, contributions: entry.contributions))
                avatars.append(entry.avatarURL)
            }
            url = LinkHeader.next(fetched.header("link"), relativeTo: next)
        }
        return (.people(people, avatarURLs: avatars), staleness)
    }

    static func isTooLarge(_ body: Data) -> Bool {
        let message = (try? JSONDecoder().decode(ErrorPayload.self, from: body).message) ?? ""
        return message.lowercased().contains("too large")
    }
}

/// RFC 8288 `Link` headers as GitHub sends them for pagination.
enum LinkHeader {
    static func next(_ header: String?, relativeTo base: URL) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            if pieces.dropFirst().contains(where: { $0 == "rel=\"next\"" || $0 == "rel=next" }) {
                return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }
}
