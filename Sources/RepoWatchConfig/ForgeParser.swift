import Foundation
import RepoWatchModel
import RepoWatchSupport
import Yams

/// `forges:` in site.yml: hosts other than GitHub the site reads projects from, each with its kind,
/// its API, the environment variable holding its token and its pacing (docs/forges.md). A host
/// `Forges.known` lists needs no entry; one overrides its defaults.
extension SiteConfigReader {
    static let forgeKeys: Set = ["host", "kind", "api", "token_env", "rate"]

    mutating func parseForges(_ node: Node) -> Forges {
        if node.isNull { return Forges() }
        guard case .sequence(let sequence) = node else {
            error(node, "`forges` must be a list of hosts like `- host: gitlab.example.com` with `kind: gitlab`")
            return Forges()
        }
        var declared: [Forge] = []
        var seen: [String: Node] = [:]
        for item in sequence {
            guard let forge = forge(item) else { continue }
            if let first = seen[forge.host] {
                let line = first.mark.map { " (first at line \($0.line))" } ?? ""
                error(item, "the host \(forge.host) is listed twice in `forges`\(line)")
                continue
            }
            seen[forge.host] = item
            declared.append(forge)
        }
        return Forges(declared: declared)
    }

    private mutating func forge(_ node: Node) -> Forge? {
        guard case .mapping(let mapping) = node else {
            error(node, "each `forges` entry must be a mapping like `- host: gitlab.example.com` with `kind: gitlab`")
            return nil
        }
        var fields: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string, Self.forgeKeys.contains(name) else {
                let text = key.string ?? "?"
                if ["token", "private_token"].contains(text) {
                    error(
                        key,
                        "a token does not belong in site.yml, which is committed: put it in a secret and name its "
                            + "environment variable with `token_env:`")
                } else {
                    warning(
                        key, "unknown `forges` key '\(text)' is ignored\(suggestion(for: text, in: Self.forgeKeys))")
                }
                continue
            }
            fields[name] = value
        }
        guard let host = forgeHost(fields["host"], in: node) else { return nil }
        let known = Forges.known.first { $0.host == host }
        guard let kind = forgeKind(fields["kind"], in: node, known: known?.kind) else { return nil }
        var forge = Forge(
            host: host, kind: kind, api: known?.api ?? kind.defaultAPI(host: host)!,
            tokenEnv: known?.kind == kind ? known?.tokenEnv : nil,
            perMinute: known?.kind == kind ? known?.perMinute : kind.defaultPerMinute)
        if let apiNode = fields["api"] {
            guard let api = forgeAPI(apiNode) else { return nil }
            forge.api = api
        }
        if let tokenNode = fields["token_env"] {
            guard let name = variableName(tokenNode, key: "forges.token_env") else { return nil }
            forge.tokenEnv = name
        }
        if let rateNode = fields["rate"] {
            guard let rate = forgeRate(rateNode) else { return nil }
            forge.perMinute = rate
        }
        return forge
    }

    private mutating func forgeHost(_ node: Node?, in entry: Node) -> String? {
        guard let node else {
            error(entry, "this `forges` entry has no `host:`; name the host, like host: gitlab.example.com")
            return nil
        }
        guard case .scalar = node, let text = node.string?.trimmingCharacters(in: .whitespaces) else {
            error(node, "`forges.host` must be a host name, like gitlab.example.com")
            return nil
        }
        let host = text.lowercased()
        if ForgePath.isGitHubHost(host) {
            error(
                node, "GitHub needs no `forges` entry: its repositories are written OWNER/NAME (--api-url sets its API)"
            )
            return nil
        }
        guard ForgePath.isValidHost(host) else {
            error(
                node,
                "`forges.host` must be a host name without scheme, path or port, like gitlab.example.com (got '\(text)')"
            )
            return nil
        }
        return host
    }

    private mutating func forgeKind(_ node: Node?, in entry: Node, known: ForgeKind?) -> ForgeKind? {
        let kinds = ForgeKind.declarable.map(\.rawValue).joined(separator: ", ")
        guard let node else {
            if let known { return known }
            error(entry, "this `forges` entry has no `kind:`; say which software the host runs (\(kinds))")
            return nil
        }
        let text = node.string?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard let kind = ForgeKind(rawValue: text), ForgeKind.declarable.contains(kind) else {
            error(node, "`forges.kind` must be one of \(kinds), got '\(node.string ?? "")'")
            return nil
        }
        return kind
    }

    /// `https`, or `http` on loopback (a test server, a proxy on this machine), where the token goes.
    private mutating func forgeAPI(_ node: Node) -> URL? {
        let text = node.string?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.user == nil, url.query == nil, url.fragment == nil,
            scheme == "https" || (scheme == "http" && WebhookAddress.isLoopback(host))
        else {
            error(
                node,
                "`forges.api` must be the API's https address, like https://gitlab.example.com/api/v4 (http only "
                    + "on loopback), got '\(text)'")
            return nil
        }
        return url
    }

    private mutating func variableName(_ node: Node, key: String) -> String? {
        let text = node.string?.trimmingCharacters(in: .whitespaces) ?? ""
        let valid =
            text.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard valid else {
            error(node, "`\(key)` must be an environment variable's name (letters, digits, _), like GITLAB_TOKEN")
            return nil
        }
        return text
    }

    /// `600/min`, `10/s`, `3600/h`: requests a minute, at least one.
    private mutating func forgeRate(_ node: Node) -> Int? {
        let text = node.string?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let perUnit: [String: Double] = ["s": 60, "sec": 60, "min": 1, "m": 1, "h": 1.0 / 60, "hour": 1.0 / 60]
        guard parts.count == 2, let count = Int(parts[0].trimmingCharacters(in: .whitespaces)), count > 0,
            let factor = perUnit[parts[1].trimmingCharacters(in: .whitespaces)]
        else {
            error(node, "`forges.rate` must be requests per time, like 600/min, 10/s or 3600/h (got '\(text)')")
            return nil
        }
        return max(1, Int((Double(count) * factor).rounded(.down)))
    }

    /// A `HOST/PATH` repository's host must be one the site can read: known or in `forges:`.
    mutating func checkForges(_ sequence: Node.Sequence, forges: Forges) {
        for item in sequence {
            guard let text = item.string?.trimmingCharacters(in: .whitespaces),
                let repo = RepoName.parse(text).value, let host = repo.host
            else { continue }
            if let forge = forges.forge(at: host) {
                if !forge.kind.hasSubgroups, repo.owner.contains("/") {
                    error(
                        item,
                        "\(forge.kind.displayName) has no subgroups: a repository on \(host) is written "
                            + "\(host)/OWNER/NAME (got '\(text)')")
                }
                continue
            }
            let kinds = ForgeKind.declarable.map(\.rawValue).joined(separator: " or ")
            error(
                item,
                "\(host) is not a forge this site knows; declare it in site.yml under `forges:` as "
                    + "`- host: \(host)` with `kind: \(kinds)` (and `token_env:` naming the variable that holds "
                    + "its token, if it needs one); docs/forges.md")
        }
    }

    /// An `owners:` entry on another forge (`codeberg.org/OWNER`, `gitlab.com/GROUP`): a host the site can read, and an
    /// owner that forge can have. Said at its place otherwise.
    mutating func forgeOwner(_ written: String, at node: Node, forges: Forges) -> Bool {
        guard let sample = RepoName.parse(written + "/name").value, let host = sample.host else {
            error(node, "'\(written)' is not an owner on another forge; write HOST/OWNER, like codeberg.org/OWNER")
            return false
        }
        guard let forge = forges.forge(at: host) else {
            let kinds = ForgeKind.declarable.map(\.rawValue).joined(separator: " or ")
            error(
                node,
                "\(host) is not a forge this site knows; declare it in site.yml under `forges:` as "
                    + "`- host: \(host)` with `kind: \(kinds)`; docs/forges.md")
            return false
        }
        if !forge.kind.hasSubgroups, sample.owner.contains("/") {
            error(
                node,
                "\(forge.kind.displayName) has no subgroups: an owner on \(host) is written \(host)/OWNER "
                    + "(got '\(written)')")
            return false
        }
        return true
    }
}
