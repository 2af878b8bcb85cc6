import Foundation
import RepoWatchModel
import RepoWatchSupport

extension ChartImage {
    /// What a chart's line follows (`metric:`), read from the history and from the card.
    static func values(_ metric: SiteConfig.Chart.Metric) -> @Sendable (History.Point) -> Int? {
        switch metric {
        case .stars: return { $0.stars }
        case .forks: return { $0.forks }
        case .issues: return { $0.openIssues }
        case .pulls: return { $0.openPulls }
        }
    }

    static func current(_ metric: SiteConfig.Chart.Metric, of repo: RepoSnapshot?) -> Int? {
        guard let repo, repo.isAvailable else { return nil }
        switch metric {
        case .stars: return repo.stars
        case .forks: return repo.forks
        case .issues: return repo.openIssuesIncludePulls ? nil : repo.openIssues
        case .pulls: return repo.openPulls
        }
    }

    /// A line's points: the history's (thinned), ending at the card's number, so the value written at
    /// the end is the one the widgets show. A build whose number differs from the history's last point
    /// (stale data, a sample) adds it at `now`.
    static func points(
        _ history: [History.Point], metric: SiteConfig.Chart.Metric, current: Int?, now: Date
    ) -> [LineChart.Point] {
        let value = values(metric)
        var points = history.compactMap { point in
            value(point).map { LineChart.Point(seconds: Int(point.seconds), value: $0) }
        }
        if let current, points.last?.value != current {
            let seconds = max(Int(now.timeIntervalSince1970), (points.last?.seconds ?? 0) + 1)
            points.append(LineChart.Point(seconds: seconds, value: current))
        }
        return LineChart.thin(points)
    }

    /// `repos/OWNER/NAME/history.svg`: the repository's stars over its whole recorded history; `host`:
    /// the forge of a repository on another one, which a sample's caption says it was not fetched from.
    static func history(
        name: String, points: [LineChart.Point], start: HistoryStart?, sample: Bool = false, strings: StringTable,
        dark: Bool, host: String? = nil
    ) -> ChartImage {
        let from = start?.from.rawValue ?? HistoryStart.From.firstSnapshot.rawValue
        let first = points.first.map { strings.formatter.day(Date(timeIntervalSince1970: TimeInterval($0.seconds))) }
        let caption =
            first.map { date in
                guard sample else { return strings.text(captionKey(from), ["date": date]) }
                let key = host == nil ? "history_svg_caption_sample" : "history_svg_caption_sample_forge"
                return strings.text(key, ["date": date, "host": host ?? ""])
            }
            ?? strings.text("chart_no_history")
        let chart = LineChart(
            lines: [LineChart.Line(key: "stars", label: "", points: points, look: .of(0))], time: .date,
            scale: .linear, strings: strings, colors: ChartColors(dark: dark))
        return ChartImage(
            kind: .history, title: strings.text("history_svg_title", ["name": name]), caption: caption,
            chart: chart, attributes: [("data-repo", name), ("data-history-start", from)])
    }

    /// The caption's key for where a history starts (`data-history-start`): `backfill`,
    /// `first-snapshot`, `star-history` (GitHub's star history), each with its own words; a start
    /// this build does not know reads as a first snapshot.
    static func captionKey(_ from: String) -> String {
        switch from {
        case "backfill": return "history_svg_caption_backfill"
        case "star-history": return "history_svg_caption_star_history"
        default: return "history_svg_caption_first_snapshot"
        }
    }

    /// `charts/ID.svg`: several repositories' lines on one plot.
    static func compare(
        _ spec: SiteConfig.Chart, lines: [(name: String, points: [LineChart.Point])], strings: StringTable, dark: Bool
    ) -> ChartImage {
        let series = strings.text("chart_series_\(spec.metric.rawValue)")
        let drawn = lines.enumerated().map { index, line in
            LineChart.Line(key: line.name, label: line.name, points: line.points, look: .of(index))
        }
        let chart = LineChart(
            lines: drawn, time: spec.align == .age ? .age : .date, scale: spec.scale == .log ? .log : .linear,
            strings: strings, colors: ChartColors(dark: dark))
        var caption = strings.text(
            spec.align == .age ? "chart_compare_caption_age" : "chart_compare_caption_date", ["series": series])
        if spec.scale == .log { caption += " " + strings.text("chart_compare_log") }
        let title =
            spec.title
            ?? strings.text(
                "chart_compare_title", ["series": series, "names": lines.map(\.name).joined(separator: ", ")])
        return ChartImage(
            kind: .compare, title: title, caption: caption, chart: chart, attributes: [("data-chart-id", spec.id)])
    }
}
