import Foundation
import RepoWatchModel
import RepoWatchSupport

/// A small badge in shields.io's flat style — a grey label, a coloured message — drawn here as a
/// self-contained SVG (no font, image or script from elsewhere), so it renders wherever an image
/// does, and as shields.io's endpoint JSON for those who prefer `img.shields.io/endpoint?url=…`.
struct Badge: Sendable, Equatable {
    /// The six badges a repository gets, by file name (`badges/KIND.svg`).
    enum Kind: String, Sendable, CaseIterable {
        case stars, forks, issues, pulls, days, release
    }

    /// The colours, each with its shields.io name (the endpoint JSON) and a fill for either scheme.
    enum Tone: Sendable, Equatable {
        case good, info, warning, quiet, unknown

        /// shields.io's colour name or hex (without `#`).
        var shieldsName: String {
            switch self {
            case .good: return "brightgreen"
            case .info: return "blue"
            case .warning: return "yellow"
            case .quiet: return "ff69b4"
            case .unknown: return "lightgrey"
            }
        }

        func fill(dark: Bool) -> String {
            switch self {
            case .good: return dark ? "#238636" : "#44CC11"
            case .info: return dark ? "#1F6FEB" : "#007EC6"
            case .warning: return dark ? "#9E6A03" : "#DFB317"
            case .quiet: return dark ? "#BF4B8A" : "#FF69B4"
            case .unknown: return dark ? "#484F58" : "#9F9F9F"
            }
        }
    }

    var label: String
    var message: String
    var tone: Tone

    /// The longest message shown whole: a release tag can be any length, a badge should stay small.
    static let messageLimit = 32

    init(label: String, message: String, tone: Tone) {
        self.label = label
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        self.message =
            trimmed.count > Self.messageLimit ? String(trimmed.prefix(Self.messageLimit - 1)) + "…" : trimmed
        self.tone = tone
    }

    /// shields.io's endpoint schema: `{"schemaVersion": 1, "label", "message", "color"}`.
    var endpointJSON: Data {
        var out = JSONText()
        out.raw("{")
        out.key("schemaVersion", first: true)
        out.number(1)
        out.key("label")
        out.string(label)
        out.key("message")
        out.string(message.isEmpty ? "?" : message)
        out.key("color")
        out.string(tone.shieldsName)
        out.raw("}\n")
        return Data(out.text.utf8)
    }

    static let height = 20
    static let fontSize = 11.0
    static let padding = 6.0

    /// The flat badge: both texts escaped, widths from the text's estimated advance.
    func svg(dark: Bool = false) -> String {
        let labelWidth = Int(
            (TextWidth.estimate(label, size: Self.fontSize, bold: false) + 2 * Self.padding).rounded(.up))
        let messageWidth = Int(
            (TextWidth.estimate(message, size: Self.fontSize, bold: false) + 2 * Self.padding).rounded(.up))
        let width = labelWidth + messageWidth
        let title = XMLEscape.xml(label + ": " + message)
        let labelFill = dark ? "#30363D" : "#555555"
        let text = dark ? "#F0F6FC" : "#FFFFFF"
        func centre(_ start: Int, _ span: Int) -> String { Sparkline.number(Double(start) + Double(span) / 2) }
        let labelText = XMLEscape.xml(label)
        let messageText = XMLEscape.xml(message)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(Self.height)" viewBox="0 0 \(width) \(Self.height)" \
            role="img" aria-label="\(title)"><title>\(title)</title>\
            <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>\
            <stop offset="1" stop-opacity=".1"/></linearGradient>\
            <clipPath id="r"><rect width="\(width)" height="\(Self.height)" rx="3" fill="#fff"/></clipPath>\
            <g clip-path="url(#r)"><rect width="\(labelWidth)" height="\(Self.height)" fill="\(labelFill)"/>\
            <rect x="\(labelWidth)" width="\(messageWidth)" height="\(Self.height)" fill="\(tone.fill(dark: dark))"/>\
            <rect width="\(width)" height="\(Self.height)" fill="url(#s)"/></g>\
            <g fill="\(text)" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" \
            text-rendering="geometricPrecision" font-size="11">\
            <text x="\(centre(0, labelWidth))" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">\(labelText)</text>\
            <text x="\(centre(0, labelWidth))" y="14">\(labelText)</text>\
            <text x="\(centre(labelWidth, messageWidth))" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">\(messageText)</text>\
            <text x="\(centre(labelWidth, messageWidth))" y="14">\(messageText)</text></g></svg>

            """
    }
}

extension Badge {
    /// A repository's badge of `kind`, in the site's words: a badge is always drawn — an unknown
    /// value says so in grey rather than leaving a broken image in someone's README.
    /// `forge`: the kind of forge the repository lives on, whose words the labels say.
    init(_ kind: Kind, repo: RepoSnapshot, strings: StringTable, forge: ForgeKind = .github) {
        let format = strings.formatter
        let words = ForgeWords(forge)
        let label =
            switch kind {
            case .issues where repo.openIssuesIncludePulls: strings.text("badge_issues_and_pulls")
            case .pulls: strings.text(words.badgePulls)
            case .days: strings.text(words.badgeDays)
            default: strings.text("badge_\(kind.rawValue)")
            }
        let unknown = strings.text("badge_unknown")
        func count(_ value: Int?, tone: Tone, atLeast: Bool = false) -> Badge {
            guard repo.isAvailable, let value else { return Badge(label: label, message: unknown, tone: .unknown) }
            return Badge(label: label, message: format.compact(value) + (atLeast ? "+" : ""), tone: tone)
        }
        let hidden: [Kind: MembersOnly] = [.issues: .issues, .pulls: .pulls, .release: .release]
        if repo.isAvailable, let part = hidden[kind], repo.membersOnly.contains(part) {
            self = Badge(label: label, message: strings.text("badge_members_only"), tone: .unknown)
            return
        }
        switch kind {
        case .stars: self = count(repo.stars, tone: .info)
        case .forks: self = count(repo.forks, tone: .info)
        case .issues:
            if repo.isAvailable, repo.hasIssues == false {
                self = Badge(label: label, message: strings.text("badge_disabled"), tone: .unknown)
            } else {
                self = count(repo.openIssues, tone: repo.openIssues == 0 ? .good : .warning)
            }
        case .pulls:
            self = count(repo.openPulls, tone: repo.openPulls == 0 ? .good : .info, atLeast: repo.openPullsAtLeast)
        case .days:
            guard repo.isAvailable, let days = repo.daysSincePush else {
                self = Badge(label: label, message: unknown, tone: .unknown)
                return
            }
            let message =
                days == 0
                ? strings.text("today") : strings.plural("badge_days_ago", count: days, display: format.grouped(days))
            self = Badge(label: label, message: message, tone: days > FeedState.quietDays ? .quiet : .good)
        case .release:
            guard repo.isAvailable else {
                self = Badge(label: label, message: unknown, tone: .unknown)
                return
            }
            guard let release = repo.release else {
                self = Badge(label: label, message: strings.text("badge_none"), tone: .unknown)
                return
            }
            self = Badge(label: label, message: release.tag, tone: .info)
        }
    }
}
