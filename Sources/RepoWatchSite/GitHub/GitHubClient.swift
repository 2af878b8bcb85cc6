import Foundation

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

/// Talks to the GitHub REST API: the cached, redirect-following GET lives here; one exchange (headers,
/// credentials, retries, rate limits) in RequestExchange.swift; the endpoints in GitHubEndpoints.swift.
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
}
