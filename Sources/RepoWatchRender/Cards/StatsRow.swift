/// A card's stats row, laid out as one line across the card, as the app's three-stat row reads: each
/// count after its icon, the star change hugging the star count. Issues and pull requests counted apart
/// make four counts, which with six-digit numbers and a star change do not fit at the app's size, so the
/// row steps down (`Size`) — smaller type and gaps, then compact numbers — until it fits. The HTML card
/// takes the step as a class (`rw-stats--tight`), the SVG card the positions; both from the same
/// widths (`TextWidth`, measured wide), so a row that fits here fits in a browser.
struct StatsRow: Sendable {
    /// The stylesheet's `.rw-stats`, `.rw-stats--tight` and `.rw-stats--tighter`.
    enum Size: String, Sendable, CaseIterable {
        case regular, tight, tighter

        /// Type and gaps, in CSS pixels: counts `font`, icons `icon` square `iconGap` before their
        /// count, `gap` between stats; the star change in `deltaFont`, `deltaGap` after the stars.
        var font: Double { self == .regular ? 13 : self == .tight ? 12 : 11 }
        var icon: Double { font }
        var iconGap: Double { self == .regular ? 4 : 3 }
        var gap: Double { self == .regular ? 12 : self == .tight ? 8 : 6 }
        var deltaFont: Double { font - 1 }
        var deltaGap: Double { self == .regular ? 4 : 3 }
    }

    /// What sits in the row: a count after its icon (or a placeholder bar), or the star change.
    struct Item: Sendable {
        enum Kind: Sendable { case stars, forks, issues, pulls, delta }
        var kind: Kind
        /// nil for a placeholder bar (the API gave no value).
        var text: String?
        /// From the row's start.
        var x = 0.0
        var width: Double
        /// The star change's direction, which colours it.
        var sign: RepoCard.Change.Sign?
        var isDelta: Bool { kind == .delta }
    }

    /// The card's width inside its padding: the row runs under the name and the days number alike.
    static let width = Double(WidgetFrame.width - 32)
    /// The stylesheet's `.rw-placeholder`.
    static let placeholderWidth = 34.0

    let size: Size
    /// One line when the row fits; more only when even the last step does not (the HTML row wraps too).
    let lines: [[Item]]

    var fits: Bool { lines.count <= 1 }

    init(_ card: RepoCard, size: Size) {
        self.size = size
        var items: [Item] = []
        let stats: [(RepoCard.Stat?, Item.Kind)] = [
            (card.stars, .stars), (card.forks, .forks), (card.issues, .issues), (card.pulls, .pulls),
        ]
        for (stat, kind) in stats {
            guard let stat else { continue }
            let count =
                stat.display.map { TextWidth.estimate($0, size: size.font, bold: true) } ?? Self.placeholderWidth
            items.append(Item(kind: kind, text: stat.display, width: size.icon + size.iconGap + count))
            if kind == .stars, let delta = card.delta?.stars {
                let width = TextWidth.estimate(delta.display, size: size.deltaFont, bold: true)
                items.append(Item(kind: .delta, text: delta.display, width: width, sign: delta.sign))
            }
        }
        lines = Self.wrap(items, size: size)
    }

    /// As a wrapping flex row places them: a line breaks before an item that would pass the edge.
    private static func wrap(_ items: [Item], size: Size) -> [[Item]] {
        var lines: [[Item]] = []
        var line: [Item] = []
        var x = 0.0
        for var item in items {
            let start = line.isEmpty ? 0 : x + (item.isDelta ? size.deltaGap : size.gap)
            if !line.isEmpty, start + item.width > width {
                lines.append(line)
                line = []
                item.x = 0
            } else {
                item.x = start
            }
            x = item.x + item.width
            line.append(item)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension RepoCard {
    /// Steps the stats row down until it fits on one line: the type and gaps first, keeping the
    /// numbers as `numbers:` asks, then compact numbers, then compact ones without their decimal.
    /// Called once the star change is known (`addHistory`); spoken labels keep the full numbers.
    mutating func fitStatsRow() {
        guard !noData else { return }
        let format = strings.formatter
        let steps: [(StatsRow.Size, ((Int) -> String)?)] = [
            (.regular, nil), (.tight, nil), (.tight, format.compact), (.tighter, format.compact),
            (.tighter, format.wholeCompact),
        ]
        for (index, (size, style)) in steps.enumerated() {
            var candidate = self
            if let style { candidate.restyleCounts(style) }
            if StatsRow(candidate, size: size).fits || index == steps.count - 1 {
                self = candidate
                statsSize = size
                return
            }
        }
    }

    private mutating func restyleCounts(_ style: (Int) -> String) {
        func restyle(_ stat: Stat?) -> Stat? {
            guard var stat, let value = stat.value else { return stat }
            stat.display = style(value)
            return stat
        }
        stars = restyle(stars)
        forks = restyle(forks)
        issues = restyle(issues)
        pulls = restyle(pulls)
    }
}
