import Foundation
import RepoWatchSupport

/// Where the API lives and who is asking.
package struct APIConfiguration: Sendable {
    package static let defaultBaseURL = URL(string: "https://api.github.com")!

    package var baseURL: URL
    /// Sent only to `baseURL`'s origin.
    package var token: String?
    package var userAgent: String
    /// GitHub's API is told which version it speaks (`X-GitHub-Api-Version`); another forge's is not.
    package var isGitHub = true
    /// The host another forge's repositories are named by (`codeberg.org`), which its failures name
    /// where GitHub's name GitHub; nil on GitHub.
    package var forgeHost: String?

    package init(baseURL: URL = defaultBaseURL, token: String? = nil, userAgent: String = "repowatch-site") {
        self.baseURL = baseURL
        self.token = token
        self.userAgent = userAgent
    }

    /// Another forge's API at `baseURL`, with that host's own token (nil: anonymous); `host`: the
    /// forge's (`forgeHost`).
    package static func forge(baseURL: URL, token: String?, host: String? = nil) -> APIConfiguration {
        var configuration = APIConfiguration(
            baseURL: baseURL, token: token, userAgent: "repowatch-site/\(Version.current)")
        configuration.isGitHub = false
        configuration.forgeHost = host
        return configuration
    }

    /// `--api-url`, else `GITHUB_API_URL` (set by GitHub Actions), else api.github.com;
    /// `GITHUB_TOKEN`, else `GH_TOKEN`.
    package static func resolve(apiURL: String?, environment: [String: String]) throws -> APIConfiguration {
        let text = apiURL ?? environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var baseURL = defaultBaseURL
        if let text {
            guard let url = URL(string: text), SafeURL.isWeb(url) else { throw GitHubError.invalidBaseURL(text) }
            baseURL = url
        }
        let token = [environment["GITHUB_TOKEN"], environment["GH_TOKEN"]]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
        return APIConfiguration(baseURL: baseURL, token: token, userAgent: "repowatch-site/\(Version.current)")
    }

    /// Scheme, host and port: the only place the token may go.
    func isAPIOrigin(_ url: URL) -> Bool {
        Origin(url) == Origin(baseURL)
    }

    package func endpoint(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

package struct Origin: Equatable {
    package var scheme: String
    package var host: String
    package var port: Int?

    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
