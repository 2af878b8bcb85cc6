import Foundation
import Synchronization

/// The REST quota one build may spend (`--budget N`), or by default all but a tenth of what GitHub
/// says remains (`x-ratelimit-remaining`, read from the first answer that carries it). A request is
/// admitted only while what was spent plus what is in flight stays under it; past it, the request
/// is refused with `GitHubError.deferred`, which the cache answers with its last good data, and
/// the next build picks the repository up first.
///
/// What costs quota: every answer but an authorized 304 (GitHub counts a conditional request
/// answered "not modified" as free only when it carries the token). A request in flight holds its
/// unit until its answer says whether it cost one, so the budget is never exceeded, not even by
/// requests running together.
package final class RequestBudget: RequestAllowance {
    /// What a build leaves unspent when no budget is given.
    static let defaultReserve = 0.1

    package enum Limit: Sendable, Equatable {
        /// `--budget N`.
        case requests(Int)
        /// All but `defaultReserve` of the quota remaining when the build starts.
        case remainingShare
    }

    package struct Usage: Sendable, Equatable {
        /// Answers that cost quota.
        package var spent = 0
        /// Answers that were free (an authorized 304).
        package var free = 0
        /// Requests refused because the budget was spent.
        package var refused = 0
        /// The cap in effect; nil until known (by default, until the first answer says what remains).
        package var cap: Int?
        /// `x-ratelimit-remaining` when the cap was worked out, for the summary.
        var remainingAtStart: Int?
    }

    package let scope: APIScope
    /// Other forges' APIs, whose requests the budget counts as well (`--budget` covers every host).
    package let forgeScopes: [APIScope]
    package let limit: Limit
    /// Whether requests carry a token: only then is a 304 free.
    package let authorized: Bool
    private let state: Mutex<State>

    private struct State {
        var usage = Usage()
        var inFlight = 0
    }

    package init(scope: APIScope, limit: Limit, authorized: Bool, forgeScopes: [APIScope] = []) {
        self.scope = scope
        self.forgeScopes = forgeScopes
        self.limit = limit
        self.authorized = authorized
        var usage = Usage()
        if case .requests(let count) = limit { usage.cap = max(0, count) }
        state = Mutex(State(usage: usage))
    }

    package var usage: Usage { state.withLock { $0.usage } }

    /// What GitHub said remains before anything was asked (`GET /rate_limit`, which costs nothing):
    /// the default cap is worked out from it.
    package func learn(remaining: Int) {
        state.withLock { state in
            guard state.usage.remainingAtStart == nil else { return }
            state.usage.remainingAtStart = remaining
            if limit == .remainingShare {
                state.usage.cap = state.usage.spent + Self.share(of: remaining)
            }
        }
    }

    package static func share(of remaining: Int) -> Int {
        Int((Double(max(0, remaining)) * (1 - defaultReserve)).rounded(.down))
    }

    package func admit(_ request: NetworkRequest) async throws {
        guard counts(request) else { return }
        let refusedCap = state.withLock { state -> Int? in
            if let cap = state.usage.cap, state.usage.spent + state.inFlight >= cap {
                state.usage.refused += 1
                return cap
            }
            state.inFlight += 1
            return nil
        }
        if let refusedCap { throw GitHubError.deferred(budget: refusedCap) }
    }

    package func settle(_ request: NetworkRequest, with response: NetworkResponse) async {
        guard counts(request) else { return }
        // GitHub's quota alone sets the default cap; another forge's answers only count.
        let remaining =
            scope.contains(request.url) ? response.header("x-ratelimit-remaining").flatMap(Int.init) : nil
        state.withLock { state in
            state.inFlight -= 1
            if response.status == 304 && authorized {
                state.usage.free += 1
            } else {
                state.usage.spent += 1
            }
            // The first answer that says what remains, counted with what this build has spent so far;
            // not a rate-limit answer, which is waited out (its "0 remaining" lasts until the reset).
            if let remaining, state.usage.remainingAtStart == nil, response.status != 403, response.status != 429 {
                let atStart = remaining + state.usage.spent
                state.usage.remainingAtStart = atStart
                if limit == .remainingShare { state.usage.cap = Self.share(of: atStart) }
            }
        }
    }

    package func withdraw(_ request: NetworkRequest, sent: Bool) async {
        guard counts(request) else { return }
        state.withLock { state in
            state.inFlight -= 1
            // It may have reached GitHub and cost a unit: count it, so the cap holds.
            if sent { state.usage.spent += 1 }
        }
    }

    /// The APIs' own requests; avatars (even on an Enterprise server's API origin) and
    /// `GET /rate_limit` cost no quota.
    private func counts(_ request: NetworkRequest) -> Bool {
        guard request.credentials else { return false }
        if scope.contains(request.url) { return !request.url.path.hasSuffix("/rate_limit") }
        // `--budget N` counts every host; the default share of GitHub's quota is GitHub's alone.
        guard case .requests = limit else { return false }
        return forgeScopes.contains { $0.contains(request.url) }
    }
}
