import Foundation
import RepoWatchSupport

/// Follows redirects itself, up to `limit` of them and only to http(s): the transport refuses them,
/// because URLSession on Linux forwards `Authorization` to whatever origin a redirect names. Each
/// hop goes down the stack as a request of its own, so the layers below judge its origin afresh.
struct RedirectLayer: NetworkLayer {
    static let defaultLimit = 5

    let next: any NetworkLayer
    var limit = defaultLimit
    /// The last good answer for the URL the request started from (the cache's), for when a hop a
    /// redirect led to fails: where it led is not the answer.
    var lastGood: (@Sendable (URL, GitHubError) async -> NetworkResponse?)?

    init(next: any NetworkLayer, lastGood: (@Sendable (URL, GitHubError) async -> NetworkResponse?)? = nil) {
        self.next = next
        self.lastGood = lastGood
    }

    func send(_ request: NetworkRequest) async throws -> NetworkResponse {
        let start = request.url
        var request = request
        do {
            for _ in 0...limit {
                guard SafeURL.isWeb(request.url) else { throw RedirectRefusal.notWeb(request.url) }
                let response = try await next.send(request)
                guard let target = response.redirectTarget(from: request.url) else { return response }
                request.url = target
            }
            throw RedirectRefusal.tooMany(limit: limit)
        } catch let error where request.url != start {
            let failure = (error as? GitHubError) ?? (error as? RedirectRefusal)?.gitHubError
            guard let failure, failure.isTransient, let answer = await lastGood?(start, failure) else { throw error }
            return answer
        }
    }
}

package enum RedirectRefusal: Error, Equatable {
    case notWeb(URL)
    case tooMany(limit: Int)

    /// How the API clients report it.
    var gitHubError: GitHubError {
        switch self {
        case .notWeb: return .invalidResponse("refusing to follow a redirect to a non-http(s) URL")
        case .tooMany: return .tooManyRedirects
        }
    }
}
