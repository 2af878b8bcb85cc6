import Foundation
import RepoWatchSupport

package enum GitHubError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidBaseURL(String)
    case notFound
    case http(status: Int, message: String?)
    case network(String)
    case invalidResponse(String)
    case tooManyRedirects
    /// `--offline` and nothing in the cache for this URL.
    case notCached
    /// The quota is spent until `until`, further than `--max-wait`.
    case rateLimited(until: Date)
    /// This build's budget (`--budget`, or by default 90 % of the remaining quota) is spent: the
    /// request was not sent, and the repository comes first next build.
    case deferred(budget: Int)

    /// Every text the network (or the command line) gave goes through `ConsoleText.inline`: these
    /// descriptions end up in log lines, where a line break in them would start a line of the
    /// server's choosing (a forged error, or under GitHub Actions a workflow command).
    package var description: String { description(from: nil) }

    /// The same words for an answer of another forge's `host` (nil: GitHub's): its 404 and its
    /// statuses are its own, and a reader who sees "GitHub" looks for the repository in the wrong place.
    package func description(from host: String?) -> String {
        let forge = host.map(ConsoleText.inline) ?? "GitHub"
        switch self {
        case .invalidBaseURL(let text): return "'\(ConsoleText.inline(text))' is not an http(s) API URL"
        case .notFound:
            return "not found on \(forge) (check the name, or the token's access to private repositories)"
        case .http(let status, let message):
            return "\(forge) answered \(status)"
                + (message.map { ": \(ConsoleText.inline(String($0.prefix(200))))" } ?? "")
        case .network(let reason): return "network error: \(ConsoleText.inline(reason))"
        case .invalidResponse(let reason): return "unexpected response: \(ConsoleText.inline(reason))"
        case .tooManyRedirects: return "too many redirects"
        case .notCached: return "not in the cache, and --offline allows no network"
        case .rateLimited(let until): return "rate limit exhausted until \(Formatting.dayAndTime(until))"
        case .deferred(let budget):
            return
                "deferred to a later build: this build's budget of \(Formatting.plural(budget, "request", "requests")) is spent"
        }
    }

    /// Failures worth answering from the cache: the repository may be fine, GitHub is not.
    package var isTransient: Bool {
        switch self {
        case .network, .rateLimited, .notCached, .tooManyRedirects, .deferred: return true
        case .http(let status, _): return status >= 500 || status == 403 || status == 429
        case .invalidResponse: return true
        case .notFound, .invalidBaseURL: return false
        }
    }
}

/// The error document GitHub sends with 4xx/5xx answers.
struct ErrorPayload: Decodable, Sendable {
    var message: String?
}

extension GitHubError {
    package static func failure(status: Int, data: Data) -> GitHubError {
        if status == 404 { return .notFound }
        let message = try? JSONDecoder().decode(ErrorPayload.self, from: data).message
        return .http(status: status, message: message)
    }

    package static func isTooLarge(_ body: Data) -> Bool {
        let message = (try? JSONDecoder().decode(ErrorPayload.self, from: body).message) ?? ""
        return message.lowercased().contains("too large")
    }

    /// A transport's failure in a few words.
    package static func reason(for error: Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "could not connect"
            case .cannotFindHost: return "unknown host"
            case .notConnectedToInternet: return "not connected to the internet"
            default: return ErrorText.describe(urlError)
            }
        }
        return ErrorText.describe(error)
    }
}

extension GitHubClient {
    package static func failure(_ response: NetworkResponse) -> GitHubError {
        GitHubError.failure(status: response.status, data: response.data)
    }
}
