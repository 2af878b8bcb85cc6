import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// The languages of up to 100 repositories in one GraphQL document, an alias each (`r0`, `r1`, …,
/// batched like the cards' `OpenCountsQuery`): each repository's ten largest languages by bytes of
/// code (`languages(first: 10, orderBy: SIZE DESC)`, GitHub's documented `LanguageConnection`:
/// `edges { size node { name color } }`). Names travel as variables.
struct OwnerLanguagesQuery: Sendable {
    static let batchSize = OpenCountsQuery.batchSize
    /// A repository's languages past its tenth are small; github-readme-stats reads the same ten.
    static let languagesPerRepository = 10

    let repos: [RepoName]

    static func batches(_ repos: [RepoName]) -> [OwnerLanguagesQuery] {
        stride(from: 0, to: repos.count, by: batchSize).map {
            OwnerLanguagesQuery(repos: Array(repos[$0..<min($0 + batchSize, repos.count)]))
        }
    }

    var text: String {
        let parameters = repos.indices.map { "$o\($0): String!, $n\($0): String!" }.joined(separator: ", ")
        var lines = ["query OwnerLanguages(\(parameters)) {", "  rateLimit { cost remaining limit }"]
        for index in repos.indices {
            lines.append(
                "  r\(index): repository(owner: $o\(index), name: $n\(index)) { isPrivate "
                    + "languages(first: \(Self.languagesPerRepository), orderBy: {field: SIZE, direction: DESC}) "
                    + "{ edges { size node { name color } } } }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    var body: Data {
        var variables: [String: String] = [:]
        for (index, repo) in repos.enumerated() {
            variables["o\(index)"] = repo.owner
            variables["n\(index)"] = repo.name
        }
        let document: [String: Any] = ["query": text, "variables": variables]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    /// Each repository's bytes by language (by repository key), and the colours GitHub gave.
    /// Repositories GitHub did not resolve, or answered private, are absent: they are not counted.
    func parse(_ body: Data) throws -> (sizes: [String: [String: Int]], colors: [String: String]) {
        let data = try GraphQLAnswer.data(body)
        var sizes: [String: [String: Int]] = [:]
        var colors: [String: String] = [:]
        for (index, repo) in repos.enumerated() {
            guard let node = data["r\(index)"] as? [String: Any], node["isPrivate"] as? Bool != true,
                let edges = (node["languages"] as? [String: Any])?["edges"] as? [Any]
            else { continue }
            var languages: [String: Int] = [:]
            for case let edge as [String: Any] in edges {
                guard let size = edge["size"] as? Int, size > 0, let language = edge["node"] as? [String: Any],
                    let name = language["name"] as? String, !name.isEmpty
                else { continue }
                languages[name, default: 0] += size
                if let color = RepoLanguage(name: name, color: language["color"] as? String).color {
                    colors[name] = color
                }
            }
            sizes[repo.key] = languages
        }
        return (sizes, colors)
    }
}

/// A user's public contributions of the last year: GraphQL's `contributionsCollection` (commits, pull
/// requests, issues, reviews, with no dates given: the year up to now) and the repositories they
/// recently contributed to (`repositoriesContributedTo`), one query per user.
struct OwnerContributionsQuery: Sendable {
    let login: String

    static let text = """
        query OwnerContributions($login: String!) {
          rateLimit { cost remaining limit }
          owner: user(login: $login) { contributionsCollection { totalCommitContributions \
        totalPullRequestContributions totalIssueContributions totalPullRequestReviewContributions } \
        repositoriesContributedTo(first: 1, contributionTypes: [COMMIT, ISSUE, PULL_REQUEST, PULL_REQUEST_REVIEW, REPOSITORY]) \
        { totalCount } }
        }
        """

    var body: Data {
        let document: [String: Any] = ["query": Self.text, "variables": ["login": login]]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    func parse(_ body: Data) throws -> OwnerContributions {
        let data = try GraphQLAnswer.data(body)
        guard let user = data["owner"] as? [String: Any],
            let collection = user["contributionsCollection"] as? [String: Any],
            let commits = collection["totalCommitContributions"] as? Int,
            let pulls = collection["totalPullRequestContributions"] as? Int,
            let issues = collection["totalIssueContributions"] as? Int,
            let reviews = collection["totalPullRequestReviewContributions"] as? Int,
            let repositories = (user["repositoriesContributedTo"] as? [String: Any])?["totalCount"] as? Int
        else {
            throw GitHubError.invalidResponse("GraphQL gave no contributions of '\(login)'")
        }
        return OwnerContributions(
            commits: commits, pullRequests: pulls, issues: issues, reviews: reviews, repositories: repositories)
    }
}

/// The `data` of a GraphQL answer, which keeps what GitHub resolved even when `errors` lists more.
enum GraphQLAnswer {
    static func data(_ body: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw GitHubError.invalidResponse("the GraphQL answer is not a JSON object")
        }
        guard let data = object["data"] as? [String: Any] else {
            let first = (object["errors"] as? [[String: Any]])?.first?["message"] as? String
            throw GitHubError.invalidResponse(
                "GraphQL answered without data" + (first.map { " (\(String($0.prefix(200))))" } ?? ""))
        }
        return data
    }
}
