import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The part of the batched GraphQL query (`OpenCountsQuery`) that makes a `repos:` entry's card
/// without its REST document: the same fields, read into the REST document's shape so the rest of
/// the fetch does not ask where they came from. GraphQL follows renames: `nameWithOwner` is the
/// repository's name now.
enum RepositoryNode {
    /// Selected on each repository beside the counts.
    static let fields =
        "nameWithOwner url description stargazerCount forkCount hasIssuesEnabled isArchived pushedAt "
        + "owner { login avatarUrl } repositoryTopics(first: 20) { nodes { topic { name } } }"

    /// The card a node holds, or nil when any field a card needs is missing (an older server, a
    /// field GitHub refused): that repository is then asked over REST.
    static func payload(_ node: [String: Any]) -> RepositoryPayload? {
        guard let name = node["nameWithOwner"] as? String, RepoName.parse(name).value != nil,
            let stars = node["stargazerCount"] as? Int, let forks = node["forkCount"] as? Int,
            let hasIssues = node["hasIssuesEnabled"] as? Bool, let archived = node["isArchived"] as? Bool,
            let owner = node["owner"] as? [String: Any], let login = owner["login"] as? String,
            let issues = (node["issues"] as? [String: Any])?["totalCount"] as? Int,
            let pulls = (node["pullRequests"] as? [String: Any])?["totalCount"] as? Int,
            stars >= 0, forks >= 0, issues >= 0, pulls >= 0
        else { return nil }
        let topics = ((node["repositoryTopics"] as? [String: Any])?["nodes"] as? [Any] ?? []).compactMap {
            (($0 as? [String: Any])?["topic"] as? [String: Any])?["name"] as? String
        }
        return RepositoryPayload(
            fullName: name, owner: .init(login: login, avatarURL: owner["avatarUrl"] as? String),
            htmlURL: node["url"] as? String, description: node["description"] as? String, stars: stars,
            forks: forks, openIssues: issues + pulls, hasIssues: hasIssues, archived: archived,
            pushedAt: (node["pushedAt"] as? String).flatMap(ISO8601.parse),
            language: (node["primaryLanguage"] as? [String: Any])?["name"] as? String, topics: topics,
            isPrivate: node["isPrivate"] as? Bool ?? false)
    }

    /// The alias number (`r12` → 12) of an error that says a repository does not exist.
    static func alias(notFound error: [String: Any]) -> Int? {
        guard error["type"] as? String == "NOT_FOUND", let path = error["path"] as? [Any],
            let alias = path.first as? String, alias.hasPrefix("r")
        else { return nil }
        return Int(alias.dropFirst())
    }
}
