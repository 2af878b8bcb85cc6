import Foundation
import RepoWatchModel
import RepoWatchSupport

/// A repository's history as a static chart (`<svg data-chart="history">`): a panel per series —
/// stars, forks, open issues, open pull requests — each on its own scale (a repository with 170,000 stars and 600 open
/// issues would otherwise draw a flat line), with labelled axes in the site's locale, the first and
/// last values named, and every drawn point's value in an SVG `<title>`. No script. The same points
/// fill the table behind the chart's disclosure (`rows`).
struct HistoryChart: Sendable {
    /// One line of the chart: a count the history records.
    struct Series: Sendable {
        /// `stars`, `forks`, `issues` (CSS classes and the `chart_series_*` words).
        var key: String
        var value: @Sendable (History.Point) -> Int?
    }

    /// The series drawn, in order; one the history never recorded for a repository (open pull
    /// requests before history format 2) is left out of its chart.
    static let series: [Series] = [
        Series(key: "stars") { $0.stars },
        Series(key: "forks") { $0.forks },
        Series(key: "issues") { $0.openIssues },
        Series(key: "pulls") { $0.openPulls },
    ]

    /// The most points drawn and tabled: a year of builds is thinned to the last point of each
    /// stretch of time (the first point always kept); history.csv has them all.
    static let pointLimit = 120

    /// 400 units wide with no text under 14 (`LineChart`'s measure): at least 11 CSS px wherever the
    /// chart is 315 px wide or more, as in a 390 px phone's column.
    static let width = 400.0
    static let panelHeight = 96.0
    static let panelGap = 38.0
    /// The least room beside the plot: the axis values on the left, the last values on the right.
    static let margin = 48.0
    static let top = 24.0
    static let bottom = 28.0
    static let textSize = 14.0

    let points: [History.Point]
    /// The series that have at least one value.
    let shown: [Series]
    let strings: StringTable

    /// Nil with fewer than two points: one snapshot is not a line.
    init?(_ points: [History.Point], strings: StringTable) {
        let thinned = Self.thin(points, to: Self.pointLimit)
        guard thinned.count >= 2 else { return nil }
        self.points = thinned
        shown = Self.series.filter { series in thinned.contains { series.value($0) != nil } }
        guard !shown.isEmpty else { return nil }
        self.strings = strings
    }

    /// At most `limit` points: the first, then the last point of each of `limit - 1` equal stretches
    /// of time that has one.
    static func thin(_ points: [History.Point], to limit: Int) -> [History.Point] {
        thin(points, to: limit) { Int($0.seconds) }
    }

    /// `thin` for any points placed in time by `seconds`: the comparison charts thin theirs the same way.
    static func thin<Point>(_ points: [Point], to limit: Int, at seconds: (Point) -> Int) -> [Point] {
        guard points.count > limit, let first = points.first, let last = points.last else { return points }
        let span = Double(max(1, seconds(last) - seconds(first)))
        let stretches = Double(limit - 1)
        // Stretch 0 ends just after the first point; the last stretch ends at the last point.
        func stretch(_ point: Point) -> Int {
            min(limit - 2, Int(Double(seconds(point) - seconds(first)) / span * stretches))
        }
        var kept = [first]
        for index in points.indices.dropFirst() {
            let isLastOfStretch = index == points.count - 1 || stretch(points[index + 1]) != stretch(points[index])
            if isLastOfStretch { kept.append(points[index]) }
        }
        return kept
    }

    var height: Double {
        Self.top + Double(shown.count) * (Self.panelHeight + Self.panelGap) - Self.panelGap + Self.bottom
    }

    func day(_ point: History.Point) -> String { strings.formatter.day(point.time) }

    /// The chart's accessible name: what it shows and over which dates.
    var label: String {
        strings.text(
            "chart_label",
            [
                "series": shown.map { strings.text("chart_series_\($0.key)") }.joined(separator: ", "),
                "first_date": day(points[0]), "last_date": day(points[points.count - 1]),
            ])
    }

