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

    var displayName: String { card.name ?? card.login }
    var handle: String { "@" + card.login }

    private func row(_ key: String, _ label: String, _ number: Int) -> Row {
        Row(key: key, label: strings.text(label), number: number, value: strings.formatter.grouped(number))
    }

    /// What the card knows: repositories, stars, forks, and followers where GitHub said.
    var statsRows: [Row] {
        var rows = [
            row("repos", "owner_repos", card.repos), row("stars", "owner_stars", card.stars),
            row("forks", "owner_forks", card.forks),
        ]
        if let followers = card.followers { rows.append(row("followers", "owner_followers", followers)) }
        return rows
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

    var statsTitle: String {
        var parts = [strings.text("owner_stats_title", ["name": displayName])]
        parts += statsRows.map { "\($0.label): \($0.value)" }
        parts += (contributionRows ?? []).map { "\(lastYear), \($0.label): \($0.value)" }
        return parts.joined(separator: ", ")
    }

    var languagesHeading: String { strings.text("owner_languages_title", ["name": displayName]) }

    var languagesTitle: String {
        ([languagesHeading] + card.languages.map { "\(languageName($0)) \(percent($0.share))" }).joined(
            separator: ", ")
    }

    /// How the shares were measured, said on the card.
    var measureLine: String {
        strings.text(card.languagesBy == .size ? "owner_languages_by_size" : "owner_languages_by_repos")
    }

    var noLanguages: String { strings.text("owner_no_languages") }

    func languageName(_ share: LanguageShare) -> String {
        share.isOther ? strings.text("owner_language_other") : share.name
    }

    func percent(_ share: Double) -> String { strings.formatter.percent(share) }

    /// Which repositories were counted: the card's `<desc>` and the owner page say it.
    var rule: String {
        strings.text(
            "owner_rule",
            [
                "login": card.login, "count": strings.formatter.grouped(card.repos),
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
