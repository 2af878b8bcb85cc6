import Foundation
import RepoWatchModel
import RepoWatchSupport

extension RepoCard {
    /// Adds `history` and `delta` when there is something true to say: no delta without an earlier
    /// point, nothing for unavailable repositories.
    mutating func addHistory(_ points: [History.Point], numbers: WidgetLook.Numbers) {
        guard !points.isEmpty, state != .unavailable else { return }
        let format = strings.formatter
        history = HistorySummary(
            points: points.count, first: Formatting.iso(points[0].time), firstDisplay: format.day(points[0].time))
        if let change = HistoryDelta(points) {
            let since = format.day(change.since)
            let strings = self.strings
            func make(_ value: Int, _ noun: String) -> Change {
                Change(value, noun, since: since, numbers, strings: strings)
            }
            var delta = Delta(
                since: Formatting.iso(change.since),
                sinceDisplay: format.shortDay(change.since, relativeTo: points[points.count - 1].time),
                stars: change.stars.map { make($0, "stars") },
                forks: change.forks.map { make($0, "forks") },
                issues: issues == nil ? nil : change.openIssues.map { make($0, "issues") },
                contributors: change.contributors.map { make($0, "contributors") })
            (delta.sinceBefore, delta.sinceAfter) = strings.around("since", "date")
            self.delta = delta
        }
    }

    /// Adds `sparkline_svg` (two or more snapshots): only a repository page shows it, widgets would
    /// draw it for nothing.
    mutating func addSparkline(_ points: [History.Point]) {
        guard !points.isEmpty, state != .unavailable else { return }
        sparklineSVG = Sparkline.svg(points, strings: strings)
    }
}

extension RepoCard.Change {
    /// "+12", "12 more stars since 21 Nov 2026", `up`.
    /// - Parameter noun: `stars`, `forks`, `issues` or `contributors` (the `delta_NOUN_*` keys).
    init(_ value: Int, _ noun: String, since: String, _ numbers: WidgetLook.Numbers, strings: StringTable) {
        let format = strings.formatter
        let magnitude = format.number(abs(value), numbers)
        self.value = value
        sign = value > 0 ? .up : value < 0 ? .down : .flat
        display = value > 0 ? "+" + magnitude : value < 0 ? "\u{2212}" + magnitude : "\u{00B1}0"
        self.noun = strings.plural("noun_\(noun)", count: abs(value))
        label =
            value == 0
            ? strings.text("delta_\(noun)_flat", ["date": since])
            : strings.plural(
                "delta_\(noun)_\(value > 0 ? "up" : "down")", count: abs(value), display: format.grouped(abs(value)),
                ["date": since])
    }
}
