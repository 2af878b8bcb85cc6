import Foundation
import RepoWatchModel

/// What a card shows for one repository (a `repo` in Templates/README.md): made once from the
/// snapshot, drawn by the HTML templates (through `child(named:)`, RepoCard+Mustache.swift) and by
/// the SVG writer (through its properties). An absent optional is an absent template key.
package struct RepoCard: Sendable {
    package enum State: String, Sendable, Comparable {
        /// `pending`: a budgeted build has not reached it yet (not an error).
        case fresh, sample, pending, stale, unavailable

        private var severity: Int {
            switch self {
            case .fresh: return 0
            case .sample: return 1
            case .pending: return 2
            case .stale: return 3
            case .unavailable: return 4
            }
        }
        package static func < (lhs: State, rhs: State) -> Bool { lhs.severity < rhs.severity }
    }

    /// `{ src, alt }`: `src` relative to the site's root, empty when there is no image.
    package struct Avatar: Sendable {
        package var src: String
        package var alt: String
    }

    /// A count: `{ value, display, label, title }`, or `{ missing: true, label }` when the API gave none.
    package struct Stat: Sendable {
        package var value: Int?
        package var display: String?
        package var label: String
        /// What the count is ("Open issues and pull requests"), for the stat's `title`.
        package var title: String?
        package var missing: Bool { value == nil }
    }

    /// Whole days since the last push; `value` nil when never pushed.
    package struct Days: Sendable {
        package var value: Int?
        package var display: String?
        package var digits: Int?
        package var caption: String
        package var label: String
        package var hot: Bool?
        package var missing: Bool { value == nil }
    }

    package struct Person: Sendable {
        package var login: String
        package var contributions: Int
        package var display: String
        package var label: String
        package var avatar: Avatar
        package var rank: Int
    }

    /// How many snapshots are recorded and since when.
    package struct HistorySummary: Sendable {
        package var points: Int
        package var first: String
        package var firstDisplay: String
    }

    /// The change since the previous snapshot; a change is nil when either snapshot lacks the value.
    package struct Delta: Sendable {
        package var since: String
        package var sinceDisplay: String
        /// "since " and "" in English, "" and " 이후" in Korean: the words around the date.
        package var sinceBefore = ""
        package var sinceAfter = ""
        package var stars: Change?
        package var forks: Change?
        package var issues: Change?
        package var contributors: Change?
    }

    /// `{ value, display, label, sign, noun }`: -3, "−3", "3 fewer stars since …", `down`, "stars".
    /// Also `since_before` and `since_after`: the localized "since {date}" around the date.
    package struct Change: Sendable {
        package enum Sign: String, Sendable { case up, down, flat }
        package var value: Int
        package var display: String
        package var label: String
        package var sign: Sign
        package var noun: String
    }

    /// The latest release: `{ tag, published_at, published_display, ago, label, html_url }`.
    package struct Release: Sendable {
        package var tag: String
        /// ISO 8601, for `<time datetime>`; nil when GitHub gave no date.
        package var publishedAt: String?
        /// "19 Nov 2026".
        package var publishedDisplay: String?
        /// "3 days ago", counted from the build's time.
        package var ago: String?
        /// Spoken: "Latest release v5.9.2, published 19 Nov 2026".
        package var label: String
        /// The repository's latest release on GitHub; nil without a safe `html_url`.
        package var htmlURL: String?
    }

    /// The primary language: `{ name, color, label }`.
    package struct Language: Sendable {
        package var name: String
        /// GitHub's colour as `#RRGGBB` (validated when the snapshot was read), or nil.
        package var color: String?
        /// Spoken: "Primary language: Swift".
        package var label: String
    }

    package var configName: String
    package var fullName: String
    package var owner: String
    package var name: String
    /// Path from the root to the repository's page.
    package var page: String
    package var state: State
    package var archived: Bool
    package var avatar: Avatar
    package var description: String?
    /// True when the subtitle line shows status tags instead of the description.
    package var hasTags: Bool
    package var htmlURL: String?
    package var error: String?
    package var asOfDisplay: String?
    /// "as of 21 Nov 2026" in the card's locale, for stale data.
    package var asOf: String?
    /// What a card without numbers says: for an unavailable one the reason in English, a localized
    /// sentence elsewhere (the reason, English from GitHub or the network, stays in `error` for a
    /// `title`); for a pending one that a coming build fills it in.
    package var errorDisplay: String?
    package var stars: Stat?
    package var forks: Stat?
    /// Open issues; with pull requests in it when `issuesIncludePulls` (REST's count, no split known).
    package var issues: Stat?
    /// Open pull requests, where GraphQL counted them apart.
    package var pulls: Stat?
    package var issuesIncludePulls = false
    /// How tightly the stats row is set so it stays on one line (`fitStatsRow()`).
    package var statsSize = StatsRow.Size.regular
    package var days: Days?
    package var release: Release?
    package var language: Language?
    package var contributors: [Person] = []
    package var contributorsNote: String?
    package var history: HistorySummary?
    package var delta: Delta?
    /// Only on a repository page: widgets would draw it for nothing.
    package var sparklineSVG: String?
    /// Every word of the card, in its locale (numbers and dates through its formatter).
    package var strings: StringTable = .english

    package var hasContributors: Bool { !contributors.isEmpty }
    /// Whether the large widget has a language or a release to show under the card.
    package var hasDetails: Bool { release != nil || language != nil }
    package var isUnavailable: Bool { state == .unavailable }
    /// No numbers to show: unavailable, or pending before any build fetched it. The card shows a
    /// sentence (`errorDisplay`) instead of stats.
    package var noData = false
}

/// What a widget root needs beyond its cards: its kind, worst state and look.
package struct WidgetCard: Sendable {
    package var kind: String
    package var id: String?
    package var state: RepoCard.State
    package var look: WidgetLook
    /// The class that sets the accent palette's CSS custom properties (`AccentPalette.stylesheet`);
    /// only when accented. A class, not a `style` attribute: the pages' policy allows no inline style.
    package var accentClass: String?

    /// The widget's language (`lang`) and whether it runs right to left.
    package var lang: String { look.locale }
    package let rtl: Bool

    package init(kind: String, id: String? = nil, state: RepoCard.State, look: WidgetLook = WidgetLook()) {
        rtl = LocaleFormatter.isRightToLeft(look.locale)
        self.kind = kind
        self.id = id
        self.state = state
        self.look = look
        accentClass = look.rendering == .accented ? AccentPalette.className(look.accent) : nil
    }

    package var accent: String? { look.rendering == .accented ? look.accent.hex : nil }
}
