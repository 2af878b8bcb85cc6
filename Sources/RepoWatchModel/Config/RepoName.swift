/// A repository's identity: `owner/name` on GitHub, which follows GitHub's naming rules; or, on
/// another forge, `HOST/PATH` (`gitlab.com/group/subgroup/project`), where `host` is the forge's
/// host (a host has a dot, a GitHub owner never does), `owner` the namespace (groups joined by `/`)
/// and `name` the project. Either is safe in paths and URLs.
package struct RepoName: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// Nil on GitHub; else the forge's host, lowercased.
    package let host: String?
    package let owner: String
    package let name: String

    /// Parses `owner/name` or `HOST/PATH`, or explains what is wrong with it. Only the plain form is a
    /// name here; a name as people paste it (a link, an SSH remote, `.git`) is refused with the plain
    /// form to write instead (`.pasted`), which `understanding(_:forges:)` accepts. Knows the built-in hosts
    /// only: where a pasted address on another host ends needs the site's `forges:`.
    package static func parse(_ text: String) -> Result<RepoName, RepoNameError> {
        parse(text, forges: Forges())
    }

    /// `parse(_:)` on a site whose `forges:` says what each host runs, which says where a pasted
    /// address's project path ends (a GitLab subgroup or a Gitea page).
    package static func parse(_ text: String, forges: Forges) -> Result<RepoName, RepoNameError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count >= 2, parts[0].contains("."), !text.contains(":"),
            !ForgePath.isGitHubHost(String(parts[0]))
        {
            return ForgePath.parse(text, parts: parts)
        }
        if parts.count == 2 {
            let owner = String(parts[0])
            let name = String(parts[1])
            if owner.isEmpty, !name.isEmpty { return .failure(.missingOwner(name)) }
            if name.isEmpty, !owner.isEmpty { return .failure(.missingName(owner)) }
            if isValidOwner(owner), isValidName(name) {
                if let plain = withoutGitSuffix(owner: owner, name: name) { return .failure(.pasted(text, plain)) }
                return .success(RepoName(owner: owner, name: name))
            }
        }
        if let plain = pastedForm(text) ?? ForgePath.pastedForm(text, forges: forges) {
            return .failure(.pasted(text, plain))
        }
        if let owner = ownerAddress(text) { return .failure(.ownerAddress(text, owner)) }
        guard parts.count == 2 else { return .failure(.notOwnerSlashName(text)) }
        guard isValidOwner(String(parts[0])) else { return .failure(.invalidOwner(String(parts[0]))) }
        return .failure(.invalidName(String(parts[1])))
    }

    /// A name as the user gave it on the command line: `owner/name` or `HOST/PATH`, or the same as
    /// pasted (`https://github.com/owner/name`, `git@github.com:owner/name.git`, `owner/name.git`,
    /// `https://gitlab.com/group/project/-/tree/main`, `git@gitlab.com:group/project.git`).
    package static func understanding(_ text: String, forges: Forges) -> Result<RepoName, RepoNameError> {
        switch parse(text, forges: forges) {
        case .failure(.pasted(_, let name)): return .success(name)
        case let other: return other
        }
    }

    /// GitHub strips `.git` from a new repository's name, so `name.git` is only ever a clone URL's tail.
    private static func withoutGitSuffix(owner: String, name: String) -> RepoName? {
        guard name.count > 4, name.lowercased().hasSuffix(".git") else { return nil }
        let plain = String(name.dropLast(4))
        return isValidName(plain) ? RepoName(owner: owner, name: plain) : nil
    }

    /// The repository a GitHub link or remote points at: `http(s)://[www.]github.com/OWNER/NAME[.git][/…]`,
    /// `git@github.com:OWNER/NAME[.git]`, `ssh://git@github.com/OWNER/NAME[.git]`, `github.com/OWNER/NAME`.
    private static func pastedForm(_ text: String) -> RepoName? {
        let (rest, hasScheme) = ForgePath.withoutScheme(text)
        let hostEnd = rest.firstIndex { $0 == "/" || (!hasScheme && $0 == ":") }
        guard let hostEnd else { return nil }
        let host = rest[..<hostEnd].lowercased()
        guard host == "github.com" || host == "www.github.com" else { return nil }
        var path = rest[rest.index(after: hostEnd)...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        let owner = String(parts[0])
        var name = String(parts[1])
        if name.count > 4, name.lowercased().hasSuffix(".git") { name = String(name.dropLast(4)) }
        guard isValidOwner(owner), isValidName(name) else { return nil }
        return RepoName(owner: owner, name: name)
    }

    /// The owner a GitHub address names alone: `https://github.com/apple`, `github.com/apple/`.
    private static func ownerAddress(_ text: String) -> String? {
        var rest = Substring(text)
        for prefix in ["https://", "http://"] where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, ["github.com", "www.github.com"].contains(parts[0].lowercased()) else { return nil }
        let owner = String(parts[1].prefix { $0 != "?" && $0 != "#" })
        return isValidOwner(owner) ? owner : nil
    }

    /// A GitHub repository.
    package init(owner: String, name: String) {
        host = nil
        self.owner = owner
        self.name = name
    }

    /// A project on another forge: `host` (lowercased), its namespace and its path.
    package init(host: String, owner: String, name: String) {
        self.host = host
        self.owner = owner
        self.name = name
    }

    /// `owner/name` on GitHub, `HOST/PATH` elsewhere: the name as site.yml writes it.
    package var description: String {
        guard let host else { return "\(owner)/\(name)" }
        return "\(host)/\(owner)/\(name)"
    }

    /// The project's path on its forge (`group/subgroup/project`; `owner/name` on GitHub).
    package var path: String { "\(owner)/\(name)" }

    /// Whether the repository lives on GitHub (the default forge).
    package var isGitHub: Bool { host == nil }

    /// GitHub and GitLab compare names case-insensitively; so do duplicates checks and output paths.
    package var key: String { description.lowercased() }

    /// `owner/name` (or `host/path`) lowercased: the folder under `repos/` in the output.
    var pathComponent: String { key }

    package static func < (lhs: RepoName, rhs: RepoName) -> Bool { lhs.key < rhs.key }

    /// Letters, digits and single hyphens, not at either end, at most 39 characters; `_` too, which
    /// Enterprise Managed Users' accounts carry (`handle_shortcode`).
    package static func isValidOwner(_ owner: String) -> Bool {
        let scalars = Array(owner.unicodeScalars)
        guard (1...39).contains(scalars.count), scalars.first != "-", scalars.last != "-" else { return false }
        var previous: Unicode.Scalar = " "
        for scalar in scalars {
            if scalar == "-" {
                if previous == "-" { return false }
            } else if !isASCIIAlphanumeric(scalar) && scalar != "_" {
                return false
            }
            previous = scalar
        }
        return true
    }

    /// Letters, digits, `.`, `_` and `-`, at most 100 characters, never `.`, `..` or containing `..`.
    static func isValidName(_ name: String) -> Bool {
        guard (1...100).contains(name.unicodeScalars.count), name != ".", !name.utf8.contains("..".utf8) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}

package enum RepoNameError: Error, Sendable, Equatable, CustomStringConvertible {
    case notOwnerSlashName(String)
    case invalidOwner(String)
    case invalidName(String)
    /// `/name`: the part before the slash is missing.
    case missingOwner(String)
    /// `owner/`: the part after the slash is missing.
    case missingName(String)
    /// A link, a remote or a `.git` tail, and the `OWNER/NAME` it means.
    case pasted(String, RepoName)
    /// A link to an owner (`https://github.com/apple`), and the owner.
    case ownerAddress(String, String)
    /// `HOST/…` whose host is not a host name.
    case invalidHost(String)
    /// `HOST/…` whose path is not a project's path.
    case invalidForgePath(String)
    /// `HOST/GROUP`: a group or a user, not a project.
    case forgeNamespace(String)

    /// The same error with an address's credentials masked (`ForgePath.masked`): a token pasted
    /// with a clone URL is never said back.
    private var masked: Self {
        switch self {
        case .notOwnerSlashName(let text): .notOwnerSlashName(ForgePath.masked(text))
        case .pasted(let text, let name): .pasted(ForgePath.masked(text), name)
        case .ownerAddress(let text, let owner): .ownerAddress(ForgePath.masked(text), owner)
        default: self
        }
    }

    package var description: String {
        switch masked {
        case .notOwnerSlashName(let text):
            return "'\(text)' is not a repository; write it as OWNER/NAME, like apple/swift"
        case .invalidOwner(let owner):
            return "'\(owner)' is not a valid GitHub owner (letters, digits, '_' and single hyphens, at most 39)"
        case .invalidName(let name):
            return "'\(name)' is not a valid repository name (letters, digits, '.', '_' and '-'; no '..')"
        case .missingOwner(let name):
            return "'/\(name)' has no owner before the '/'; write it as OWNER/\(name)"
        case .missingName(let owner):
            return "'\(owner)/' has no repository name after the '/'; write it as \(owner)/NAME"
        case .pasted(let text, let name) where !text.contains(":") && text.split(separator: "/").count == 2:
            return "'\(text)' ends in .git, which GitHub leaves out of names; did you mean '\(name)'?"
        case .pasted(let text, let name) where name.host != nil:
            return "'\(text)' is an address, not HOST/GROUP/PROJECT; did you mean '\(name)'?"
        case .pasted(let text, let name):
            return "'\(text)' is a GitHub address, not OWNER/NAME; did you mean '\(name)'?"
        case .ownerAddress(let text, let owner):
            return "'\(text)' is \(owner)'s page, not a repository; write one as \(owner)/NAME, or show every "
                + "repository of \(owner) with `owners:` in site.yml (`- owner: \(owner)`)"
        case .invalidHost(let host):
            return "'\(host)' is not a host name (letters, digits and hyphens between dots, no port)"
        case .invalidForgePath(let text):
            return "'\(text)' is not a project; write it as HOST/GROUP/PROJECT (letters, digits, '.', '_' "
                + "and '-' in each part, not starting with '-' or '.'), like gitlab.com/gitlab-org/gitlab"
        case .forgeNamespace(let text):
            return "'\(text)' names a group or a user, not a project; write one as \(text)/PROJECT"
        }
    }
}

/// One string per owner spelling for a list of repositories: an owner's repositories then share its
/// name's storage rather than each holding a copy (on the heap beyond 15 UTF-8 bytes, as in
/// `bench-owner-1000`). Exact spellings only, so every name reads as written.
package struct SharedOwners {
    private var spellings: Set<String> = []

    package mutating func sharing(_ repo: RepoName) -> RepoName {
        let (inserted, owner) = spellings.insert(repo.owner)
        guard !inserted else { return repo }
        guard let host = repo.host else { return RepoName(owner: owner, name: repo.name) }
        return RepoName(host: host, owner: owner, name: repo.name)
    }

    package init() {
    }
}
