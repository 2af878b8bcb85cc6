import Foundation

/// GitHub's GraphQL API at one URL, through the network stack (`NetworkStack.graphQL`): the same
/// headers as every REST request (GitHub accepts them here, and proxies that inspect API traffic
/// see one client), retries for connection errors and 5xx. A redirect is a failure: the token must
/// not travel on.
package struct GraphQLClient: Sendable {
    package let url: URL
    /// Its own: GraphQL's requests are not REST's quota, and are not counted with them.
    package let ledger: RequestLedger
    private let network: any NetworkLayer

    package init(
        url: URL, token: String, userAgent: String, stack: NetworkStack, ledger: RequestLedger = RequestLedger()
    ) {
        self.url = url
        self.ledger = ledger
        network = stack.graphQL(url: url, token: token, userAgent: userAgent, ledger: ledger)
    }

    /// One query document; its answer's body when GitHub answers 200.
    package func post(_ document: Data) async throws -> Data {
        var request = NetworkRequest(
            method: "POST", url: url, accept: "application/vnd.github+json", body: document, credentials: true)
        request.headers["Content-Type"] = "application/json"
        let response = try await network.send(request)
        switch response.status {
        case 200: return response.data
        case 300...399: throw GitHubError.invalidResponse("GraphQL answered a redirect, not followed")
        default: throw GitHubError.failure(status: response.status, data: response.data)
        }
    }
}
