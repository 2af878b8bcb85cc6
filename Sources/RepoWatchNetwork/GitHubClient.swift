import Foundation
import RepoWatchSupport

/// A response after redirects and the cache.
package struct Fetched: Sendable {
    package enum Source: Sendable, Equatable {
        case network
        /// 304: the cached body is current.
        case revalidated
        /// The cache answered without the network (offline, or GitHub failed): data as of `storedAt`.
        case cacheOnly(storedAt: Date, reason: String)
        /// An answer without validators reused within its lifetime: current, no request made.
        case kept
    }

    package var data: Data
    package var status: Int
    /// Lowercased names.
    package var headers: [String: String]
    package var source: Source

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    package var staleness: (asOf: Date, reason: String)? {
        if case .cacheOnly(let storedAt, let reason) = source { return (storedAt, reason) }
        return nil
    }
}

/// How the client behaves when GitHub is slow, down or rate-limiting.
package struct NetworkPolicy: Sendable {
    package var retry = RetryPolicy()
    /// Longest wait for a rate limit to reset before giving up on the network for this build.
    package var maxWait: Double = 60
    /// No network at all: only the cache answers.
    package var offline = false
    /// Ask again for what the cache would otherwise reuse without asking (answers without
    /// validators within their day, remembered redirects).
    package var refresh = false
    package var verbose = false

    package init() {}
}

/// How long the cache trusts what it keeps.
public enum CacheLifetimes {
    /// An answer without validators (an empty repository's 204, a 403 "too large to list").
    package static let keptAnswer: TimeInterval = 24 * 3600
    /// Entries unused for this long are pruned; remembered permanent redirects this old are rechecked.
    package static let retention: TimeInterval = 30 * 24 * 3600
    public static let retentionDays = 30
}

/// Talks to the GitHub REST API: the cached, redirect-following GET lives here; one exchange (headers,
/// credentials, retries, rate limits) in RequestExchange.swift; the endpoints in GitHubEndpoints.swift.
package struct GitHubClient: Sendable {
    package let configuration: APIConfiguration
    package let transport: any HTTPTransport
    package let cache: ResponseCache?
    package let policy: NetworkPolicy
    package let ledger: RequestLedger
    package let log: (any BuildLog)?
    /// Called on a secondary rate limit, to lower concurrency.
    package let onSecondaryLimit: @Sendable () async -> Void
    package let sleep: @Sendable (Double) async throws -> Void
    package let clock: @Sendable () -> Date

    package init(
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

    package var tokenFingerprint: String { ResponseCache.fingerprint(token: configuration.token) }

    /// GET with our own redirect policy: follow up to five, and attach the token only while the
    /// request is on the API origin. `credentials: false` never attaches it (avatars, even when an
    /// Enterprise server hosts them on the API's own origin). The cache makes the request
    /// conditional, answers when the network cannot, reuses answers without validators for a day,
    /// and remembers every redirect, so it can answer for the URL a build started from.
    package func get(_ url: URL, accept: String = "application/vnd.github+json", credentials: Bool = true) async throws
        -> Fetched
    {
        var url = url
        for _ in 0..<6 {
            guard SafeURL.isWeb(url) else {
                throw GitHubError.invalidResponse("refusing to follow a redirect to a non-http(s) URL")
            }
            let key = url.absoluteString
            let entry = cache?.entry(for: key)
            if let entry, let next = rememberedRedirect(entry, from: url) {
                url = next
                continue
            }
            if let entry, let kept = keptAnswer(entry) {
                await ledger.recordKept()
                return kept
            }
            let result: Exchange
            do {
                result = try await exchange(url, accept: accept, credentials: credentials, entry: entry)
            } catch let error as GitHubError where error.isTransient {
                guard let answer = cachedAnswer(from: entry) else { throw error }
                await ledger.recordCacheOnly()
                return Fetched(
                    data: answer.body, status: answer.status ?? 200, headers: answer.link.map { ["link": $0] } ?? [:],
                    source: .cacheOnly(
                        storedAt: answer.storedAt,
                        reason: policy.offline ? "built offline from the cache" : error.description))
            }
            let headers = result.headers
            if [301, 302, 303, 307, 308].contains(result.status), let location = headers["location"],
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            {
                cache?.store(
                    .init(
                        url: key, tokenFingerprint: tokenFingerprint, status: result.status,
                        location: next.absoluteString, body: Data(), storedAt: now))
                url = next
                continue
            }
            if result.status == 304, let entry, entry.location == nil {
                await ledger.recordNotModified()
                var refreshed = entry
                refreshed.storedAt = now
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
                let etag = headers["etag"]
                let lastModified = headers["last-modified"]
                // Nothing to ask "has this changed?" with: asking again would cost quota every build.
                let validatorLess = result.status != 200 && etag == nil && lastModified == nil
                cache.store(
                    .init(
                        url: key, tokenFingerprint: tokenFingerprint, status: result.status, etag: etag,
                        lastModified: lastModified, link: headers["link"], body: result.data, storedAt: now,
                        freshUntil: validatorLess ? now.addingTimeInterval(CacheLifetimes.keptAnswer) : nil))
            }
            return Fetched(data: result.data, status: result.status, headers: headers, source: .network)
        }
        throw GitHubError.tooManyRedirects
    }

    /// When answers are stored and last used: the build's "now", so `REPOWATCH_NOW` drives lifetimes.
    package var now: Date { cache?.now ?? clock() }

    /// A renamed repository's permanent redirect on the API origin is followed without asking, until
    /// it is as old as the retention period (then GitHub is asked again) or `--refresh`.
    private func rememberedRedirect(_ entry: ResponseCache.Entry, from url: URL) -> URL? {
        guard entry.isPermanentRedirect, !policy.refresh, let location = entry.location,
            let next = URL(string: location), configuration.isAPIOrigin(url), configuration.isAPIOrigin(next),
            now.timeIntervalSince(entry.storedAt) < CacheLifetimes.retention
        else { return nil }
        return next
    }

    /// An answer without validators, within its day: no request. Offline builds use the cache as
    /// stale data like every other answer.
    private func keptAnswer(_ entry: ResponseCache.Entry) -> Fetched? {
        guard !policy.offline, !policy.refresh, entry.location == nil, let freshUntil = entry.freshUntil,
            now < freshUntil, entry.tokenFingerprint == tokenFingerprint
        else { return nil }
        return Fetched(
            data: entry.body, status: entry.status ?? 200, headers: entry.link.map { ["link": $0] } ?? [:],
            source: .kept)
    }

    /// The answer the cache holds for a URL, following the redirects remembered on the way (of any
    /// kind, to any origin: nothing is requested).
    private func cachedAnswer(from entry: ResponseCache.Entry?) -> ResponseCache.Entry? {
        var current = entry
        for _ in 0..<6 {
            guard let found = current else { return nil }
            guard let location = found.location else { return found }
            current = cache?.entry(for: location)
        }
        return nil
    }
}
