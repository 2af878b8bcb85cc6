import Foundation

/// The software a repository's host runs, which says how to ask it: the forges a site can list.
package enum ForgeKind: String, Sendable, CaseIterable, Codable {
    case github
    case gitlab
    /// Gitea and its fork Forgejo (Codeberg's software) answer the same API, `/api/v1`.
    case gitea
    case forgejo

    /// The kinds `forges:` may declare (GitHub is not declared: `OWNER/NAME` is GitHub's).
    package static let declarable: [ForgeKind] = [.gitlab, .gitea, .forgejo]

    /// Where a kind's REST API lives on a host when `forges:` gives no `api`.
    package func defaultAPI(host: String) -> URL? {
        switch self {
        case .github: return nil
        case .gitlab: return URL(string: "https://\(host)/api/v4")
        case .gitea, .forgejo: return URL(string: "https://\(host)/api/v1")
        }
    }

    /// Requests a minute a host of this kind is asked at most when `forges:` gives no `rate:`.
    /// Gitea and Forgejo limit nothing themselves, but the proxies in front of them do without
    /// saying how much (Codeberg asks for fair use): docs/forges.md. GitLab says its own limits.
    package var defaultPerMinute: Int? {
        switch self {
        case .gitea, .forgejo: return 60
        case .github, .gitlab: return nil
        }
    }

    /// A project's path is `OWNER/NAME` here, never a group's subgroups.
    package var hasSubgroups: Bool { self == .gitlab }

    /// The name people know the kind by, for messages and the card.
    package var displayName: String {
        switch self {
        case .github: return "GitHub"
        case .gitlab: return "GitLab"
        case .gitea: return "Gitea"
        case .forgejo: return "Forgejo"
        }
    }
}

/// One host a site reads projects from, other than GitHub: a known one (`gitlab.com`) with its
/// defaults, or one `forges:` declares.
package struct Forge: Sendable, Equatable {
    package var host: String
    package var kind: ForgeKind
    /// The REST API's base (`https://HOST/api/v4`); `http` only on loopback.
    package var api: URL
    /// The environment variable holding this host's token; nil: anonymous.
    package var tokenEnv: String?
    /// Requests a minute this host is asked at most (`rate:`); nil: no pacing of our own.
    package var perMinute: Int?

    package init(host: String, kind: ForgeKind, api: URL, tokenEnv: String? = nil, perMinute: Int? = nil) {
        self.host = host
        self.kind = kind
        self.api = api
        self.tokenEnv = tokenEnv
        self.perMinute = perMinute
    }
}

/// Every host a site may name besides GitHub: the known ones, each overridden by a `forges:` entry
/// for the same host, and the hosts `forges:` declares.
package struct Forges: Sendable, Equatable {
    /// Hosts every site may name without declaring them.
    package static let known: [Forge] = [
        Forge(
            host: "gitlab.com", kind: .gitlab, api: URL(string: "https://gitlab.com/api/v4")!, tokenEnv: "GITLAB_TOKEN"),
        Forge(
            host: "codeberg.org", kind: .forgejo, api: URL(string: "https://codeberg.org/api/v1")!,
            tokenEnv: "CODEBERG_TOKEN", perMinute: ForgeKind.forgejo.defaultPerMinute),
    ]

    /// `forges:` as site.yml gives it, in its order.
    package var declared: [Forge] = []

    package init(declared: [Forge] = []) {
        self.declared = declared
    }

    /// Every variable a token of this site may be read from (declared and known forges').
    package var tokenNames: [String] { (declared + Self.known).compactMap(\.tokenEnv) }

    /// The forge at `host` (lowercased), declared or known; nil: the site cannot read it.
    package func forge(at host: String) -> Forge? {
        declared.first { $0.host == host } ?? Self.known.first { $0.host == host }
    }

    /// The forge a repository lives on; nil for GitHub's.
    package func forge(of repo: RepoName) -> Forge? { repo.host.flatMap(forge(at:)) }

    /// The kind of forge a repository lives on (GitHub for `OWNER/NAME`).
    package func kind(of repo: RepoName) -> ForgeKind { forge(of: repo)?.kind ?? .github }

    /// The forges `repos` and `owners` name, each once, in the order of their first repository, then of the owners.
    package func used(by repos: some Sequence<RepoName>, owners: [OwnerSource]) -> [Forge] {
        var forges = used(by: repos)
        for host in owners.compactMap(\.host) where !forges.contains(where: { $0.host == host }) {
            if let forge = forge(at: host) { forges.append(forge) }
        }
        return forges
    }

    /// The forges `repos` name, each once, in the order of their first repository.
    package func used(by repos: some Sequence<RepoName>) -> [Forge] {
        var seen: Set<String> = []
        var forges: [Forge] = []
        for repo in repos {
            guard let host = repo.host, seen.insert(host).inserted, let forge = forge(at: host) else { continue }
            forges.append(forge)
        }
        return forges
    }
}
