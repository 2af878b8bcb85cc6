import Foundation
import RepoWatchSupport

/// How long the cache trusts what it keeps.
package enum CacheLifetimes {
    /// An answer without validators (an empty repository's 204, a 403 "too large to list").
    static let keptAnswer: TimeInterval = 24 * 3600
    /// Entries unused for this long are pruned; remembered permanent redirects this old are rechecked.
    static let retention: TimeInterval = 30 * 24 * 3600
    package static let retentionDays = 30
}

/// The GitHub REST API's GET, through the network stack (`NetworkStack.rest`); the endpoints are in
/// RepoWatchSources (GitHubEndpoints.swift, OwnerListing.swift).
package struct GitHubClient: Sendable {
    package let configuration: APIConfiguration
    package let ledger: RequestLedger
    /// False under `--offline` (the stack's `reachesNetwork`).
    package let reachesNetwork: Bool
    private let network: any NetworkLayer

    /// `allowances`: which of the stack's allowances apply (`.forge(host:)` for another forge's API,
    /// which this GET serves as well).
    package init(
        configuration: APIConfiguration, stack: NetworkStack, cache: ResponseCache? = nil,
        ledger: RequestLedger = RequestLedger(), allowances: GitHubAPI = .rest,
        onSecondaryLimit: @escaping @Sendable () async -> Void = {}
    ) {
        self.configuration = configuration
        self.ledger = ledger
        reachesNetwork = stack.reachesNetwork
        network = stack.rest(
            configuration, cache: cache, ledger: ledger, allowances: allowances, onSecondaryLimit: onSecondaryLimit)
    }

    /// - Parameter onSecondaryLimit: called on a secondary rate limit, to lower concurrency.
    package init(
        configuration: APIConfiguration, transport: any HTTPTransport, cache: ResponseCache? = nil,
        options: FetchOptions = .defaults, ledger: RequestLedger = RequestLedger(), log: (any BuildLog)? = nil,
        onSecondaryLimit: @escaping @Sendable () async -> Void = {},
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let stack = NetworkStack(transport: transport, options: options, log: log, sleep: sleep, clock: clock)
        self.init(
            configuration: configuration, stack: stack, cache: cache, ledger: ledger, onSecondaryLimit: onSecondaryLimit
        )
    }

    /// GET, following up to five redirects; the token goes only to the API origin, and never with
    /// `credentials: false` (avatars, even when an Enterprise server hosts them on the API's own origin).
    /// `reuseStored`: the caller knows the cached answer is still true; it is given without a request.
    /// `existsForSure`: the caller knows the resource exists, so a 4xx answer is GitHub failing and
    /// the cache's answer stands in (`NetworkRequest.existsForSure`).
    /// `uncached`: the caller keeps what it reads (`NetworkRequest.uncached`).
    package func get(
        _ url: URL, accept: String = "application/vnd.github+json", credentials: Bool = true, reuseStored: Bool = false,
        existsForSure: Bool = false, cacheKey: String? = nil,
        keptBody: (@Sendable (Data, [String: String]) -> Data)? = nil, uncached: Bool = false
    ) async throws -> NetworkResponse {
        var request = NetworkRequest(url: url, accept: accept, credentials: credentials)
        request.uncached = uncached
        request.reuseStored = reuseStored
        request.existsForSure = existsForSure
        request.cacheKey = cacheKey
        request.keptBody = keptBody
        request.expectedBody = accept.contains("json") ? .json : accept.hasPrefix("image/") ? .image : .any
        do {
            return try await network.send(request)
        } catch let refusal as RedirectRefusal {
            throw refusal.gitHubError
        }
    }
}
