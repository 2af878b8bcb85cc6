import Foundation
import RepoWatchSupport

/// The one network stack: every request of a build goes down these layers, each doing one job,
/// composed here and nowhere else (from the caller down):
///
///     RedirectLayer     redirects followed by hand: http(s) only, at most five
///     CacheLayer        the ETag cache: conditional requests, 304s, answers when GitHub cannot
///     RetryLayer        connection errors, timeouts and 5xx, again after a backoff
///     RateLimitLayer    GitHub's limits: the shared pause and stop, waits within --max-wait,
///                       fewer connections after a secondary limit
///     AllowanceLayer    our own limits, per API: the budget (before the connection slot) and the
///                       pacer (once the request holds its slot, just before it leaves)
///     HeaderLayer       User-Agent; on the API's origin only, the API version and the token
///     RequestLogLayer   the ledger's request count, --verbose's lines (never a header)
///     TransportLayer    URLSession, redirects refused; `LimitedTransport` holds a --jobs slot
///
/// REST requests and avatars take every layer. GraphQL takes them from RetryLayer down, with a
/// RateLimitLayer of its own (its limits are not REST's). The published site (the history seed) takes only RedirectLayer, HeaderLayer (no API: no
/// token) and the transport. `--offline` puts `NoNetwork` where RetryLayer and all below would be.
package struct NetworkStack: Sendable {
    /// Shared by every API, so `--jobs` bounds all requests together.
    package var transport: any HTTPTransport
    package var options: FetchOptions
    package var log: (any BuildLog)?
    package var sleep: @Sendable (Double) async throws -> Void
    package var clock: @Sendable () -> Date
    /// Our own limits, each API's apart; AllowanceLayer is left out while an API has none.
    package var allowances: [GitHubAPI: [any RequestAllowance]] = [:]

    package init(
        transport: any HTTPTransport, options: FetchOptions = .defaults, log: (any BuildLog)? = nil,
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.transport = transport
        self.options = options
        self.log = log
        self.sleep = sleep
        self.clock = clock
    }

    /// Whether a request can leave this machine: `--offline` is decided here, once, and what
    /// depends on it asks the stack (or gets `NoNetwork`'s `GitHubError.notCached`) instead of the flag.
    package var reachesNetwork: Bool { !options.offline }

    /// The REST API's requests, and the avatars its answers name (sent without the token). Another
    /// forge's REST API (`allowances` keyed `.forge(host:)`) takes the same layers, with its own
    /// ledger: its limits, its pauses and its stop are its own.
    package func rest(
        _ configuration: APIConfiguration, cache: ResponseCache?, ledger: RequestLedger,
        allowances key: GitHubAPI = .rest, onSecondaryLimit: @escaping @Sendable () async -> Void
    ) -> any NetworkLayer {
        let api = APIScope(configuration.baseURL)
        var layer: any NetworkLayer = NoNetwork()
        if reachesNetwork {
            layer = sender(
                api: api, token: configuration.token, userAgent: configuration.userAgent, ledger: ledger,
                gitHub: configuration.isGitHub)
            layer = allowanceLayer(key, over: layer)
            layer = rateLimited(
                layer, api: api, ledger: ledger, onSecondaryLimit: onSecondaryLimit,
                limitOf: configuration.isGitHub ? "GitHub" : configuration.baseURL.host ?? "the forge")
            layer = RetryLayer(next: layer, policy: options.retry, ledger: ledger, sleep: sleep)
        }
        guard let cache else { return RedirectLayer(next: layer) }
        let cached = CacheLayer(
            next: layer, cache: cache, api: api,
            tokenFingerprint: ResponseCache.fingerprint(token: configuration.token),
            options: options, ledger: ledger)
        return RedirectLayer(next: cached, lastGood: { await cached.lastGood(for: $0, after: $1) })
    }

    /// GraphQL POSTs to `url`, whose origin is the only place the token goes; redirects come back
    /// as answers (the client refuses them).
    package func graphQL(url: URL, token: String, userAgent: String, ledger: RequestLedger) -> any NetworkLayer {
        guard reachesNetwork else { return NoNetwork() }
        let api = APIScope(url)
        let layer = sender(api: api, token: token, userAgent: userAgent, ledger: ledger)
        let limited = rateLimited(allowanceLayer(.graphQL, over: layer), api: api, ledger: ledger, onSecondaryLimit: {})
        return RetryLayer(next: limited, policy: options.retry, ledger: ledger, sleep: sleep)
    }

    private func rateLimited(
        _ layer: any NetworkLayer, api: APIScope, ledger: RequestLedger,
        onSecondaryLimit: @escaping @Sendable () async -> Void, limitOf: String = "GitHub"
    ) -> any NetworkLayer {
        var limited = RateLimitLayer(
            next: layer, api: api, ledger: ledger, maxWait: options.maxWait, log: log,
            onSecondaryLimit: onSecondaryLimit, sleep: sleep, clock: clock)
        limited.backoffBase = options.limits.minute
        limited.limitOf = limitOf
        return limited
    }

    /// A site's published files: no API, so no token and no API headers; no retries, no cache.
    package func publishedSite(userAgent: String) -> any NetworkLayer {
        guard reachesNetwork else { return NoNetwork() }
        return RedirectLayer(
            next: HeaderLayer(next: TransportLayer(transport), userAgent: userAgent, api: nil, token: nil))
    }

    /// Headers, the request log and the transport: what every API request goes out through.
    private func sender(
        api: APIScope, token: String?, userAgent: String, ledger: RequestLedger, gitHub: Bool = true
    ) -> any NetworkLayer {
        var logged = RequestLogLayer(
            next: TransportLayer(transport), ledger: ledger, trace: options.verbose ? log : nil, clock: clock)
        logged.redactsPrivate = options.sealsPrivateAnswers
        var headers = HeaderLayer(next: logged, userAgent: userAgent, api: api, token: token)
        headers.sendsGitHubVersion = gitHub
        return headers
    }

    private func allowanceLayer(_ api: GitHubAPI, over layer: any NetworkLayer) -> any NetworkLayer {
        guard let allowances = allowances[api], !allowances.isEmpty else { return layer }
        return AllowanceLayer(next: layer, allowances: allowances)
    }
}
