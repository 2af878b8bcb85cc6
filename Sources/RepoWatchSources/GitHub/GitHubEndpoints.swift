import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The REST endpoints a widget needs, on top of the cached, redirect-following `get`.
extension GitHubClient {
    /// Where an answer came from: fresh (`nil`), or the cache's copy as of a date, and why.
    package typealias Staleness = (asOf: Date, reason: RepoWatchModel.Staleness)

    /// `GET /repos/{owner}/{repo}`; a renamed repository answers 301 to `/repositories/{id}`.
    package func repository(_ name: RepoName) async throws -> (RepositoryPayload, Staleness?) {
        let fetched = try await get(configuration.endpoint("/repos/\(name.owner)/\(name.name)"))
        guard fetched.status == 200 else { throw Self.failure(fetched) }
        // The cache kept only that it is private (`private: exclude`).
        if PrivateAnswers.isSealed(fetched.data) { return (.sealed(name), fetched.cachedCopy) }
        do {
            return (try JSONDecoder().decode(RepositoryPayload.self, from: fetched.data), fetched.cachedCopy)
        } catch {
            throw GitHubError.invalidResponse(
                "the repository document could not be read (\(ErrorText.describe(error)))")
        }
    }

    package enum ContributorList: Sendable, Equatable {
        case people([Contributor], avatarURLs: [String?])
        /// GitHub refuses to count contributors of very large repositories.
        case tooLarge
    }

    /// What asking for a repository's contributors gave.
    struct ContributorsAnswer: Sendable {
        var list: ContributorList
        /// Set when a page came from the cache alone (offline, GitHub failing, the budget spent).
        var staleness: Staleness?
        /// Whether GitHub was asked (and answered): false when the cache answered every page.
        var asked = false
    }

    /// The first `count` people in GitHub's order (by contributions), skipping bots and anonymous
    /// entries.
    package func contributors(of fullName: String, count: Int = 4) async throws -> (ContributorList, Staleness?) {
        let answer = try await contributorList(of: fullName, count: count)
        return (answer.list, answer.staleness)
    }

    /// The first `count` people; pages on only while fewer than `count` people have been seen.
    /// `unchanged`: nothing was pushed since they were last asked, so cached pages answer without
    /// a request.
    func contributorList(of fullName: String, count: Int = 4, unchanged: Bool = false) async throws
        -> ContributorsAnswer
    {
        guard case .success(let name) = RepoName.parse(fullName) else {
            throw GitHubError.invalidResponse("GitHub named the repository '\(fullName)'")
        }
        var url: URL? = configuration.contributorsURL(of: name, count: count)
        var people: [Contributor] = []
        var avatars: [String?] = []
        var pages = 0
        var answer = ContributorsAnswer(list: .people([], avatarURLs: []))
        while let next = url, people.count < count, pages < 5 {
            pages += 1
            // The repository's document was just read: a 4xx here is GitHub failing, not the end of it.
            let fetched = try await get(next, reuseStored: unchanged, existsForSure: true)
            answer.staleness = answer.staleness ?? fetched.cachedCopy
            answer.asked = answer.asked || fetched.source == .network || fetched.source == .revalidated
            switch fetched.status {
            case 200: break
            case 204: return answer
            case 403 where GitHubError.isTooLarge(fetched.data):
                answer.list = .tooLarge
                return answer
            default: throw Self.failure(fetched)
            }
            let page: [ContributorPayload]
            do {
                page = try JSONDecoder().decode([ContributorPayload].self, from: fetched.data)
            } catch {
                throw GitHubError.invalidResponse(
                    "the contributor list could not be read (\(ErrorText.describe(error)))")
            }
            for entry in page where entry.isPerson && people.count < count {
                people.append(Contributor(login: entry.login!, contributions: entry.contributions))
                avatars.append(entry.avatarURL)
            }
            answer.list = .people(people, avatarURLs: avatars)
            url = LinkHeader.next(fetched.header("link"), relativeTo: next)
        }
        return answer
    }
}

extension APIConfiguration {
    /// The first page of a repository's contributors, as `contributorList` asks it for `count` people.
    func contributorsURL(of name: RepoName, count: Int = 4) -> URL {
        endpoint(
            "/repos/\(name.owner)/\(name.name)/contributors",
            query: [URLQueryItem(name: "per_page", value: String(count * 3))])
    }
}

extension NetworkResponse {
    /// The cache's copy standing in, as of when it was stored, and why in the Model's terms.
    var cachedCopy: GitHubClient.Staleness? { cachedCopy(from: nil) }

    /// The same, its reason told as an answer of another forge's `host` (nil: GitHub).
    func cachedCopy(from host: String?) -> GitHubClient.Staleness? {
        staleness.map { ($0.asOf, Staleness(standingIn: $0.because, from: host)) }
    }
}

extension Staleness {
    /// Why the cache's copy stands in for what the network did not give: no network at all is
    /// `--offline`; a request the budget held back is a deferral; the rest is GitHub (or `host`) failing.
    init(standingIn error: GitHubError, from host: String? = nil) {
        switch error {
        case .notCached: self = .offline
        case .deferred(let budget): self = .deferred(budget: budget)
        default: self = .failed(error.description(from: host))
        }
    }
}
