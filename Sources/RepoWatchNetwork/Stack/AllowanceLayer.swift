import Foundation

/// The APIs whose limits are counted apart (GitHub's secondary limits: 900 REST points a minute,
/// 2,000 GraphQL; each other forge's host its own).
package enum GitHubAPI: Sendable, Hashable {
    case rest
    case graphQL
    /// Another forge's REST API, by its host.
    case forge(host: String)
}

/// A limit of our own on one API's requests, beside GitHub's (`RateLimitLayer`): the pacer keeps
/// under the points a minute (`Pacer`), the budget under the quota one build may spend
/// (`RequestBudget`). `NetworkStack.allowances` gives each API its own; the clients and their
/// callers do not change when one is added.
package protocol RequestAllowance: Sendable {
    /// Before the request takes a connection slot: returns when it may go, or throws (a spent
    /// budget: a transient `GitHubError`, so the cache answers with its last good data).
    func admit(_ request: NetworkRequest) async throws
    /// Once the request holds its connection slot, just before it leaves: a pacer waits here, so
    /// the moment it counts is the moment the request is sent.
    func ready(_ request: NetworkRequest) async throws
    /// Once the answer is known, what the request cost (a 304 costs no quota; GraphQL says its cost).
    func settle(_ request: NetworkRequest, with response: NetworkResponse) async
    /// The request was admitted but brought no answer: `sent` when it may have reached GitHub (a
    /// connection error, a timeout), false when it never left (held back, cancelled).
    func withdraw(_ request: NetworkRequest, sent: Bool) async
}

extension RequestAllowance {
    package func ready(_ request: NetworkRequest) async throws {}
    package func withdraw(_ request: NetworkRequest, sent: Bool) async {}
}

/// Asks each allowance before a request goes out (again for each retry and each wait: every one
/// is a request GitHub counts), and tells each what it cost.
struct AllowanceLayer: NetworkLayer {
    let next: any NetworkLayer
    let allowances: [any RequestAllowance]

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var admitted: [any RequestAllowance] = []
        do {
            for allowance in allowances {
                try await allowance.admit(request)
                admitted.append(allowance)
            }
        } catch {
            for allowance in admitted { await allowance.withdraw(request, sent: false) }
            throw error
        }
        var ready = request
        let earlier = request.admission
        ready.admission = { [allowances] in
            try await earlier()
            for allowance in allowances { try await allowance.ready(request) }
        }
        let response: NetworkResponse
        do {
            response = try await next.send(ready)
        } catch {
            let sent = !(error is NotAdmitted || error is CancellationError || Task.isCancelled)
            for allowance in allowances { await allowance.withdraw(request, sent: sent) }
            throw error
        }
        for allowance in allowances { await allowance.settle(request, with: response) }
        return response
    }
}
