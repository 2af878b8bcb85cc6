import Foundation
import RepoWatchModel
import RepoWatchSupport

/// An owner card's words in the site's locale: what the SVG cards, the owner page and the badge say.
struct OwnerCardText: Sendable {
    let card: OwnerCard
    let strings: StringTable
    let state: DataState

    /// One line of the stats card: `key` is its `data-stat`, `number` its machine value.
    struct Row: Sendable {
        var key: String
        var label: String
        var number: Int
        var value: String
    }

    init(_ card: OwnerCard, strings: StringTable, sample: Bool) {
        self.card = card
        self.strings = strings
        state = card.stale ? .stale : sample ? .sample : .fresh
    }

    /// A fact the card's forge does not give, or that the card does not read of it, said in words.
    struct Absent: Sendable {
        var key: String
        var label: String
        var words: String
    }

    var displayName: String { card.name ?? card.login }
    var handle: String { "@" + card.login }

    /// The host of an owner on another forge (`gitlab.com`), whose words the card says; nil on GitHub.
    var forgeHost: String? { card.forge == nil ? nil : OwnerSource(owner: card.owner).host }

    private func row(_ key: String, _ label: String, _ number: Int) -> Row {
        Row(key: key, label: strings.text(label), number: number, value: strings.formatter.grouped(number))
    }

    /// What the card knows: repositories (GitLab's projects), stars, forks, and followers where the forge said.
    var statsRows: [Row] {
        var rows = [
            row("repos", card.forge == .gitlab ? "owner_projects" : "owner_repos", card.repos),
            row("stars", "owner_stars", card.stars),
            row("forks", "owner_forks", card.forks),
        ]
        if let followers = card.followers { rows.append(row("followers", "owner_followers", followers)) }
        return rows
    }

    /// What GitHub's card would show that another forge's does not: its followers where the forge
    /// counts none (GitLab's, an organization's), a user's contributions (not read of any other forge).
    var absent: [Absent] {
        guard let host = forgeHost else { return [] }
        var facts: [Absent] = []
        if card.followers == nil {
            facts.append(
                Absent(
                    key: "followers", label: strings.text("owner_followers"),
                    words: strings.text("owner_not_given", ["host": host])))
        }
        if card.kind == .user, card.contributions == nil {
            facts.append(
                Absent(
                    key: "contributions", label: strings.text("owner_last_year"),
                    words: strings.text("owner_not_read", ["host": host])))
        }
        return facts
    }

    /// A user's contributions of the last year; nil (no rows at all) where they are not known.
    var contributionRows: [Row]? {
        guard let contributions = card.contributions else { return nil }
        return [
            row("commits", "owner_commits", contributions.commits),
            row("pull-requests", "owner_pull_requests", contributions.pullRequests),
            row("issues", "owner_issues", contributions.issues), row("reviews", "owner_reviews", contributions.reviews),
            row("contributed-to", "owner_contributed_to", contributions.repositories),
        ]
    }

    var lastYear: String { strings.text("owner_last_year") }

    /// The forge's display name set apart inside a sentence (a tab's, a tooltip's), so that an
    /// override it leaves open cannot reverse the words after it.
    private var isolatedName: String { PageTitle.isolated(displayName) }

    var statsTitle: String {
        var parts = [
            forgeHost.map { strings.text("owner_stats_title_forge", ["name": isolatedName, "host": $0]) }
                ?? strings.text("owner_stats_title", ["name": isolatedName])
        ]
        parts += statsRows.map { "\($0.label): \($0.value)" }
        parts += absent.map { "\($0.label): \($0.words)" }
        parts += (contributionRows ?? []).map { "\(lastYear), \($0.label): \($0.value)" }
        return parts.joined(separator: ", ")
    }

    var languagesHeading: String { strings.text("owner_languages_title", ["name": displayName]) }

    var languagesTitle: String {
        ([strings.text("owner_languages_title", ["name": isolatedName])]
            + card.languages.map { "\(languageName($0)) \(percent($0.share))" }).joined(
                separator: ", ")
    }

    /// How the shares were measured, said on the card.
    var measureLine: String {
        if let host = forgeHost { return strings.text("owner_languages_by_repos_forge", ["host": host]) }
        return strings.text(card.languagesBy == .size ? "owner_languages_by_size" : "owner_languages_by_repos")
    }

    /// GitLab's project list names no language: the card says so rather than "none yet".
    var noLanguages: String {
        guard card.forge == .gitlab, let host = forgeHost else { return strings.text("owner_no_languages") }
        return strings.text("owner_languages_unlisted", ["host": host])
    }

    func languageName(_ share: LanguageShare) -> String {
        share.isOther ? strings.text("owner_language_other") : share.name
    }

    func percent(_ share: Double) -> String { strings.formatter.percent(share) }

    /// Which repositories were counted: the card's `<desc>` and the owner page say it.
    var rule: String {
        strings.text(
            forgeHost == nil ? "owner_rule" : "owner_rule_forge",
            [
                "login": card.login, "count": strings.formatter.grouped(card.repos), "host": forgeHost ?? "",
                "forks": strings.text(card.countsForks ? "owner_rule_forks_in" : "owner_rule_forks_out"),
                "archived": strings.text(card.countsArchived ? "owner_rule_archived_in" : "owner_rule_archived_out"),
            ])
    }

    /// "as of 21 Nov 2026" on a card showing the last good numbers, "Sample" on made-up ones.
    var stateTag: String? {
        switch state {
        case .stale: return strings.text("as_of", ["date": strings.formatter.day(card.fetchedAt)])
        case .sample: return strings.text("tag_sample")
        default: return nil
        }
    }
}
