import RepoWatchModel
import Yams

/// `history:` in site.yml: `backfill: true|false`.
extension SiteConfigReader {
    static let historyKeys: Set = ["backfill"]

    /// Whether to backfill; nil when not given (or not readable, with the error said).
    mutating func parseHistory(_ node: Node) -> Bool? {
        if node.isNull { return nil }
        guard case .mapping(let mapping) = node else {
            error(node, "`history` must be a mapping like `backfill: true`")
            return nil
        }
        var backfill: Bool?
        for (key, value) in mapping {
            guard let name = key.string, Self.historyKeys.contains(name) else {
                let text = key.string ?? "?"
                warning(key, "unknown key 'history.\(text)' is ignored\(suggestion(for: text, in: Self.historyKeys))")
                continue
            }
            backfill = flag(value, key: "history.backfill")
        }
        return backfill
    }
}
