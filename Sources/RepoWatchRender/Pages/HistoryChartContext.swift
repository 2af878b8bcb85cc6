import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

/// A row of the table behind the history chart: `{ date, date_display, values }` (`values`: the
/// series' numbers, in the columns' order).
struct HistoryRow: Sendable, MustacheParent {
    var date: String
    var dateDisplay: String
    var values: [String]

    func child(named key: String) -> Any? {
        switch key {
        case "date": return date
        case "date_display": return dateDisplay
        case "values": return values
        default: return nil
        }
    }
}

/// The repository page's `chart`: `{ svg, start, start_note, reason, columns, rows, csv }` — the chart,
/// where its history starts (`data-history-start`), and its data as a table.
struct HistoryChartContext: Sendable, MustacheParent {
    var svg: String
    /// `star-history`, `backfill` or `first-snapshot`.
    var start: String
    /// "Since the first snapshot on 21 Nov 2026", in the page's words.
    var startNote: String
    /// Why GitHub's star history was not used, as the build was told (English).
    var reason: String?
    var columns: [String]
    var rows: [HistoryRow]
    /// `history.csv` beside the page, when the site publishes it (`open_data: true`).
    var csv: String?

    /// `sample`: the history is `--sample`'s made-up one, and the note says so whatever its start (and
    /// that it was not fetched from `host`, a repository's on another forge, else GitHub).
    init?(
        points: [History.Point], start: HistoryStart, sample: Bool, strings: StringTable, csv: String?,
        host: String? = nil
    ) {
        guard let chart = HistoryChart(points, strings: strings) else { return nil }
        svg = chart.svg
        self.start = start.from.rawValue
        let first = strings.formatter.day(points[0].time)
        let note =
            switch start.from {
            case _ where sample: host == nil ? "chart_start_sample" : "chart_start_sample_forge"
            case .starHistory: "chart_start_star_history"
            case .backfill: "chart_start_backfill"
            case .firstSnapshot: "chart_start_first_snapshot"
            }
        startNote = strings.text(note, ["date": first, "host": host ?? ""])
        reason = start.reason?.message
        columns = chart.columns
        rows = chart.rows
        self.csv = csv
    }

    func child(named key: String) -> Any? {
        switch key {
        case "svg": return svg
        case "start": return start
        case "start_note": return startNote
        case "reason": return reason
        case "columns": return columns
        case "rows": return rows
        case "csv": return csv
        default: return nil
        }
    }
}
