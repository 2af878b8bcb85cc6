import Foundation

/// Turns snapshot values into the Mustache contexts described in Templates/README.md. Contexts are
/// plain dictionaries: swift-mustache reads them without reflection.
public struct WidgetContext: Sendable {
    public enum State: String, Sendable, Comparable {
        case fresh, sample, stale, unavailable

        private var severity: Int {
            switch self {
            case .fresh: return 0
            case .sample: return 1
            case .stale: return 2
            case .unavailable: return 3
            }
        }
        public static func < (lhs: State, rhs: State) -> Bool { lhs.severity < rhs.severity }
    }

    public let sample: Bool

    public init(sample: Bool) { self.sample = sample }

    public func state(of repo: RepoSnapshot) -> State {
        if !repo.isAvailable { return .unavailable }
        if repo.stale { return .stale }
        return sample ? .sample : .fresh
    }

    public func repo(_ repo: RepoSnapshot) -> [String: Any] {
        let state = state(of: repo)
        let displayName = repo.fullName ?? repo.configName
        let parts = displayName.split(separator: "/", maxSplits: 1).map(String.init)
        let owner = parts.first ?? displayName
        let name = parts.count > 1 ? parts[1] : displayName
        var context: [String: Any] = [
            "config_name": repo.configName,
            "full_name": displayName,
            "owner": owner,
            "name": name,
            "page": "repos/\(repo.configName.lowercased())/",
            "state": state.rawValue,
            "is_fresh": state == .fresh,
            "is_sample": state == .sample,
            "is_stale": state == .stale,
            "is_unavailable": state == .unavailable,
            "archived": repo.archived ?? false,
            "avatar": [
                "src": repo.ownerAvatar ?? "",
                "alt": "Avatar of \(owner)",
            ],
        ]
        if let description = repo.description, !description.isEmpty { context["description"] = description }
        if let url = SafeURL.http(repo.htmlURL) { context["html_url"] = url }
        if let error = repo.error { context["error"] = error.prefix(1).uppercased() + error.dropFirst() }
        if state == .stale, let fetchedAt = repo.fetchedAt { context["as_of_display"] = Formatting.day(fetchedAt) }
        guard state != .unavailable else {
            context["contributors"] = [[String: Any]]()
            context["has_contributors"] = false
            context["contributors_note"] = "Contributors unavailable"
            return context
        }

        if let stars = repo.stars { context["stars"] = stat(stars, "star", "stars") }
        if let forks = repo.forks { context["forks"] = stat(forks, "fork", "forks") }
        if repo.hasIssues == true, let issues = repo.openIssues {
            context["issues"] = stat(issues, "open issue", "open issues")
        }
        if let days = repo.daysSincePush {
            let caption = Formatting.daysCaption(days)
            context["days"] =
                [
                    "value": days,
                    "display": Formatting.grouped(days),
                    "caption": caption,
                    "label": days == 0 ? "Last pushed today" : "Last pushed \(Formatting.grouped(days)) \(caption)",
                    "hot": days > 50,
                ] as [String: Any]
        }
        let contributors = repo.contributors.prefix(4).enumerated().map { index, person -> [String: Any] in
            [
                "login": person.login,
                "contributions": person.contributions,
                "display": Formatting.grouped(person.contributions),
                "label": "\(person.login): \(Formatting.plural(person.contributions, "contribution", "contributions"))",
                "avatar": ["src": person.avatar ?? "", "alt": "Avatar of \(person.login)"],
                "rank": index + 1,
            ]
        }
        context["contributors"] = contributors
        context["has_contributors"] = !contributors.isEmpty
        context["contributors_note"] = repo.contributorsNote ?? (contributors.isEmpty ? "No contributors yet" : nil)
        return context
    }

    private func stat(_ value: Int, _ singular: String, _ plural: String) -> [String: Any] {
        ["value": value, "display": Formatting.grouped(value), "label": Formatting.plural(value, singular, plural)]
    }
}