    var svg: String {
        let width = Self.width
        var out = """
            <svg class="history-chart" data-chart="history" viewBox="0 0 \(Int(width)) \(Sparkline.number(height))" \
            width="\(Int(width))" height="\(Sparkline.number(height))" role="img" aria-label="\(XMLEscape.xml(label))">
            """
        let firstSeconds = points[0].seconds
        let span = Double(max(1, points[points.count - 1].seconds - firstSeconds))
        let format = strings.formatter
        // Room for the widest axis value on the left and the widest last value on the right.
        let right = max(
            Self.margin, widest(shown.map { series in lastValue(series).map(format.grouped) }, bold: true) + 12)
        let left = max(
            Self.margin, widest(shown.flatMap { series in ticks(series).map(format.grouped) }, bold: false) + 10)
        let plotWidth = width - left - right
        func x(_ point: History.Point) -> Double { left + Double(point.seconds - firstSeconds) / span * plotWidth }
        for (panel, series) in shown.enumerated() {
            let top = Self.top + Double(panel) * (Self.panelHeight + Self.panelGap)
            let known = points.compactMap { point in series.value(point).map { (point, $0) } }
            let name = strings.text("chart_series_\(series.key)")
            out += "<g class=\"history-chart__panel history-chart__\(series.key)\" data-series=\"\(series.key)\">"
            out +=
                "<text class=\"history-chart__name\" x=\"\(Sparkline.number(left))\" y=\"\(Sparkline.number(top - 8))\" "
            out += "font-size=\"15\" font-weight=\"600\" fill=\"currentColor\">\(XMLEscape.xml(name))</text>"
            guard let low = known.map(\.1).min(), let high = known.map(\.1).max() else {
                out += "</g>"
                continue
            }
            let (axisLow, axisHigh) = Self.axisRange(low, high)
            func y(_ value: Int) -> Double {
                top + Self.panelHeight - Double(value - axisLow) / Double(max(1, axisHigh - axisLow)) * Self.panelHeight
            }
            // The y axis: its bottom, middle and top values, and a faint line for each.
            let middle = axisLow + (axisHigh - axisLow) / 2
            for tick in Array(Set([axisLow, middle, axisHigh])).sorted() {
                let level = Sparkline.number(y(tick))
                out += "<line x1=\"\(Sparkline.number(left))\" x2=\"\(Sparkline.number(width - right))\" "
                out += "y1=\"\(level)\" y2=\"\(level)\" stroke=\"currentColor\" stroke-opacity=\".15\"/>"
                out += "<text x=\"\(Sparkline.number(left - 6))\" y=\"\(level)\" dy=\".35em\" text-anchor=\"end\" "
                out += "font-size=\"14\" fill=\"currentColor\">\(XMLEscape.xml(format.grouped(tick)))</text>"
            }
            let coordinates = known.map { "\(Sparkline.number(x($0.0))),\(Sparkline.number(y($0.1)))" }
            out += "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" stroke=\"currentColor\" "
            out += "stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
            for (index, (point, value)) in known.enumerated() {
                let title = strings.text(
                    "chart_point", ["series": name, "date": day(point), "value": format.grouped(value)])
                let edge = index == 0 || index == known.count - 1
                out += "<circle cx=\"\(Sparkline.number(x(point)))\" cy=\"\(Sparkline.number(y(value)))\" "
                out +=
                    "r=\"\(edge ? "3.5" : "2.5")\" fill=\"currentColor\"><title>\(XMLEscape.xml(title))</title></circle>"
            }
            // The last value, right of its point, where no line runs (the first is the axis's to tell).
            if let last = known.last {
                out += "<text class=\"history-chart__last\" x=\"\(Sparkline.number(x(last.0) + 6))\" "
                out += "y=\"\(Sparkline.number(y(last.1)))\" dy=\".35em\" font-size=\"14\" font-weight=\"600\" "
                out += "fill=\"currentColor\">\(XMLEscape.xml(format.grouped(last.1)))</text>"
            }
            out += "</g>"
        }
        // The x axis, under the last panel: the first, middle and last dates.
        let base = height - Self.bottom + 16
        let middle = points[points.count / 2]
        let marks: [(History.Point, String)] = [
            (points[0], "start"), (middle, "middle"), (points[points.count - 1], "end"),
        ]
        let widths = marks.map { TextWidth.estimate(day($0.0), size: Self.textSize, bold: false) }
        // The middle date only where it clears both ends; the last only where it clears the first.
        let middleX = x(middle)
        let middleFits =
            points.count > 2 && middleX - widths[1] / 2 >= left + widths[0] + 12
            && middleX + widths[1] / 2 <= width - right - widths[2] - 12
        let endFits = widths[0] + widths[2] + 16 <= plotWidth
        for (point, anchor) in marks where (anchor != "middle" || middleFits) && (anchor != "end" || endFits) {
            out +=
                "<text class=\"history-chart__date\" x=\"\(Sparkline.number(x(point)))\" y=\"\(Sparkline.number(base))\" "
            out +=
                "text-anchor=\"\(anchor)\" font-size=\"14\" fill=\"currentColor\">\(XMLEscape.xml(day(point)))</text>"
        }
        out += "</svg>"
        return out
    }

    private func widest(_ texts: [String?], bold: Bool) -> Double {
        texts.compactMap { $0 }.map { TextWidth.estimate($0, size: Self.textSize, bold: bold) }.max() ?? 0
    }

    private func lastValue(_ series: Series) -> Int? { points.reversed().lazy.compactMap(series.value).first }

    /// A panel's axis values: the bottom, middle and top of its range.
    private func ticks(_ series: Series) -> [Int] {
        let known = points.compactMap(series.value)
        guard let low = known.min(), let high = known.max() else { return [] }
        let (axisLow, axisHigh) = Self.axisRange(low, high)
        return [axisLow, axisLow + (axisHigh - axisLow) / 2, axisHigh]
    }

    /// A range that starts and ends on round numbers around `low`…`high` (a flat line sits mid-panel).
    static func axisRange(_ low: Int, _ high: Int) -> (Int, Int) {
        // Counts come from a forge, untrusted: held where the rounding below cannot overflow.
        let limit = 1 << 50
        let low = min(max(low, -limit), limit)
        let high = min(max(high, -limit), limit)
        guard high > low else { return (max(0, low - 1), high + 1) }
        let rough = Double(high - low) / 2
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2.0, 2.5, 5.0, 10.0].map { $0 * magnitude }.first { $0 >= rough } ?? rough
        let stepInt = max(1, Int(step))
        let bottom = (low / stepInt) * stepInt
        let top = bottom + 2 * stepInt >= high ? bottom + 2 * stepInt : ((high + stepInt - 1) / stepInt) * stepInt
        return (bottom, top)
    }

    /// The table behind the chart: a row per drawn point, newest first, `value` nil where unknown.
    var rows: [HistoryRow] {
        let format = strings.formatter
        return points.reversed().map { point in
            HistoryRow(
                date: Formatting.iso(point.time), dateDisplay: format.day(point.time),
                values: shown.map { series in series.value(point).map(format.grouped) ?? "—" })
        }
    }

    /// The table's column headings after the date: the series' names.
    var columns: [String] { shown.map { strings.text("chart_series_\($0.key)") } }
}
