import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// One GraphQL document asking for the next page of fork dates of several repositories, one alias
/// each (`r0`, `r1`, …), as the cards' query does: the first pages of many repositories cost one
/// query. Only dates are asked for (a fork's `createdAt`). Star dates are not: GitHub shows them only
/// to a repository's admins and collaborators, and its star history (`StarHistoryReading`) gives the
/// same days to anyone.
struct BackfillQuery: Sendable {
    /// 50 repositories with a connection of 100 each: 5,000 nodes, about one point.
    static let batchSize = 50
    static let pageSize = 100

    struct Item: Sendable, Equatable {
        var repo: RepoName
        /// Nil: its first page.
        var forks: String?
    }

    let items: [Item]

    var text: String {
        var parameters: [String] = []
        var lines = ["", "  rateLimit { cost remaining limit }"]
        for index in items.indices {
            parameters.append("$o\(index): String!, $n\(index): String!")
            parameters.append("$f\(index): String")
            let fields =
                "createdAt forks(first: \(Self.pageSize), after: $f\(index), orderBy: {field: CREATED_AT, direction: ASC})"
                + " { totalCount nodes { createdAt } pageInfo { hasNextPage endCursor } }"
            lines.append("  r\(index): repository(owner: $o\(index), name: $n\(index)) { \(fields) }")
        }
        lines[0] = "query Backfill(\(parameters.joined(separator: ", "))) {"
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    var body: Data {
        var variables: [String: Any] = [:]
        for (index, item) in items.enumerated() {
            variables["o\(index)"] = item.repo.owner
            variables["n\(index)"] = item.repo.name
            variables["f\(index)"] = item.forks ?? NSNull()
        }
        let document: [String: Any] = ["query": text, "variables": variables]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }

    /// One connection's page, or GitHub's refusal.
    enum Page: Sendable, Equatable {
        case dates([Date], endCursor: String?, hasNextPage: Bool)
        /// An empty list while `totalCount` > 0 on a first page, `FORBIDDEN` or `NOT_FOUND`.
        case refused
    }

    struct Answer: Sendable, Equatable {
        var forks: [String: Page] = [:]
        var created: [String: Date] = [:]
        var cost: Int?
        var remaining: Int?
        var limit: Int?
    }

    /// - Throws: `GitHubError.invalidResponse` when the answer has no `data` at all.
    func parse(_ body: Data) throws -> Answer {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw GitHubError.invalidResponse("the GraphQL answer is not a JSON object")
        }
        var answer = Answer()
        // Errors name their place: `["r3"]` (the repository) or `["r3", "forks"]`.
        var refusedPaths = Set<String>()
        for case let error as [String: Any] in object["errors"] as? [Any] ?? [] {
            let path = (error["path"] as? [Any] ?? []).compactMap { $0 as? String }
            let type = error["type"] as? String ?? ""
            guard ["FORBIDDEN", "NOT_FOUND", "UNAUTHORIZED"].contains(type), !path.isEmpty else { continue }
            refusedPaths.insert(path.prefix(2).joined(separator: "."))
        }
        guard let data = object["data"] as? [String: Any] else {
            throw GitHubError.invalidResponse("GraphQL answered without data")
        }
        if let rate = data["rateLimit"] as? [String: Any] {
            answer.cost = rate["cost"] as? Int
            answer.remaining = rate["remaining"] as? Int
            answer.limit = rate["limit"] as? Int
        }
        for (index, item) in items.enumerated() {
            let alias = "r\(index)"
            let node = data[alias] as? [String: Any]
            let key = item.repo.key
            if let text = node?["createdAt"] as? String, let date = ISO8601.parse(text) { answer.created[key] = date }
            let whole = node == nil || refusedPaths.contains(alias)
            answer.forks[key] = Self.page(
                node?["forks"], dates: "nodes", date: "createdAt", first: item.forks == nil,
                refused: whole || refusedPaths.contains(alias + ".forks"))
        }
        return answer
    }

    private static func page(_ value: Any?, dates key: String, date field: String, first: Bool, refused: Bool) -> Page {
        guard !refused, let connection = value as? [String: Any] else { return .refused }
        let total = connection["totalCount"] as? Int ?? 0
        let entries = connection[key] as? [Any] ?? []
        // An empty list under a count: GitHub hides the dates from this token.
        if first, entries.isEmpty, total > 0 { return .refused }
        let dates = entries.compactMap { entry in
            ((entry as? [String: Any])?[field] as? String).flatMap(ISO8601.parse)
        }
        let info = connection["pageInfo"] as? [String: Any]
        let hasNext = (info?["hasNextPage"] as? Bool ?? false) && !entries.isEmpty
        return .dates(dates, endCursor: info?["endCursor"] as? String, hasNextPage: hasNext)
    }
}
