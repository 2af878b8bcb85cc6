import Foundation
import RepoWatchModel
import RepoWatchSupport

extension RepoCard {
    /// - Parameters:
    ///   - numbers: how counts are displayed; spoken labels always say the full number.
    ///   - strings: the card's words and formats (`locale:`).
    ///   - now: the build's time, which "3 days ago" counts from (default: when the data was fetched).
    ///   - forge: the kind of forge it lives on, whose words the card says.
    init(
        _ repo: RepoSnapshot, sample: Bool, numbers: WidgetLook.Numbers = .full, strings: StringTable = .english,
        now: Date? = nil, forge: ForgeKind = .github
    ) {
        let state = repo.dataState(sample: sample)
        let format = strings.formatter
        let displayName = repo.fullName ?? repo.configName
        var parts = displayName.split(separator: "/", maxSplits: 1).map(String.init)
        // Another forge's `HOST/GROUP/…/PROJECT`: the namespace is the owner, the project the name.
        if let forgeName = RepoName.parse(displayName).value, let host = forgeName.host {
            parts = [forgeName.owner, forgeName.name]
            forgeHost = host
        }
        let owner = parts.first ?? displayName
        self.strings = strings
        configName = repo.configName
        fullName = displayName
        self.owner = owner
        name = parts.count > 1 ? parts[1] : displayName
        page = SiteLayout.repoFolder(configName: repo.configName)
        self.state = state
        archived = repo.archived ?? false
        avatar = Avatar(src: repo.ownerAvatar ?? "", alt: strings.text("avatar_of", ["login": owner]))
        // Sample descriptions are made up with the numbers: said in the card's own language.
        if sample, state == .sample {
            description = strings.text("sample_description", ["name": displayName])
        } else if let description = repo.description, !description.isEmpty {
            self.description = description
        }
        // The card's subtitle line shows either the status tags or the description, never a squeezed mix.
        hasTags = state != .fresh || repo.archived == true
        htmlURL = SafeURL.http(repo.htmlURL)
        error = repo.staleness.map { $0.description.prefix(1).uppercased() + $0.description.dropFirst() }
        if state == .stale, let fetchedAt = repo.fetchedAt {
            asOfDisplay = format.day(fetchedAt)
            asOf = strings.text("as_of", ["date": format.day(fetchedAt)])
        }
        guard !fillsNoData(repo, strings: strings) else { return }
        addCounts(repo, numbers: numbers, words: ForgeWords(forge))
        addDetails(repo, now: now ?? repo.fetchedAt ?? Date(timeIntervalSince1970: 0), forge: forge)
        addMembersOnly(repo)
        contributors = repo.contributors.prefix(4).enumerated().map { index, person in
            Person(
                login: person.login, contributions: person.contributions,
                display: format.number(person.contributions, numbers),
                label: strings.plural("contributions", count: person.contributions, ["login": person.login]),
                avatar: Avatar(src: person.avatar ?? "", alt: strings.text("avatar_of", ["login": person.login])),
                rank: index + 1)
        }
        if let counted = ContributorsNote.commitsCounted(repo.contributorsNote) {
            let count = ["count": format.number(counted, .full)]
            contributorsBasis = strings.text("contributors_among_last", count)
            contributorsBasisShort = strings.text("contributors_among_last_short", count)
            contributorsNote = contributors.isEmpty ? strings.text("no_contributors") : nil
        } else {
            contributorsNote = Self.note(repo.contributorsNote, empty: contributors.isEmpty, strings: strings)
        }
    }

    /// A card without numbers (unavailable, or pending and never fetched) says why instead.
    private mutating func fillsNoData(_ repo: RepoSnapshot, strings: StringTable) -> Bool {
        switch state {
        case .pending where !repo.isAvailable:
            errorDisplay = strings.text("pending_message")
            contributorsNote = strings.text("contributors_pending")
        case .unavailable:
            errorDisplay = strings.name == "en" ? error : strings.text("unavailable_message")
            contributorsNote = strings.text("contributors_unavailable")
        default:
            return false
        }
        noData = true
        return true
    }

