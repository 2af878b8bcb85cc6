import Foundation

/// The two APIs whose limits are counted apart (DESIGN.md: 900 REST points a minute, 2,000 GraphQL).
package enum GitHubAPI: Sendable, Hashable {
    case rest
    case graphQL
}

/// A limit of our own on one API's requests, beside GitHub's (`RateLimitLayer`): a pacer that keeps
/// under the points a minute, a budget of requests a build. `NetworkStack.allowances` gives each
/// API its own; the clients and their callers do not change when one is added.
package protocol RequestAllowance: Sendable {
    /// Before the request takes a connection slot: returns when it may go (a pacer waits), or throws
    /// (a spent budget: a transient `GitHubError`, so the cache answers with its last good data).
    func admit(_ request: NetworkRequest) async throws
    /// Once the answer is known, what the request cost (a 304 costs no quota; GraphQL says its cost).
    func settle(_ request: NetworkRequest, with response: NetworkResponse) async
}

/// Asks each allowance before a request goes out (again for each retry and each wait: every one
/// is a request GitHub counts), and tells each what it cost.
package struct AllowanceLayer: NetworkLayer {
    package let next: any NetworkLayer
    package let allowances: [any RequestAllowance]

    package func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        for allowance in allowances { try await allowance.admit(request) }
        let response = try await next.send(request)
        for allowance in allowances { await allowance.settle(request, with: response) }
        return response
    }
}
