import Foundation

/// Who is asking: the User-Agent on every request; on the API's origin only, the API version and,
/// when the request allows it, the token. Redirects are followed above this layer, so every hop is
/// judged by its own origin and the token never follows one elsewhere.
struct HeaderLayer: NetworkLayer {
    static let apiVersion = "2022-11-28"

    let next: any NetworkLayer
    let userAgent: String
    /// Nil: no request is the API's (the published site).
    let api: APIScope?
    let token: String?
    /// GitHub's API version header; not for another forge's API.
    var sendsGitHubVersion = true

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        var request = request
        request.headers["User-Agent"] = userAgent
        if let api, api.contains(request.url) {
            if sendsGitHubVersion { request.headers["X-GitHub-Api-Version"] = Self.apiVersion }
            if request.credentials, let token { request.headers["Authorization"] = "Bearer \(token)" }
        }
        return try await next.send(request)
    }
}

/// One API's origin (scheme, host, port): the only place its token goes, and where its rate limits
/// apply.
package struct APIScope: Sendable {
    package let base: URL

    package init(_ base: URL) {
        self.base = base
    }

    package func contains(_ url: URL) -> Bool { Origin(url) == Origin(base) }
}
