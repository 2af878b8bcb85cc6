import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Each `repos:` entry's GraphQL card, kept in the response cache as the REST document it stands for
/// (`GET /repos/OWNER/NAME`): `--offline` and outages then find every repository a build ever
/// fetched, whichever API answered for it. The entry has no validators, so an online build asking
/// REST gets the whole document. A private repository's card is kept only on a site that publishes
/// private repositories: otherwise the cache holds nothing of it.
package struct CardShelf: Sendable {
    package let cache: ResponseCache
    package let api: APIConfiguration
    package let keepsPrivate: Bool

    package init(cache: ResponseCache, api: APIConfiguration, keepsPrivate: Bool) {
        self.cache = cache
        self.api = api
        self.keepsPrivate = keepsPrivate
    }

    /// `name`: as the site asked for it (a renamed repository's card names it as it is now).
    package func keep(_ name: RepoName, _ card: RepositoryPayload) {
        let url = api.endpoint("/repos/\(name.owner)/\(name.name)").absoluteString
        let fingerprint = ResponseCache.fingerprint(token: api.token)
        guard card.isPrivate, !keepsPrivate else {
            cache.keep(card.restDocument, asAnswerFor: url, tokenFingerprint: fingerprint)
            return
        }
        cache.keepSealed(asAnswerFor: url, tokenFingerprint: fingerprint)
    }
}

extension RepositoryPayload {
    /// The document in REST's shape, as `init(from:)` reads it back.
    var restDocument: Data {
        var document: [String: Any] = [
            "full_name": fullName, "stargazers_count": stars, "forks_count": forks, "open_issues_count": openIssues,
            "has_issues": hasIssues, "archived": archived, "topics": topics, "private": isPrivate,
            "owner": ["login": owner.login, "avatar_url": owner.avatarURL.map { $0 as Any } ?? NSNull()],
        ]
        document["html_url"] = htmlURL
        document["description"] = description
        document["pushed_at"] = pushedAt.map(ISO8601.string)
        document["language"] = language
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }
}
