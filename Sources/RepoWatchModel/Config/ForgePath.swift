/// The `HOST/PATH` form of a project on another forge than GitHub: what a host and a project path
/// may be, and the same name as people paste it (a web address, an SSH remote).
package enum ForgePath {
    /// GitHub's own addresses are GitHub's names (`OWNER/NAME`), never a forge's `HOST/PATH`.
    package static func isGitHubHost(_ host: String) -> Bool {
        ["github.com", "www.github.com"].contains(host.lowercased())
    }

    static func parse(_ text: String, parts: [Substring]) -> Result<RepoName, RepoNameError> {
        let host = String(parts[0])
        guard isValidHost(host) else { return .failure(.invalidHost(host)) }
        let path = parts.dropFirst().map(String.init)
        guard path.count >= 2 else {
            return path.first.map { $0.isEmpty } == false
                ? .failure(.forgeNamespace(text)) : .failure(.invalidForgePath(text))
        }
        guard path.allSatisfy(isValidSegment) else { return .failure(.invalidForgePath(text)) }
        let name = RepoName(host: host.lowercased(), owner: path.dropLast().joined(separator: "/"), name: path.last!)
        if let plain = withoutGitSuffix(name) { return .failure(.pasted(text, plain)) }
        return .success(name)
    }

    /// A project a forge's link or remote points at: `http(s)://HOST/GROUP/…/PROJECT[.git][/-/…]`,
    /// `git@HOST:GROUP/…/PROJECT.git`, `ssh://git@HOST/…`. Where the project's path ends depends on
    /// what the host runs, so only `forges` (the known hosts and the site's `forges:`) can say it.
    static func pastedForm(_ text: String, forges: Forges) -> RepoName? {
        let (rest, hasScheme) = withoutScheme(text)
        // Only `git@HOST:PATH` separates with a colon; after a scheme it began a port, now dropped.
        guard let hostEnd = rest.firstIndex(where: { $0 == "/" || (!hasScheme && $0 == ":") }) else { return nil }
        let host = String(rest[..<hostEnd])
        guard host.contains("."), !isGitHubHost(host), isValidHost(host) else { return nil }
        var path = rest[rest.index(after: hostEnd)...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        // GitLab's pages of a project (`/-/tree/main`, `/-/issues`) hang under `/-/`, and anything
        // before it may be a subgroup (`acme/infra/releases` is a project). Gitea and Forgejo have no
        // subgroups: everything after OWNER/REPO is a page (`/src/branch/main`, `/releases`). A host
        // the site does not know could be either, so nothing but `/-/` is cut from its path.
        if let pages = path.range(of: "/-/") { path = path[..<pages.lowerBound] }
        var segments = path.split(separator: "/").map(String.init)
        if forges.forge(at: host.lowercased())?.kind.hasSubgroups == false { segments = Array(segments.prefix(2)) }
        guard segments.count >= 2 else { return nil }
        let last = segments.removeLast()
        let name = last.count > 4 && last.lowercased().hasSuffix(".git") ? String(last.dropLast(4)) : last
        segments.append(name)
        guard segments.allSatisfy(isValidSegment) else { return nil }
        return RepoName(host: host.lowercased(), owner: segments.dropLast().joined(separator: "/"), name: name)
    }

    static let schemes = ["https://", "http://", "ssh://", "git://"]

    /// `text` from its host on: after a scheme without the authority's `user[:password]@` and
    /// `:PORT` (so the host ends at the first `/`), else without a leading `git@`; and whether it
    /// had a scheme.
    static func withoutScheme(_ text: String) -> (rest: Substring, hasScheme: Bool) {
        guard let scheme = schemes.first(where: { text.lowercased().hasPrefix($0) }) else {
            return (text.lowercased().hasPrefix("git@") ? text.dropFirst(4) : Substring(text), false)
        }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var host = rest[..<authorityEnd]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        return (Substring(host + rest[authorityEnd...]), true)
    }

    /// `text` as an error may say it: an address's `user:password@` (a token pasted with a clone
    /// URL) becomes `***@`.
    static func masked(_ text: String) -> String {
        guard let scheme = schemes.first(where: { text.lowercased().hasPrefix($0) }) else { return text }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        // `git@` is SSH's user for every forge, no secret.
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"), rest[..<at] != "git" else { return text }
        return text.prefix(scheme.count) + "***" + rest[at...]
    }

    /// Forges strip `.git` from a project's path, so `PROJECT.git` is only ever a clone URL's tail.
    private static func withoutGitSuffix(_ name: RepoName) -> RepoName? {
        guard name.name.count > 4, name.name.lowercased().hasSuffix(".git") else { return nil }
        let plain = String(name.name.dropLast(4))
        guard isValidSegment(plain) else { return nil }
        return RepoName(host: name.host ?? "", owner: name.owner, name: plain)
    }

    /// A DNS name of at least two labels (letters, digits and inner hyphens, each up to 63), no port:
    /// it becomes a folder under `repos/`.
    package static func isValidHost(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, host.utf8.count <= 253 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "-" }
        }
    }

    /// One group's or project's path, as GitLab allows it: letters, digits, `_`, `-` and `.`, not
    /// starting with `-` or `.`, at most 255; never `..` (it is a folder of the output).
    static func isValidSegment(_ segment: String) -> Bool {
        let scalars = segment.unicodeScalars
        guard (1...255).contains(scalars.count), let first = scalars.first, first != "-", first != ".",
            !segment.utf8.contains("..".utf8)
        else { return false }
        return scalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}
