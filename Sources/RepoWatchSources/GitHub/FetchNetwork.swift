import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The network one build fetches through: the transport (`--jobs`, never more than GitHub's
/// concurrency limit), the stack, and our own limits on it: for REST the budget and the pacer, for
/// GraphQL a pacer of its own.
struct FetchNetwork: Sendable {
    let stack: NetworkStack
    let limiter: ConcurrencyLimiter
    /// Nil offline: nothing is spent.
    let budget: RequestBudget?
    let restPacer: Pacer?
    let graphQLPacer: Pacer?
    /// Where GraphQL is asked, when it can be (a token, a usable URL, not offline).
    let graphQL: URL?
    /// Where GraphQL would be asked, token or not.
    private let graphQLEndpoint: URL?

    /// Each other forge's pacer, by host (`rate:` in its `forges:` entry).
    let forgePacers: [String: Pacer]

    /// `forges`: the other forges the site reads; `--budget` counts their requests too, and each
    /// is paced on its own.
    init(
        api: APIConfiguration, options: FetchOptions, environment: [String: String], log: any BuildLog,
        forges: [Forge] = []
    ) {
        let limits = options.limits
        let transport = LimitedTransport(
            options.substitute?.transport ?? URLSessionTransport(timeout: options.timeout, connections: options.jobs),
            limit: min(options.jobs, limits.concurrency))
        limiter = transport.limiter
        var stack = NetworkStack(transport: transport, options: options, log: log)
        if let substitute = options.substitute {
            stack.sleep = substitute.sleep
            stack.clock = substitute.clock
        }
        let url = GraphQLEndpoint.url(
            apiBase: api.baseURL, apiURLGiven: options.apiURL != nil, environment: environment)
        graphQLEndpoint = url
        graphQL = !stack.reachesNetwork || (api.token ?? "").isEmpty ? nil : url
        if !stack.reachesNetwork {
            (budget, restPacer, graphQLPacer, forgePacers) = (nil, nil, nil, [:])
        } else {
            let scope = APIScope(api.baseURL)
            let budget = RequestBudget(
                scope: scope, limit: options.budget.map(RequestBudget.Limit.requests) ?? .remainingShare,
                authorized: !(api.token ?? "").isEmpty, forgeScopes: forges.map { APIScope($0.api) })
            var forgePacers: [String: Pacer] = [:]
            for forge in forges {
                let pacer = forge.perMinute.map {
                    Pacer(scope: APIScope(forge.api), perMinute: $0, minute: limits.minute)
                }
                forgePacers[forge.host] = pacer
                stack.allowances[.forge(host: forge.host)] = [budget] + (pacer.map { [$0] } ?? [])
            }
            self.forgePacers = forgePacers
            let rest = Pacer(scope: scope, perMinute: limits.restPerMinute, minute: limits.minute)
            stack.allowances[.rest] = [budget, rest]
            let graphQLPacer = url.map {
                Pacer(scope: APIScope($0), perMinute: limits.graphQLPerMinute, minute: limits.minute)
            }
            if let graphQLPacer { stack.allowances[.graphQL] = [graphQLPacer] }
            (self.budget, restPacer, self.graphQLPacer) = (budget, rest, graphQLPacer)
        }
        self.stack = stack
    }

    /// False under `--offline`, as the stack decided.
    var reachesNetwork: Bool { stack.reachesNetwork }

    /// The batched GraphQL queries: counts, releases, languages, and the `repos:` entries' cards.
    func openCounts(_ api: APIConfiguration, cacheURL: URL, log: any BuildLog, now: Date) -> OpenCountsFetcher {
        OpenCountsFetcher(
            url: graphQLEndpoint, token: api.token, userAgent: api.userAgent, stack: stack, cacheDirectory: cacheURL,
            log: log,
            now: now)
    }

    /// How long requests waited to stay under the secondary limits, for the summary.
    var pacing: Pacing {
        Pacing(
            rest: restPacer?.waits ?? (0, 0), graphQL: graphQLPacer?.waits ?? (0, 0),
            limits: stack.options.limits)
    }
}

/// What pacing cost a build: how many requests waited for the window, and the longest wait.
package struct Pacing: Sendable {
    package var rest: (longest: Double, requests: Int)
    package var graphQL: (longest: Double, requests: Int)
    package var limits: RateLimits
}
