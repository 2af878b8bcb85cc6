import RepoWatchModel
import Yams

/// `csp:` in site.yml: what the site's pages may load beyond the site's own files.
extension SiteConfigReader {
    /// A mapping of directive → list of sources (a single source may be written without the list).
    mutating func parsePolicyAdditions(_ node: Node) -> PolicyAdditions {
        var additions = PolicyAdditions()
        if node.isNull { return additions }
        guard case .mapping(let mapping) = node else {
            error(node, "`csp` must be a mapping like `script-src: [https://plausible.io]`")
            return additions
        }
        let known = Set(PolicyAdditions.Directive.allCases.map(\.rawValue))
        for (key, value) in mapping {
            guard let name = key.string, let directive = PolicyAdditions.Directive(rawValue: name) else {
                let text = key.string ?? "?"
                warning(
                    key,
                    "unknown `csp` directive '\(text)' is ignored\(suggestion(for: text, in: known)); "
                        + "a site may add to \(known.sorted().joined(separator: ", "))")
                continue
            }
            for (item, source) in policySources(value, directive: name) {
                if let problem = additions.add(source, to: directive) { error(item, problem) }
            }
        }
        return additions
    }

    /// Each source with its node. An unquoted `data:` or `https:` reads in YAML as a mapping with
    /// an empty value, which is taken for the scheme the user wrote.
    private mutating func policySources(_ node: Node, directive: String) -> [(Node, String)] {
        let items: [Node]
        switch node {
        case .scalar: items = [node]
        case .sequence(let sequence): items = Array(sequence)
        default:
            if let scheme = Self.bareScheme(node) { return [(node, scheme)] }
            error(node, "`csp.\(directive)` must be a list of sources, like [https://plausible.io]")
            return []
        }
        return items.compactMap { item in
            if item.isNull { return nil }
            if case .scalar(let scalar) = item { return (item, scalar.string.trimmingCharacters(in: .whitespaces)) }
            if let scheme = Self.bareScheme(item) { return (item, scheme) }
            error(item, "each source in `csp.\(directive)` must be text, like https://plausible.io (quote it)")
            return nil
        }
    }

    private static func bareScheme(_ node: Node) -> String? {
        guard case .mapping(let mapping) = node, mapping.count == 1, let (key, value) = mapping.first,
            value.isNull, let name = key.string
        else { return nil }
        return name + ":"
    }
}
