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

    /// The `widget` context: what the widget root needs beyond its repositories.
    public func widget(
        kind: String, id: String? = nil, state: State, look: WidgetLook = WidgetLook()
    ) -> [String: Any] {
        var context: [String: Any] = [
            "kind": kind,
            "state": state.rawValue,
            "appearance": look.appearance.rawValue,
            "rendering": look.rendering.rawValue,
            "numbers": look.numbers.rawValue,
        ]
        if let id { context["id"] = id }
        if look.rendering == .accented {
            context["accent"] = look.accent.hex
            context["style"] = AccentPalette(accent: look.accent).cssVariables
        }
        return context
    }

    /// - Parameter numbers: how counts are displayed; spoken labels always say the full number.
    public func repo(_ repo: RepoSnapshot, numbers: WidgetLook.Numbers = .full) -> [String: Any] {
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
        // The card's subtitle line shows either the status tags or the description, never a squeezed mix.
        context["has_tags"] = state != .fresh || repo.archived == true
        if let url = SafeURL.http(repo.htmlURL) { context["html_url"] = url }
        if let error = repo.error { context["error"] = error.prefix(1).uppercased() + error.dropFirst() }
        if state == .stale, let fetchedAt = repo.fetchedAt { context["as_of_display"] = Formatting.day(fetchedAt) }
        guard state != .unavailable else {
            context["contributors"] = [[String: Any]]()
            context["has_contributors"] = false
            context["contributors_note"] = "Contributors unavailable"
            return context
        }

        context["stars"] = stat(repo.stars, "star", "stars", numbers: numbers)
        context["forks"] = stat(repo.forks, "fork", "forks", numbers: numbers)
        if repo.hasIssues == true {
            context["issues"] = stat(repo.openIssues, "open issue", "open issues", numbers: numbers)
        }
        if let days = repo.daysSincePush {
            let caption = Formatting.daysCaption(days)
            context["days"] =
                [
                    "value": days,
                    "display": Formatting.grouped(days),
                    "digits": String(days.magnitude).count,
                    "caption": caption,
                    "label": days == 0 ? "Last pushed today" : "Last pushed \(Formatting.grouped(days)) \(caption)",
                    "hot": days > 50,
                ] as [String: Any]
        } else {
            context["days"] = ["missing": true, "caption": "no pushes", "label": "Never pushed"] as [String: Any]
        }
        let contributors = repo.contributors.prefix(4).enumerated().map { index, person -> [String: Any] in
            [
                "login": person.login,
                "contributions": person.contributions,
                "display": Formatting.number(person.contributions, numbers),
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

    /// A missing value becomes a placeholder (`missing`), never a made-up 0.
    private func stat(_ value: Int?, _ singular: String, _ plural: String, numbers: WidgetLook.Numbers)
        -> [String: Any]
    {
        guard let value else {
            return ["missing": true, "label": "\(plural.prefix(1).uppercased())\(plural.dropFirst()) unknown"]
        }
        return [
            "value": value, "display": Formatting.number(value, numbers),
            "label": Formatting.plural(value, singular, plural),
        ]
    }
}
