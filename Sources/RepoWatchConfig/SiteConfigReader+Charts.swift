import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// `charts:`: each comparison's id, repositories, metric, alignment, scale and title.
extension SiteConfigReader {
    static let chartKeys: Set = ["id", "repos", "metric", "align", "scale", "title"]

    mutating func chartList(_ node: Node, repos names: [RepoName]) -> [SiteConfig.Chart] {
        if node.isNull { return [] }
        guard case .sequence(let sequence) = node else {
            error(node, "`charts` must be a list of entries like `- id: swift-vs-kotlin`")
            return []
        }
        var saved: [String: RepoName] = [:]
        for name in names { saved[name.key] = name }
        var charts: [SiteConfig.Chart] = []
        var ids: [String: Node] = [:]
        for item in sequence {
            guard let chart = chart(item, saved: saved) else { continue }
            if let first = ids[chart.id] {
                let line = first.mark.map { " (first at line \($0.line))" } ?? ""
                error(item, "two charts have the id '\(chart.id)'\(line); each chart needs its own `id`")
                continue
            }
            ids[chart.id] = item
            charts.append(chart)
        }
        return charts
    }

    mutating func chart(_ node: Node, saved: [String: RepoName]) -> SiteConfig.Chart? {
        guard case .mapping(let mapping) = node else {
            error(node, "each chart must be a mapping with `id:` and `repos:`")
            return nil
        }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string, Self.chartKeys.contains(name) else {
                warning(
                    key,
                    "unknown chart key '\(key.string ?? "?")' is ignored\(suggestion(for: key.string ?? "", in: Self.chartKeys))"
                )
                continue
            }
            fields[name] = value
        }
        let errorsBefore = errors.count
        var id: String?
        if let idNode = fields["id"], let given = string(idNode, key: "id") {
            if SiteConfig.Chart.isValidID(given) {
                id = given
            } else {
                error(idNode, "a chart's `id` may use only lowercase letters, digits and '-' (got '\(given)')")
            }
        } else if fields["id"] == nil {
            error(node, "this chart needs an `id:` (lowercase letters, digits and '-'): it names charts/ID.svg")
        }
        let repos = fields["repos"].map { chartRepos($0, saved: saved) } ?? []
        if fields["repos"] == nil {
            error(node, "this chart needs `repos:`, a list of 2 to 10 of the site's repositories")
        }
        let metric = fields["metric"].flatMap { choice($0, key: "metric", SiteConfig.Chart.Metric.self) }
        let align = fields["align"].flatMap { choice($0, key: "align", SiteConfig.Chart.Align.self) }
        let scale = fields["scale"].flatMap { choice($0, key: "scale", SiteConfig.Chart.Scale.self) }
        let title = fields["title"].flatMap { string($0, key: "title") }
        guard errors.count == errorsBefore, let id else { return nil }
        return SiteConfig.Chart(
            id: id, repos: repos, metric: metric ?? .stars, align: align ?? .date, scale: scale ?? .linear,
            title: title)
    }

    private mutating func chartRepos(_ node: Node, saved: [String: RepoName]) -> [RepoName] {
        guard case .sequence(let sequence) = node else {
            error(node, "a chart's `repos` must be a list of 2 to 10 of the site's repositories")
            return []
        }
        var repos: [RepoName] = []
        for item in sequence {
            guard let repo = repoName(item, what: "chart repository") else { continue }
            if repos.contains(where: { $0.key == repo.key }) {
                error(item, "\(repo) is in this chart twice")
                continue
            }
            if let savedName = saved[repo.key] {
                repos.append(savedName)
            } else if hasOwners {
                repos.append(reference(repo, at: item))
            } else {
                let names = saved.values.map(\.description).sorted()
                error(
                    item,
                    "\(repo) is not in `repos`; a chart shows the site's repositories"
                        + Suggestion.didYouMean(repo.description, among: names))
            }
        }
        if !SiteConfig.Chart.repoCount.contains(sequence.count) {
            error(node, "a chart compares 2 to 10 repositories (this one lists \(sequence.count))")
        }
        return repos
    }

    private mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: Node, key: String, _ type: Value.Type
    ) -> Value? where Value.RawValue == String {
        guard let text = string(node, key: key) else { return nil }
        guard let value = Value(rawValue: text) else {
            error(node, Suggestion.choiceProblem(key, Value.allCases.map(\.rawValue), got: text))
            return nil
        }
        return value
    }
}
