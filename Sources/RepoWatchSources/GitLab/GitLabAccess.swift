import Foundation
import RepoWatchModel

/// Who may see each part of a GitLab project: the project document's per-feature access levels
/// (docs.gitlab.com/api/projects, "Project feature visibility level": `disabled`, `private` — only
/// project members — or `enabled` — everyone who can see the project). A public project may keep
/// its code, merge requests, issues or releases to its members; a member's token is still shown
/// them, so the site decides from the levels, not from what it is answered.
struct GitLabAccess: Decodable, Sendable, Equatable {
    /// One feature's level as GitLab writes it; nil where the document has no such field.
    enum Level: Sendable, Equatable {
        case disabled, membersOnly, everyone

        init(_ text: String) {
            switch text.lowercased() {
            case "enabled", "public": self = .everyone
            case "disabled": self = .disabled
            // `private`, and any level a later GitLab may add: shown to no one the site can tell.
            default: self = .membersOnly
            }
        }
    }

    var repository: Level?
    var issues: Level?
    var mergeRequests: Level?
    var releases: Level?

    enum CodingKeys: String, CodingKey {
        case repository = "repository_access_level"
        case issues = "issues_access_level"
        case mergeRequests = "merge_requests_access_level"
        case releases = "releases_access_level"
    }

    init(repository: Level? = nil, issues: Level? = nil, mergeRequests: Level? = nil, releases: Level? = nil) {
        self.repository = repository
        self.issues = issues
        self.mergeRequests = mergeRequests
        self.releases = releases
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func level(_ key: CodingKeys) -> Level? {
            (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0 }.map(Level.init)
        }
        self.init(
            repository: level(.repository), issues: level(.issues), mergeRequests: level(.mergeRequests),
            releases: level(.releases))
    }

    /// A level the document does not give is everyone's: a GitLab older than the field had no such
    /// setting, and the part was shown to whoever could see the project (its `*_enabled` flag still
    /// says when it is off). Releases are the exception: before `releases_access_level` (GitLab 15.x)
    /// they were read with the code, so they follow the repository's level.
    private var releasesLevel: Level { releases ?? repository ?? .everyone }

    /// Merge requests live on the repository: GitLab hides them with it.
    private var mergeRequestsLevel: Level { Self.narrower(mergeRequests ?? .everyone, repository ?? .everyone) }

    private static func narrower(_ one: Level, _ other: Level) -> Level {
        if one == .disabled || other == .disabled { return .disabled }
        if one == .membersOnly || other == .membersOnly { return .membersOnly }
        return .everyone
    }

    /// The parts shown to members only: never asked, never published, said on the card.
    var membersOnly: MembersOnly { parts(at: .membersOnly) }

    /// The parts not shown to everyone (members only, or off): none of them is asked.
    var hidden: MembersOnly { parts(at: .membersOnly).union(parts(at: .disabled)) }

    private func parts(at level: Level) -> MembersOnly {
        var parts: MembersOnly = []
        if issues == level { parts.insert(.issues) }
        if mergeRequestsLevel == level { parts.insert(.pulls) }
        if releasesLevel == level { parts.insert(.release) }
        if repository == level { parts.formUnion([.language, .contributors]) }
        return parts
    }
}

extension GitLabAccess {
    /// A project document (or each one of a listed page) as the cache keeps it: the levels stay, so
    /// that an `--offline` or last-good build decides as this one did, and the count GitLab puts in
    /// the document for a member (`open_issues_count` where issues are not everyone's) goes.
    static func kept(_ data: Data) -> Data {
        switch try? JSONSerialization.jsonObject(with: data) {
        case let object as [String: Any]:
            return (try? JSONSerialization.data(withJSONObject: withoutHidden(object), options: [.sortedKeys])) ?? data
        case let list as [Any]:
            let kept = list.map { ($0 as? [String: Any]).map(withoutHidden) ?? $0 }
            return (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])) ?? data
        default: return data
        }
    }

    /// `object` without the counts of its parts not shown to everyone.
    static func withoutHidden(_ object: [String: Any]) -> [String: Any] {
        guard let level = object[CodingKeys.issues.rawValue] as? String, Level(level) != .everyone else {
            return object
        }
        var object = object
        object["open_issues_count"] = nil
        return object
    }
}
