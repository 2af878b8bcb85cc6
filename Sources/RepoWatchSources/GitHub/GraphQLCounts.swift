import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Open issues and open pull requests of one repository, counted apart (REST's `open_issues_count`
/// is their sum), and what else the same query answers: the latest release, the primary language
/// with its colour, and whether the repository is private. Kept in `open-counts.json` for offline
/// builds; entries written before the details were asked read them as nil.
package struct OpenCounts: Codable, Sendable, Equatable {
    package var issues: Int
    package var pulls: Int
    package var release: RepoRelease?
    package var language: RepoLanguage?
    package var isPrivate: Bool?

    package init(
        issues: Int, pulls: Int, release: RepoRelease? = nil, language: RepoLanguage? = nil, isPrivate: Bool? = nil
    ) {
        self.issues = issues
        self.pulls = pulls
        self.release = release
        self.language = language
        self.isPrivate = isPrivate
    }
}

/// Where GitHub's GraphQL API lives (docs/cli.md: `GITHUB_GRAPHQL_URL`, else derived from the API base).
enum GraphQLEndpoint {
    /// `GITHUB_GRAPHQL_URL` (set by Actions), else derived from the REST base: api.github.com →
    /// `/graphql`, `https://HOST/api/v3` → `https://HOST/api/graphql`, any other base → `BASE/graphql`.
    ///
    /// An explicit `--api-url` on another origin than `GITHUB_GRAPHQL_URL` wins: inside Actions the
    /// variable names github.com, and a build pointed elsewhere must not send the token there.
    static func url(apiBase: URL, apiURLGiven: Bool, environment: [String: String]) -> URL? {
        if let text = environment["GITHUB_GRAPHQL_URL"], !text.isEmpty, let url = URL(string: text),
            SafeURL.isWeb(url), !apiURLGiven || Origin(url) == Origin(apiBase)
        {
            return url
        }
        guard SafeURL.isWeb(apiBase), var components = URLComponents(url: apiBase, resolvingAgainstBaseURL: false)
        else { return nil }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/api/v3") {
            path = String(path.dropLast("/v3".count)) + "/graphql"
        } else {
            path += "/graphql"
        }
        components.percentEncodedPath = path
        components.query = nil
        components.fragment = nil
        return components.url
    }
}

/// One GraphQL document asking for many repositories at once, one alias each (`r0`, `r1`, …):
/// everything a card shows but contributors (`RepositoryNode`), so a `repos:` entry needs no REST
/// document. Names travel as variables, never spliced into the query text.
package struct OpenCountsQuery: Sendable {
    /// GitHub caps a query's nodes (500,000) and its time; 100 repositories with their first 20
    /// topics cost about 3 points of the hourly 5,000 and one of the 2,000 a minute.
    static let batchSize = 100

    package let repos: [RepoName]

    static func batches(_ repos: [RepoName]) -> [OpenCountsQuery] {
        stride(from: 0, to: repos.count, by: batchSize).map {
            OpenCountsQuery(repos: Array(repos[$0..<min($0 + batchSize, repos.count)]))
        }
    }

    package var text: String {
        let parameters = repos.indices.map { "$o\($0): String!, $n\($0): String!" }.joined(separator: ", ")
        var lines = ["query OpenCounts(\(parameters)) {", "  rateLimit { cost remaining limit }"]
        for index in repos.indices {
            lines.append(
                "  r\(index): repository(owner: $o\(index), name: $n\(index)) "
                    + "{ issues(states: OPEN) { totalCount } pullRequests(states: OPEN) { totalCount } "
                    + "isPrivate primaryLanguage { name color } latestRelease { tagName publishedAt } "
                    + RepositoryNode.fields + " }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    package var body: Data {
        var variables: [String: String] = [:]
        for (index, repo) in repos.enumerated() {
            variables["o\(index)"] = repo.owner
            variables["n\(index)"] = repo.name
        }
        let document: [String: Any] = ["query": text, "variables": variables]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    package struct Answer: Sendable, Equatable {
        /// By repository key (lowercased `owner/name`); repositories GitHub could not resolve are absent.
        package var counts: [String: OpenCounts] = [:]
        /// Messages of the `errors` array (a repository `NOT_FOUND`, a field GitHub refused).
        package var errors: [String] = []
        package var cost: Int?
        package var remaining: Int?
        package var limit: Int?
        /// Each repository's card, by repository key, where the answer held all of it (renamed
        /// repositories under the name asked for).
        package var cards: [String: RepositoryPayload] = [:]
        /// Repositories GitHub answered `NOT_FOUND` for: asked over REST, whose 404 says they are gone.
        package var missing: Set<String> = []
    }

    /// Reads GitHub's answer: `data` keeps every repository it resolved even when `errors` lists others.
    /// - Throws: `GitHubError.invalidResponse` when there is no `data` at all.
    package func parse(_ body: Data) throws -> Answer {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw GitHubError.invalidResponse("the GraphQL answer is not a JSON object")
        }
        var answer = Answer()
        for case let error as [String: Any] in object["errors"] as? [Any] ?? [] {
            let type = (error["type"] as? String).map { "\($0): " } ?? ""
            if let index = RepositoryNode.alias(notFound: error), repos.indices.contains(index) {
                answer.missing.insert(repos[index].key)
            }
            answer.errors.append(type + String((error["message"] as? String ?? "error").prefix(200)))
        }
        guard let data = object["data"] as? [String: Any] else {
            throw GitHubError.invalidResponse(
                "GraphQL answered without data" + (answer.errors.first.map { " (\($0))" } ?? ""))
        }
        if let rate = data["rateLimit"] as? [String: Any] {
            answer.cost = Self.integer(rate["cost"])
            answer.remaining = Self.integer(rate["remaining"])
            answer.limit = Self.integer(rate["limit"])
        }
        for (index, repo) in repos.enumerated() {
            if let node = data["r\(index)"] as? [String: Any], let card = RepositoryNode.payload(node) {
                answer.cards[repo.key] = card
            }
            guard let node = data["r\(index)"] as? [String: Any],
                let issues = Self.integer((node["issues"] as? [String: Any])?["totalCount"]),
                let pulls = Self.integer((node["pullRequests"] as? [String: Any])?["totalCount"]),
                issues >= 0, pulls >= 0
            else { continue }
            answer.counts[repo.key] = OpenCounts(
                issues: issues, pulls: pulls, release: Self.release(node["latestRelease"]),
                language: Self.language(node["primaryLanguage"]), isPrivate: node["isPrivate"] as? Bool)
        }
        return answer
    }

    private static func release(_ value: Any?) -> RepoRelease? {
        guard let node = value as? [String: Any], let tag = node["tagName"] as? String, !tag.isEmpty else {
            return nil
        }
        return RepoRelease(tag: tag, publishedAt: (node["publishedAt"] as? String).flatMap(ISO8601.parse))
    }

    private static func language(_ value: Any?) -> RepoLanguage? {
        guard let node = value as? [String: Any], let name = node["name"] as? String, !name.isEmpty else { return nil }
        return RepoLanguage(name: name, color: node["color"] as? String)
    }

    private static func integer(_ value: Any?) -> Int? {
        value as? Int
    }
}
