import Foundation

extension RepoCard {
    /// The state a card shows: sample data is only ever shown as such.
    static func state(of repo: RepoSnapshot, sample: Bool) -> State {
        if !repo.isAvailable { return .unavailable }
        if repo.stale { return .stale }
        return sample ? .sample : .fresh
    }

    /// - Parameter numbers: how counts are displayed; spoken labels always say the full number.
    init(_ repo: RepoSnapshot, sample: Bool, numbers: WidgetLook.Numbers = .full) {
        let state = Self.state(of: repo, sample: sample)
        let displayName = repo.fullName ?? repo.configName
        let parts = displayName.split(separator: "/", maxSplits: 1).map(String.init)
        let owner = parts.first ?? displayName
        configName = repo.configName
        fullName = displayName
        self.owner = owner
        name = parts.count > 1 ? parts[1] : displayName
        page = SiteLayout.repoFolder(configName: repo.configName)
        self.state = state
        archived = repo.archived ?? false
        avatar = Avatar(src: repo.ownerAvatar ?? "", alt: "Avatar of \(owner)")
        if let description = repo.description, !description.isEmpty { self.description = description }
        // The card's subtitle line shows either the status tags or the description, never a squeezed mix.
        hasTags = state != .fresh || repo.archived == true
        htmlURL = SafeURL.http(repo.htmlURL)
        error = repo.error.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        if state == .stale, let fetchedAt = repo.fetchedAt { asOfDisplay = Formatting.day(fetchedAt) }
        guard state != .unavailable else {
            contributorsNote = "Contributors unavailable"
            return
        }

        stars = Self.stat(repo.stars, "star", "stars", numbers: numbers)
        forks = Self.stat(repo.forks, "fork", "forks", numbers: numbers)
        if repo.hasIssues == true {
            issues = Self.stat(repo.openIssues, "open issue", "open issues", numbers: numbers)
        }
        if let days = repo.daysSincePush {
            let caption = Formatting.daysCaption(days)
            let display = Formatting.grouped(days)
            self.days = Days(
                value: days, display: display, digits: String(days.magnitude).count, caption: caption,
                label: days == 0 ? "Last pushed today" : "Last pushed \(display) \(caption)", hot: days > 50)
        } else {
            days = Days(caption: "no pushes", label: "Never pushed")
        }
        contributors = repo.contributors.prefix(4).enumerated().map { index, person in
            Person(
                login: person.login, contributions: person.contributions,
                display: Formatting.number(person.contributions, numbers),
                label: "\(person.login): \(Formatting.plural(person.contributions, "contribution", "contributions"))",
                avatar: Avatar(src: person.avatar ?? "", alt: "Avatar of \(person.login)"), rank: index + 1)
        }
        contributorsNote = repo.contributorsNote ?? (contributors.isEmpty ? "No contributors yet" : nil)
    }

    /// A missing value becomes a placeholder (`missing`), never a made-up 0.
    private static func stat(_ value: Int?, _ singular: String, _ plural: String, numbers: WidgetLook.Numbers)
        -> Stat
    {
        guard let value else {
            return Stat(label: "\(plural.prefix(1).uppercased())\(plural.dropFirst()) unknown")
        }
        return Stat(
            value: value, display: Formatting.number(value, numbers), label: Formatting.plural(value, singular, plural))
    }
}
