import Foundation
import RepoWatchModel

/// What a card shows for one repository (a `repo` in Templates/README.md): made once from the
/// snapshot, drawn by the HTML templates (through `child(named:)`, RepoCard+Mustache.swift) and by
/// the SVG writer (through its properties). An absent optional is an absent template key.
struct RepoCard: Sendable {
    typealias State = DataState

    /// `{ src, alt }`: `src` relative to the site's root, empty when there is no image.
    struct Avatar: Sendable {
        var src: String
        var alt: String
    }

    /// A count: `{ value, display, label, title }`, or `{ missing: true, label }` when the API gave none.
    struct Stat: Sendable {
        var value: Int?
        var display: String?
        var label: String
        /// What the count is ("Open issues and pull requests"), for the stat's `title`.
        var title: String?
        var missing: Bool { value == nil }
    }

    /// Whole days since the last push; `value` nil when never pushed.
    struct Days: Sendable {
        var value: Int?
        var display: String?
        var digits: Int?
        var caption: String
        var label: String
        var hot: Bool?
        var missing: Bool { value == nil }
    }

    struct Person: Sendable {
        var login: String
        var contributions: Int
        var display: String
        var label: String
        var avatar: Avatar
        var rank: Int
    }

    /// How many snapshots are recorded and since when.
    struct HistorySummary: Sendable {
        var points: Int
        var first: String
        var firstDisplay: String
    }

    /// The change since the previous snapshot; a change is nil when either snapshot lacks the value.
    struct Delta: Sendable {
        var since: String
        var sinceDisplay: String
        /// "since " and "" in English, "" and " 이후" in Korean: the words around the date.
        var sinceBefore = ""
        var sinceAfter = ""
        var stars: Change?
        var forks: Change?
        var issues: Change?
        var contributors: Change?
    }

    /// `{ value, display, label, sign, noun }`: -3, "−3", "3 fewer stars since …", `down`, "stars".
    /// Also `since_before` and `since_after`: the localized "since {date}" around the date.
    struct Change: Sendable {
        enum Sign: String, Sendable { case up, down, flat }
        var value: Int
        var display: String
        var label: String
        var sign: Sign
        var noun: String
    }

    /// The latest release: `{ tag, published_at, published_display, ago, label, html_url }`.
    struct Release: Sendable {
        var tag: String
        /// ISO 8601, for `<time datetime>`; nil when GitHub gave no date.
        var publishedAt: String?
        /// "19 Nov 2026".
        var publishedDisplay: String?
        /// "3 days ago", counted from the build's time.
        var ago: String?
        /// Spoken: "Latest release v5.9.2, published 19 Nov 2026".
        var label: String
        /// The repository's latest release on GitHub; nil without a safe `html_url`.
        var htmlURL: String?
    }

    /// The primary language: `{ name, color, label }`.
    struct Language: Sendable {
        var name: String
        /// GitHub's colour as `#RRGGBB` (validated when the snapshot was read), or nil.
        var color: String?
        /// Spoken: "Primary language: Swift".
        var label: String
    }

    /// A part its forge shows to the project's members only: `{ key, name, label }` — its
    /// `data-absent` hook, the part in a word or two, and the sentence that says why it is missing.
    struct Absent: Sendable {
        var key: String
        var name: String
        var label: String
    }

    var configName: String
    var fullName: String
    var owner: String
    var name: String
    /// The forge a repository on another forge than GitHub lives on (`gitlab`), for `data-forge`;
    /// nil on GitHub, whose cards carry no such hook.
    var forge: String?
    /// That forge's host (`gitlab.com`), shown beside the name.
    var forgeHost: String?
    /// The words of the link to the repository on its forge: "View on GitHub", "View on gitlab.com".
    var viewOn: String {
        forgeHost.map { strings.text("view_on_forge", ["host": $0]) } ?? strings.text("view_on_github")
    }
    /// Path from the root to the repository's page.
    var page: String
    var state: State
    var archived: Bool
    var avatar: Avatar
    var description: String?
    /// True when the subtitle line shows status tags instead of the description.
    var hasTags: Bool
    var htmlURL: String?
    var error: String?
    var asOfDisplay: String?
    /// "as of 21 Nov 2026" in the card's locale, for stale data.
    var asOf: String?
    /// What a card without numbers says: for an unavailable one the reason in English, a localized
    /// sentence elsewhere (the reason, English from GitHub or the network, stays in `error` for a
    /// `title`); for a pending one that a coming build fills it in.
    var errorDisplay: String?
    var stars: Stat?
    var forks: Stat?
    /// Open issues; with pull requests in it when `issuesIncludePulls` (REST's count, no split known).
    var issues: Stat?
    /// Open pull requests, where GraphQL counted them apart.
    var pulls: Stat?
    var issuesIncludePulls = false
    /// How tightly the stats row is set so it stays on one line (`fitStatsRow()`).
    var statsSize = StatsRow.Size.regular
    var days: Days?
    var release: Release?
    var language: Language?
    var contributors: [Person] = []
    var contributorsNote: String?
    /// The parts of the card (issues, merge requests, release, language) its forge shows to members only.
    var membersOnly: [Absent] = []
    /// The words before them ("Members only:").
    var membersOnlyLead: String?
    /// The contributors are for members only: the grid's note says so.
    var contributorsMembersOnly = false
    /// What the ranking counted where the forge lists no contributors (Gitea: recent commits).
    var contributorsBasis: String?
    /// The same in a few words, where an image has room for no more ("last 50 commits").
    var contributorsBasisShort: String?
    var history: HistorySummary?
    var delta: Delta?
    /// Only on a repository page: widgets would draw it for nothing.
    var sparklineSVG: String?
    /// Every word of the card, in its locale (numbers and dates through its formatter).
    var strings: StringTable = .english

    var hasContributors: Bool { !contributors.isEmpty }
    /// Whether the large widget has a language or a release to show under the card.
    var hasDetails: Bool { release != nil || language != nil }
    var hasMembersOnly: Bool { !membersOnly.isEmpty }
    var isUnavailable: Bool { state == .unavailable }
    /// No numbers to show: unavailable, or pending before any build fetched it. The card shows a
    /// sentence (`errorDisplay`) instead of stats.
    var noData = false
}

/// What a widget root needs beyond its cards: its kind, worst state and look.
struct WidgetCard: Sendable {
    var kind: String
    var id: String?
    var state: RepoCard.State
    var look: WidgetLook
    /// The class that sets the accent palette's CSS custom properties (`AccentPalette.stylesheet`);
    /// only when accented. A class, not a `style` attribute: the pages' policy allows no inline style.
    var accentClass: String?

    /// The widget's language (`lang`) and whether it runs right to left.
    var lang: String { look.locale }
    let rtl: Bool

    init(kind: String, id: String? = nil, state: RepoCard.State, look: WidgetLook = WidgetLook()) {
        rtl = LocaleFormatter.isRightToLeft(look.locale)
        self.kind = kind
        self.id = id
        self.state = state
        self.look = look
        accentClass = look.rendering == .accented ? AccentPalette.className(look.accent) : nil
    }

    var accent: String? { look.rendering == .accented ? look.accent.hex : nil }
}