    /// Stars, forks, issues, pull requests and the days since the last push.
    private mutating func addCounts(_ repo: RepoSnapshot, numbers: WidgetLook.Numbers, words: ForgeWords) {
        let strings = self.strings
        stars = Self.stat(repo.stars, "stars", unknown: "stars_unknown", numbers: numbers, strings: strings)
        forks = Self.stat(repo.forks, "forks", unknown: "forks_unknown", numbers: numbers, strings: strings)
        issuesIncludePulls = repo.openIssuesIncludePulls
        if repo.hasIssues == true {
            let combined = repo.openIssuesIncludePulls
            issues = Self.stat(
                repo.openIssues, combined ? "open_issues_and_pulls" : "open_issues", unknown: "open_issues_unknown",
                numbers: numbers, strings: strings)
            issues?.title = strings.text(combined ? "issues_and_pulls_title" : "issues_title")
        }
        // Pull requests are shown wherever they were counted, even with issues disabled.
        if let openPulls = repo.openPulls, !repo.openIssuesIncludePulls {
            pulls = Self.stat(openPulls, words.openPulls, unknown: words.openPulls, numbers: numbers, strings: strings)
            pulls?.title = strings.text(words.pullsTitle)
            // Where the forge stopped counting (GitLab, past 10,000): at least that many, never a guess.
            if repo.openPullsAtLeast {
                let atLeast = strings.formatter.grouped(openPulls) + "+"
                pulls?.display = atLeast
                pulls?.label = strings.plural(words.openPulls, count: openPulls, display: atLeast)
            }
        }
        if let days = repo.daysSincePush {
            let display = strings.formatter.grouped(days)
            self.days = Days(
                value: days, display: display, digits: String(days.magnitude).count,
                caption: days == 0 ? strings.text("today") : strings.plural("days_caption", count: days),
                label: days == 0
                    ? strings.text(words.lastPushedToday)
                    : strings.plural(words.lastPushed, count: days, display: display),
                hot: days > 50)
        } else {
            days = Days(caption: strings.text(words.noPushes), label: strings.text(words.neverPushed))
        }
    }

    /// The latest release and the primary language, where GitHub gave them.
    private mutating func addDetails(_ repo: RepoSnapshot, now: Date, forge: ForgeKind) {
        let strings = self.strings
        if let language = repo.language {
            self.language = Language(
                name: language.name, color: language.color,
                label: strings.text("language_label", ["name": language.name]))
        }
        if let release = repo.release {
            let format = strings.formatter
            let day = release.publishedAt.map(format.day)
            self.release = Release(
                tag: release.tag, publishedAt: release.publishedAt.map(Formatting.iso), publishedDisplay: day,
                ago: release.publishedAt.map { format.ago($0, now: now) },
                label: day.map { strings.text("release_label", ["tag": release.tag, "date": $0]) }
                    ?? strings.text("release_label_undated", ["tag": release.tag]),
                htmlURL: htmlURL.map { $0 + (forge == .gitlab ? "/-/releases/permalink/latest" : "/releases/latest") })
        }
    }

    /// What the forge shows to the project's members only, said where the numbers would be.
    private mutating func addMembersOnly(_ repo: RepoSnapshot) {
        contributorsMembersOnly = repo.membersOnly.contains(.contributors)
        let parts = MembersOnly.named.filter { repo.membersOnly.contains($0.part) && $0.part != .contributors }
        guard !parts.isEmpty else { return }
        membersOnlyLead = strings.text("members_only")
        membersOnly = parts.map { _, key in
            Absent(
                key: key, name: strings.text("members_only_\(key)_short"),
                label: strings.text("members_only_\(key)"))
        }
    }

    /// The fetcher's notes are English sentences in snapshot.json; each known one has a key.
    static func note(_ note: String?, empty: Bool, strings: StringTable) -> String? {
        switch note {
        case nil: return empty ? strings.text("no_contributors") : nil
        case ContributorsNote.tooLarge: return strings.text("contributors_too_large")
        case ContributorsNote.unavailable: return strings.text("contributors_unavailable")
        case ContributorsNote.pending: return strings.text("contributors_pending")
        case ContributorsNote.membersOnly: return strings.text("members_only_contributors")
        case let other?: return other
        }
    }

    /// A missing value becomes a placeholder (`missing`), never a made-up 0.
    private static func stat(
        _ value: Int?, _ key: String, unknown: String, numbers: WidgetLook.Numbers, strings: StringTable
    ) -> Stat {
        guard let value else { return Stat(label: strings.text(unknown)) }
        return Stat(
            value: value, display: strings.formatter.number(value, numbers), label: strings.plural(key, count: value))
    }
}
