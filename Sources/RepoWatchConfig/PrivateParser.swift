import RepoWatchModel
import Yams

/// `private:` in site.yml: whether private repositories may be published.
extension SiteConfigReader {
    mutating func parsePrivate(_ node: Node) -> PrivateRepos? {
        guard case .scalar(let scalar) = node else {
            error(node, "`private` must be include or exclude")
            return nil
        }
        guard let value = PrivateRepos(rawValue: scalar.string.trimmingCharacters(in: .whitespaces)) else {
            error(
                node,
                "`private` must be include (publish private repositories) or exclude (the default: leave them "
                    + "out) (got '\(scalar.string)')")
            return nil
        }
        return value
    }
}
