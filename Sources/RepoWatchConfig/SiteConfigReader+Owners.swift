import RepoWatchModel
import RepoWatchSupport
import Yams

/// `owners:` in site.yml, validated with the same positions and key suggestions as the rest.
extension SiteConfigReader {
    static let ownerKeys: Set = [
        "owner", "forks", "archived", "topics", "min_stars", "sort", "limit", "exclude", "outputs",
    ]

    var hasOwners: Bool { ownersGiven }

    /// Kept for the build, which alone knows which repositories the owners list.
    mutating func reference(_ name: RepoName, at node: Node) -> RepoName {
        let mark = node.mark
        references.append(
            SiteConfig.Reference(name: name, file: file, line: mark?.line ?? 1, column: mark?.column ?? 1))
        return name
    }

    mutating func ownerList(_ node: Node, forges: Forges) -> [OwnerSource] {
        if node.isNull { return [] }
        guard case .sequence(let sequence) = node else {
            error(node, "`owners` must be a list of entries like `- owner: apple`")
            return []
        }
        ownersGiven = !sequence.isEmpty
        var owners: [OwnerSource] = []
        var seen: [String: Node] = [:]
        for item in sequence {
            guard let owner = ownerEntry(item, forges: forges) else { continue }
            if let first = seen[owner.key] {
                let line = first.mark.map { " (first at line \($0.line))" } ?? ""
                error(item, "owner '\(owner.owner)' is listed twice\(line); names are compared case-insensitively")
                continue
            }
            seen[owner.key] = item
            owners.append(owner)
        }
        return owners
    }

    mutating func ownerEntry(_ node: Node, forges: Forges) -> OwnerSource? {
        guard case .mapping(let mapping) = node else {
            error(node, "each owner must be a mapping like `- owner: apple` (with optional filters)")
            return nil
        }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string, Self.ownerKeys.contains(name) else {
                let text = key.string ?? "?"
                warning(key, "unknown owner key '\(text)' is ignored\(suggestion(for: text, in: Self.ownerKeys))")
                continue
            }
            fields[name] = value
        }
        guard let ownerNode = fields["owner"], let text = string(ownerNode, key: "owner") else {
            error(
                node,
                "this entry has no `owner:`; name a GitHub user or organization, like `owner: apple`, or one on "
                    + "another forge, like `owner: codeberg.org/forgejo`")
            return nil
        }
        let written = text.trimmingCharacters(in: .whitespaces)
        if let host = written.split(separator: "/").first, host.contains("."), written.contains("/") {
            guard forgeOwner(written, at: ownerNode, forges: forges) else { return nil }
        } else if !RepoName.isValidOwner(written) {
            let hint = written.contains("/") ? "; give only the owner (the part before '/')" : ""
            error(ownerNode, RepoNameError.invalidOwner(written).description + hint)
            return nil
        }
        var source = OwnerSource(owner: written)
        var valid = true
        func check<T>(_ value: T?, _ key: String) -> T? {
            if value == nil, fields[key] != nil { valid = false }
            return value
        }
        if let value = check(fields["forks"].flatMap { flag($0, key: "forks") }, "forks") { source.forks = value }
        if let value = check(fields["archived"].flatMap { flag($0, key: "archived") }, "archived") {
            source.archived = value
        }
        if let value = check(fields["topics"].flatMap { topicList($0) }, "topics") { source.topics = value }
        if let value = check(fields["min_stars"].flatMap { whole($0, key: "min_stars", least: 0) }, "min_stars") {
            source.minStars = value
        }
        if let value = check(fields["sort"].flatMap { ownerSort($0) }, "sort") { source.sort = value }
        if let value = check(fields["limit"].flatMap { whole($0, key: "limit", least: 1) }, "limit") {
            source.limit = value
        }
        if let value = check(fields["exclude"].flatMap { excludeList($0, owner: written) }, "exclude") {
            source.exclude = value
            source.excludePlaces = (fields["exclude"]?.listItems ?? []).map { item in
                item.mark.map { "\($0.line):\($0.column)" } ?? "1:1"
            }
        }
        if let value = check(fields["outputs"].flatMap { ownerOutputs($0) }, "outputs") { source.outputs = value }
        return valid ? source : nil
    }

    mutating func flag(_ node: Node, key: String) -> Bool? {
        guard case .scalar = node, let value = node.bool else {
            error(node, "`\(key)` must be true or false (got '\(node.string ?? "a list")')")
            return nil
        }
        return value
    }

    mutating func whole(_ node: Node, key: String, least: Int) -> Int? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string), value >= least
        else {
            let what = least == 0 ? "a whole number, 0 or more" : "a whole number, \(least) or more"
            error(node, "`\(key)` must be \(what) (got '\(node.string ?? "a list")')")
            return nil
        }
        return value
    }

    mutating func ownerSort(_ node: Node) -> OwnerSource.Sort? {
        guard let text = node.string, let sort = OwnerSource.Sort(rawValue: text) else {
            error(
                node,
                Suggestion.choiceProblem(
                    "sort", OwnerSource.Sort.allCases.map(\.rawValue), got: node.string ?? "a list"))
            return nil
        }
        return sort
    }

    mutating func ownerOutputs(_ node: Node) -> RepoOutputs? {
        guard let text = node.string, let outputs = RepoOutputs(rawValue: text) else {
            let names = RepoOutputs.allCases.map(\.rawValue)
            error(
                node,
                "`outputs` must be \(names.joined(separator: ", ")) (got '\(node.string ?? "a list")')"
                    + suggestion(for: node.string ?? "", in: Set(names)))
            return nil
        }
        return outputs
    }

    /// A list, or one topic written alone.
    mutating func topicList(_ node: Node) -> [String]? {
        let items = node.listItems
        guard let items, !items.isEmpty else {
            error(node, "`topics` must be a list of topics, like [swift, ios]")
            return nil
        }
        var topics: [String] = []
        for item in items {
            guard case .scalar = item, let text = item.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty
            else {
                error(item, "each topic must be a word, like swift")
                return nil
            }
            topics.append(text)
        }
        return topics
    }

    mutating func excludeList(_ node: Node, owner: String) -> [RepoName]? {
        guard let items = node.listItems else {
            error(node, "`exclude` must be a list of OWNER/NAME entries")
            return nil
        }
        var names: [RepoName] = []
        for item in items {
            guard let name = repoName(item, what: "excluded repository") else { return nil }
            if !OwnerSource(owner: owner).owns(name) {
                warning(item, "\(name) is not one of \(owner)'s repositories, so excluding it changes nothing")
            }
            names.append(name)
        }
        return names
    }
}

extension Node {
    /// `key:`, `key: ~` and `key: null`.
    package var isNull: Bool {
        guard case .scalar(let scalar) = self, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The items of a sequence, or a lone scalar as one item.
    var listItems: [Node]? {
        switch self {
        case .sequence(let sequence): return Array(sequence)
        case .scalar: return isNull ? [] : [self]
        default: return nil
        }
    }
}
