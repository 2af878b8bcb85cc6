import RepoWatchModel
import RepoWatchSupport
import Yams

/// `notify:` in site.yml: a list of targets, each a format and the environment variable holding its
/// webhook URL (docs/notifications.md).
extension SiteConfigReader {
    static let notifyKeys: Set = ["format", "url_env", "events", "repos", "prereleases", "digest"]

    /// `notify:`'s targets, and where the key is written (for `check`'s warning without `base_url`).
    mutating func readNotify(_ mapping: Node.Mapping, into config: inout SiteConfig) {
        guard let (key, value) = mapping.first(where: { $0.key.string == "notify" }) else { return }
        config.notify = parseNotify(value)
        if let mark = key.mark, !config.notify.isEmpty { config.notifyPlace = (mark.line, mark.column) }
    }

    mutating func parseNotify(_ node: Node) -> [NotifyTarget] {
        if node.isNull { return [] }
        guard case .sequence(let sequence) = node else {
            error(node, "`notify` must be a list of targets like `- format: slack` with `url_env: SLACK_WEBHOOK_URL`")
            return []
        }
        var targets: [NotifyTarget] = []
        var seen: [String: Node] = [:]
        for item in sequence {
            guard let target = notifyTarget(item) else { continue }
            if let first = seen[target.id] {
                let line = first.mark.map { " (first at line \($0.line))" } ?? ""
                error(
                    item,
                    "a \(target.format.rawValue) target with url_env \(target.urlEnv) is listed twice\(line); "
                        + "each would get every entry")
                continue
            }
            seen[target.id] = item
            targets.append(target)
        }
        return targets
    }

    private mutating func notifyTarget(_ node: Node) -> NotifyTarget? {
        guard case .mapping(let mapping) = node else {
            error(node, "each `notify` target must be a mapping like `- format: slack` with `url_env: NAME`")
            return nil
        }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string, Self.notifyKeys.contains(name) else {
                let text = key.string ?? "?"
                if ["url", "webhook", "webhook_url"].contains(text) {
                    error(
                        key,
                        "a webhook URL does not belong in site.yml, which is committed: put it in a secret and "
                            + "name its environment variable with `url_env:`")
                } else {
                    warning(
                        key, "unknown `notify` key '\(text)' is ignored\(suggestion(for: text, in: Self.notifyKeys))")
                }
                continue
            }
            fields[name] = value
        }
        var valid = true
        let format = notifyFormat(fields["format"], in: node)
        let urlEnv = notifyURLEnv(fields["url_env"], in: node)
        if format == nil || urlEnv == nil { valid = false }
        let mark = node.mark
        var target = NotifyTarget(
            format: format ?? .json, urlEnv: urlEnv ?? "", line: mark?.line ?? 1, column: mark?.column ?? 1)
        if let events = fields["events"] {
            if let kinds = notifyEvents(events) { target.events = kinds } else { valid = false }
        }
        if let repos = fields["repos"] {
            if let keys = notifyRepos(repos) { target.repos = keys } else { valid = false }
        }
        if let node = fields["prereleases"] {
            if let value = flag(node, key: "notify.prereleases") { target.prereleases = value } else { valid = false }
        }
        if let node = fields["digest"] {
            if let value = whole(node, key: "notify.digest", least: 1) { target.digest = value } else { valid = false }
        }
        return valid ? target : nil
    }

    private mutating func notifyFormat(_ node: Node?, in entry: Node) -> NotifyTarget.Format? {
        let names = NotifyTarget.Format.allCases.map(\.rawValue)
        guard let node else {
            error(entry, "this `notify` target has no `format:`; give one of \(names.joined(separator: ", "))")
            return nil
        }
        guard let text = node.string, let format = NotifyTarget.Format(rawValue: text) else {
            error(node, Suggestion.choiceProblem("notify.format", names, got: Self.shown(node)))
            return nil
        }
        return format
    }

    /// A variable's name, never the URL: site.yml is committed.
    private mutating func notifyURLEnv(_ node: Node?, in entry: Node) -> String? {
        guard let node else {
            error(
                entry,
                "this `notify` target has no `url_env:`; name the environment variable that holds its webhook URL, "
                    + "like url_env: SLACK_WEBHOOK_URL")
            return nil
        }
        guard case .scalar = node, let text = node.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            error(node, "`notify.url_env` must be the name of an environment variable, like SLACK_WEBHOOK_URL")
            return nil
        }
        if WebhookAddress.looksLikeURL(text) {
            // The URL is not repeated here: it is a secret, now in a committed file.
            error(
                node,
                "`notify.url_env` holds a URL: a webhook URL is a secret and site.yml is committed; put it in an "
                    + "environment variable (a repository secret in GitHub Actions) and write its name here, "
                    + "then revoke this URL, which the file's history keeps")
            return nil
        }
        let valid =
            text.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard valid else {
            error(node, "`notify.url_env` must be an environment variable's name (letters, digits, _), got '\(text)'")
            return nil
        }
        return text
    }

    private mutating func notifyEvents(_ node: Node) -> [FeedEntry.Kind]? {
        let names = FeedEntry.Kind.allCases.map(\.rawValue)
        guard let items = node.listItems, !items.isEmpty else {
            error(node, "`notify.events` must be a list of \(names.joined(separator: ", "))")
            return nil
        }
        var kinds: [FeedEntry.Kind] = []
        for item in items {
            guard let text = item.string, let kind = FeedEntry.Kind(rawValue: text) else {
                error(item, Suggestion.choiceProblem("notify.events", names, got: Self.shown(item)))
                return nil
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }

    /// A value as a message may quote it: never a URL, which may be the secret written in the wrong place.
    private static func shown(_ node: Node) -> String {
        guard let text = node.string else { return "a list" }
        return WebhookAddress.looksLikeURL(text) ? "a URL" : text
    }

    private mutating func notifyRepos(_ node: Node) -> [String]? {
        guard let items = node.listItems, !items.isEmpty else {
            error(node, "`notify.repos` must be a list of OWNER/NAME entries")
            return nil
        }
        var keys: [String] = []
        for item in items {
            guard let name = repoName(item, what: "repository in `notify.repos`") else { return nil }
            keys.append(name.key)
        }
        return keys
    }
}
