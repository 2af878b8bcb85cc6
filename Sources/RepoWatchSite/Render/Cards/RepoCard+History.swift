import Foundation

extension RepoCard {
    /// Adds `history` and `delta` when there is something true to say: no delta without an earlier
    /// point, nothing for unavailable repositories.
    mutating func addHistory(_ points: [History.Point], numbers: WidgetLook.Numbers) {
        guard !points.isEmpty, state != .unavailable else { return }
        history = HistorySummary(
            points: points.count, first: Formatting.iso(points[0].time), firstDisplay: Formatting.day(points[0].time))
        if let change = HistoryDelta(points) {
            let since = Formatting.day(change.since)
            delta = Delta(
                since: Formatting.iso(change.since),
                sinceDisplay: Formatting.shortDay(change.since, relativeTo: points[points.count - 1].time),
                stars: change.stars.map { Change($0, "star", "stars", since: since, numbers) },
                forks: change.forks.map { Change($0, "fork", "forks", since: since, numbers) },
                issues: issues == nil
                    ? nil : change.openIssues.map { Change($0, "open issue", "open issues", since: since, numbers) },
                contributors: change.contributors.map {
                    Change($0, "contributor", "contributors", since: since, numbers)
                })
        }
    }

    /// Adds `sparkline_svg` (two or more snapshots): only a repository page shows it, widgets would
    /// draw it for nothing.
    mutating func addSparkline(_ points: [History.Point]) {
        guard !points.isEmpty, state != .unavailable else { return }
        sparklineSVG = Sparkline.svg(points)
    }
}

extension RepoCard.Change {
    /// "+12", "12 more stars since 21 Nov 2026", `up`.
    init(_ value: Int, _ singular: String, _ plural: String, since: String, _ numbers: WidgetLook.Numbers) {
        let magnitude = Formatting.number(abs(value), numbers)
        self.value = value
        sign = value > 0 ? .up : value < 0 ? .down : .flat
        display = value > 0 ? "+" + magnitude : value < 0 ? "\u{2212}" + magnitude : "\u{00B1}0"
        noun = abs(value) == 1 ? singular : plural
        label =
            value == 0
            ? "No change in \(plural) since \(since)"
            : "\(Formatting.grouped(abs(value))) \(value > 0 ? "more" : "fewer") \(noun) since \(since)"
    }
}
