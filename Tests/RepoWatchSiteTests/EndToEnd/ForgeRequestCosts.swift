import Foundation

/// A build's API requests at one fixture host, told apart by what they were for: a repository's card
/// (by its site.yml name), an owner's listing (`owner:NAME`), GraphQL, or a GitLab face look-up by
/// email. Downloads of faces (`/_avatars/`) are not API requests and are left out. docs/forges.md's
/// table of costs is what `EveryForgeEndToEndTests` counts with this.
struct ForgeRequestCosts: Equatable, CustomStringConvertible {
    enum Kind { case gitHub, gitLab, gitea }

    /// Requests by what they were for; every answer counts, a 429 too.
    var requests: [String: Int] = [:]

    /// GitLab's parts of a project are asked by its id, which its document gives.
    static let gitLabIDs = [
        "278964": "gitlab-org/gitlab", "250833": "gitlab-org/gitlab-runner",
        "10983711": "gitlab-org/security-products/analyzers/semgrep",
    ]

    init(_ requests: [String: Int]) { self.requests = requests }

    init(_ log: [LoggedRequest], kind: Kind, host: String) {
        for request in log where !request.isAvatar {
            requests[Self.purpose(request, kind: kind, host: host), default: 0] += 1
        }
    }

    static func purpose(_ request: LoggedRequest, kind: Kind, host: String) -> String {
        let parts = request.pathOnly.split(separator: "/").map(String.init)
        switch kind {
        case .gitHub:
            if request.isGraphQL { return "graphql" }
            if parts.first == "repos", parts.count >= 3 { return "\(parts[1])/\(parts[2])".lowercased() }
            if ["users", "orgs"].contains(parts.first), parts.count >= 2 { return "owner:\(parts[1])" }
        case .gitea:
            // /api/v1/repos/OWNER/NAME[/…]; the listing: /orgs/OWNER[/repos], /users/OWNER…, /settings/api.
            if parts.count >= 5, parts[2] == "repos" { return "\(host)/\(parts[3])/\(parts[4])".lowercased() }
            if parts.count >= 4, ["orgs", "users"].contains(parts[2]) { return "owner:\(host)/\(parts[3])" }
            if Array(parts.dropFirst(2)) == ["settings", "api"] { return "owner:\(host)" }
        case .gitLab:
            // /api/v4/projects/PATH-OR-ID[/…], /api/v4/groups/GROUP[/projects], /api/v4/avatar?email=.
            if parts.count >= 4, parts[2] == "projects" {
                let project = gitLabIDs[parts[3]] ?? parts[3].replacingOccurrences(of: "%2F", with: "/")
                return "\(host)/\(project)"
            }
            if parts.count >= 4, ["groups", "users"].contains(parts[2]) { return "owner:\(host)/\(parts[3])" }
            if parts.count == 3, parts[2] == "avatar" { return "faces" }
        }
        return "other: \(request.pathOnly)"
    }

    /// All requests together.
    var total: Int { requests.values.reduce(0, +) }

    var description: String {
        requests.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
