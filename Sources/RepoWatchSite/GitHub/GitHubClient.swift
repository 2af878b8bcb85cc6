import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the API lives and who is asking.
public struct APIConfiguration: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    public var baseURL: URL
    /// Sent only to `baseURL`'s origin.
    public var token: String?
    public var userAgent: String

    public init(baseURL: URL = defaultBaseURL, token: String? = nil, userAgent: String = "repowatch-site") {
        self.baseURL = baseURL
        self.token = token
        self.userAgent = userAgent
    }

    /// `--api-url`, else `GITHUB_API_URL` (set by GitHub Actions), else api.github.com;
    /// `GITHUB_TOKEN`, else `GH_TOKEN`.
    public static func resolve(apiURL: String?, environment: [String: String]) throws -> APIConfiguration {
        let text = apiURL ?? environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var baseURL = defaultBaseURL
        if let text {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else {
                throw GitHubError.invalidBaseURL(text)
            }
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

    func endpoint(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int?

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}

public enum GitHubError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidBaseURL(String)
    case notFound
    case http(status: Int, message: String?)
    case network(String)
    case invalidResponse(String)
    case tooManyRedirects

    public var description: String {
        switch self {
        case .invalidBaseURL(let text): return "'\(text)' is not an http(s) API URL"
        case .notFound: return "not found on GitHub (check the name, or the token's access to private repositories)"
        case .http(let status, let message):
            return "GitHub answered \(status)" + (message.map { ": \(String($0.prefix(200)))" } ?? "")
        case .network(let reason): return "network error: \(reason)"
        case .invalidResponse(let reason): return "unexpected response: \(reason)"
        case .tooManyRedirects: return "too many redirects"
        }
    }
}

/// A response after redirects, with the URL that finally answered.
struct Fetched: Sendable {
    var data: Data
    var response: HTTPURLResponse
    var redirected: Bool
    var status: Int { response.statusCode }
}

/// Talks to the GitHub REST API: headers, credentials, redirects.
public struct GitHubClient: Sendable {
    public let configuration: APIConfiguration
    let transport: any HTTPTransport

    public init(configuration: APIConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// GET with our own redirect policy: follow up to five, and attach the token only while the
    /// request is on the API origin. `credentials: false` never attaches it (avatars, even when an
    /// Enterprise server hosts them on the API's own origin).
    func get(_ url: URL, accept: String = "application/vnd.github+json", credentials: Bool = true) async throws
        -> Fetched
    {
        var url = url
        var redirected = false
        for _ in 0..<6 {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw GitHubError.invalidResponse("refusing to follow a redirect to a non-http(s) URL")
            }
            var request = URLRequest(url: url)
            request.httpMethod = "GET"
            request.setValue(accept, forHTTPHeaderField: "Accept")
            request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
            if configuration.isAPIOrigin(url) {
                request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
                if credentials, let token = configuration.token {
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                }
            }
            let (data, response): (Data, HTTPURLResponse)
            do {
                (data, response) = try await transport.send(request)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw GitHubError.network(Self.describe(error))
            }
            if [301, 302, 303, 307, 308].contains(response.statusCode),
                let location = response.value(forHTTPHeaderField: "Location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            {
                url = next
                redirected = true
                continue
            }
            return Fetched(data: data, response: response, redirected: redirected)
        }
        throw GitHubError.tooManyRedirects
    }

    static func describe(_ error: Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "could not connect"
            case .cannotFindHost: return "unknown host"
            case .notConnectedToInternet: return "not connected to the internet"
            default: return urlError.localizedDescription
            }
        }
        return (error as NSError).localizedDescription
    }

    static func failure(_ fetched: Fetched) -> GitHubError {
        if fetched.status == 404 { return .notFound }
        let message = try? JSONDecoder().decode(ErrorPayload.self, from: fetched.data).message
        return .http(status: fetched.status, message: message)
    }

    /// `GET /repos/{owner}/{repo}`; a renamed repository answers 301 to `/repositories/{id}`.
    func repository(_ name: RepoName) async throws -> RepositoryPayload {
        let fetched = try await get(configuration.endpoint("/repos/\(name.owner)/\(name.name)"))
        guard fetched.status == 200 else { throw Self.failure(fetched) }
        do {
            return try JSONDecoder().decode(RepositoryPayload.self, from: fetched.data)
        } catch {
            throw GitHubError.invalidResponse("the repository document could not be read (\(error))")
        }
    }

    public enum ContributorList: Sendable, Equatable {
        case people([Contributor], avatarURLs: [String?])
        /// GitHub refuses to count contributors of very large repositories.
        case tooLarge
    }

    /// The first `count` people in GitHub's order (by contributions), skipping bots and anonymous
    /// entries; pages on only while fewer than `count` people have been seen.
    func contributors(of fullName: String, count: Int = 4) async throws -> ContributorList {
        let parts = fullName.split(separator: "/")
        guard parts.count == 2, case .success(let name) = RepoName.parse(fullName) else {
            throw GitHubError.invalidResponse("GitHub named the repository '\(fullName)'")
        }
        var url: URL? = configuration.endpoint(
            "/repos/\(name.owner)/\(name.name)/contributors",
            query: [URLQueryItem(name: "per_page", value: String(count * 3))])
        var people: [Contributor] = []
        var avatars: [String?] = []
        var pages = 0
        while let next = url, people.count < count, pages < 5 {
            pages += 1
            let fetched = try await get(next)
            switch fetched.status {
            case 200: break
            case 204: return .people(people, avatarURLs: avatars)
            case 403 where Self.isTooLarge(fetched.data): return .tooLarge
            default: throw Self.failure(fetched)
            }
            let page: [ContributorPayload]
            do {
                page = try JSONDecoder().decode([ContributorPayload].self, from: fetched.data)
            } catch {
                throw GitHubError.invalidResponse("the contributor list could not be read (\(error))")
            }
            for entry in page where entry.isPerson && people.count < count {
                people.append(Contributor(login: entry.login!, contributions: entry.contributions))
                avatars.append(entry.avatarURL)
            }
            url = LinkHeader.next(fetched.response.value(forHTTPHeaderField: "Link"), relativeTo: next)
        }
        return .people(people, avatarURLs: avatars)
    }

    static func isTooLarge(_ body: Data) -> Bool {
        let message = (try? JSONDecoder().decode(ErrorPayload.self, from: body).message) ?? ""
        return message.lowercased().contains("too large")
    }
}

/// RFC 8288 `Link` headers as GitHub sends them for pagination.
enum LinkHeader {
    static func next(_ header: String?, relativeTo base: URL) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            if pieces.dropFirst().contains(where: { $0 == "rel=\"next\"" || $0 == "rel=next" }) {
                return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }
}
