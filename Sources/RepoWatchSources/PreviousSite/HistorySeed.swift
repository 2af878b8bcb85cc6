import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// GitHub evicts Actions caches (after a week unused, or when the repository's caches outgrow their
/// quota), and with the cache goes `.repowatch/history.json`. The published site still has the same
/// points in `data/history.json`, so a build that finds no history file but knows its `base_url` asks
/// the live site for it once, before recording its own point.
///
/// The site is not the API: no token is sent, and its answer is parsed as strictly as the local file.
/// Anything else than a readable history starts a new one, as before.
struct HistorySeed: Sendable {
    /// The build's: a test's stand-in transport, and `--offline`, under which the stack has no network
    /// (and nothing is asked). Without a stand-in, a session of its own, made only when the history
    /// is missing.
    let options: FetchOptions

    init(options: FetchOptions = .defaults) {
        self.options = options
    }

    /// `<base_url>data/history.json`: where `SiteRenderer` publishes it.
    static func publishedURL(base: URL) -> URL {
        base.appendingPathComponent(SiteLayout.history)
    }

    /// Writes the published history into `file` when `file` does not exist yet (a lost cache, or an
    /// unreadable file moved aside): from the published site, else (offline, no `base_url`, the site
    /// failing) from the previous build's output. Never throws: at worst the build starts a new
    /// history, saying why.
    func restoreIfMissing(
        _ file: HistoryFile, baseURL: URL?, previousSite: URL? = nil, log: any BuildLog
    ) async {
        guard !FileManager.default.fileExists(atPath: file.url.path) else { return }
        let name = file.url.lastPathComponent
        var published: (text: String, isProblem: Bool)?
        if let baseURL {
            let url = Self.publishedURL(base: baseURL)
            switch await fetch(url) {
            case .success(let data):
                do {
                    try restore(data, into: file, from: url.absoluteString, log: log)
                    return
                } catch {
                    published = ("\(url) is not a readable history (\(ErrorText.describe(error)))", true)
                }
            case .failure(.notPublished): published = ("none published at \(url) yet", false)
            case .failure(.noNetwork): break
            case .failure(let reason):
                published = ("could not fetch the published history from \(url) (\(reason))", true)
            }
        }
        let local = previousSite?.appendingPathComponent(SiteLayout.history)
        if let local, let data = FileManager.default.contents(atPath: local.path),
            (try? restore(data, into: file, from: local.path, log: log)) != nil
        {
            return
        }
        switch published {
        case (let text, true)?: log.warning("\(text); starting a new one")
        case (let text, false)?: log.info("No \(name) in the cache and \(text): starting one")
        case nil: log.info("No \(name) in the cache or the previous site: starting one")
        }
    }

    /// Saves `data` as the history if it reads as one.
    private func restore(_ data: Data, into file: HistoryFile, from place: String, log: any BuildLog) throws {
        let (history, cut) = try History.parsePublished(data)
        try file.save(data)
        // A large site publishes a cut of its history: that is what comes back.
        let said = cut.map { " (the published cut: at most \($0) points a repository)" } ?? ""
        log.info(
            "No \(file.url.lastPathComponent) in the cache: restored "
                + "\(Formatting.plural(history.pointCount, "point", "points")) from \(place)\(said)")
    }

    enum Failure: Error, CustomStringConvertible {
        case notPublished
        case status(Int)
        case badRedirect(String)
        case transport(String)
        /// `--offline`: the stack has no network, and nothing was asked.
        case noNetwork

        var description: String {
            switch self {
            case .notPublished: "404"
            case .status(let code): "HTTP \(code)"
            case .badRedirect(let location): "redirected to \(location)"
            case .transport(let message): message
            case .noNetwork: "no network (--offline)"
            }
        }
    }

    /// Through the network stack's published-site path: redirects followed by hand (the transport
    /// refuses them) so each hop is checked as http(s), no token, no retries.
    func fetch(_ url: URL, accept: String = "application/json") async -> Result<Data, Failure> {
        let network = NetworkStack(
            transport: options.substitute?.transport ?? URLSessionTransport(timeout: 15, connections: 1),
            options: options
        )
        .publishedSite(userAgent: "repowatch-site/\(Version.current)")
        let response: NetworkResponse
        do {
            response = try await network.send(NetworkRequest(url: url, accept: accept, credentials: false))
        } catch RedirectRefusal.notWeb(let location) {
            return .failure(.badRedirect(location.absoluteString))
        } catch RedirectRefusal.tooMany(let limit) {
            return .failure(.transport("more than \(limit) redirects"))
        } catch GitHubError.notCached {
            return .failure(.noNetwork)
        } catch {
            return .failure(.transport(GitHubError.reason(for: error)))
        }
        switch response.status {
        case 200: return .success(response.data)
        case 404: return .failure(.notPublished)
        case 301, 302, 303, 307, 308: return .failure(.badRedirect(response.header("location") ?? ""))
        default: return .failure(.status(response.status))
        }
    }
}
