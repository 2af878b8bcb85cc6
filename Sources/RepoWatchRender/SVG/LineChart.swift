import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The plot both pasteable charts draw (a repository's `history.svg`, a comparison's `charts/ID.svg`):
/// lines over time with their axes, every label placed where no line runs. Tick values sit left of
/// the plot, dates under it, and each line's last value right of it (pushed apart so two never
/// overlap), so no label can cover a line or another label. Coordinates run left to right in every
/// locale; the image sets its own `direction`.
struct LineChart {
    enum Scale: String, Sendable { case linear, log }
    /// The x axis: calendar dates, or the time since each line's own first point (`align: age`).
    enum Time: Sendable { case date, age }

    /// One drawn line.
    struct Line: Sendable {
        /// `data-series`.
        var key: String
        /// The end label's prefix in a comparison; empty for a single line.
        var label: String
        var points: [Point]
        var look: SeriesLook
    }

    struct Point: Sendable, Equatable {
        var seconds: Int
        var value: Int
    }

    /// The narrowest any chart is drawn: a README's column on a phone is about 358 CSS px wide.
    static let width = 400.0
    /// No text is smaller: 14 units at 400 wide is still 11 CSS px at 315 px.
    static let textSize = 14.0
    static let lineHeight = 18.0
    static let padding = 16.0
    static let plotHeight = 168.0
    static let tickGap = 8.0
    /// Points drawn per line; the history has more, and history.csv has them all.
    static let pointLimit = 120

    var lines: [Line]
    var time: Time
    var scale: Scale
    var strings: StringTable
    var colors: ChartColors

    /// The plot and its labels from `top`: the markup and the height it takes.
    func draw(top: Double) -> (svg: String, height: Double) {
        let format = strings.formatter
        let shown = lines.filter { !$0.points.isEmpty }
        let values = shown.flatMap { $0.points.map(\.value) }
        guard let low = values.min(), let high = values.max() else {
            let y = top + Self.plotHeight / 2
            let text = XMLEscape.xml(strings.text("chart_no_history"))
            return (
                "<text x=\"\(Sparkline.number(Self.width / 2))\" y=\"\(Sparkline.number(y))\" text-anchor=\"middle\" "
                    + "\(colors.muted)>\(text)</text>", Self.plotHeight
            )
        }
        let axis = ValueAxis(low: low, high: high, scale: scale)
        let tickLabels = axis.ticks.map { format.grouped($0) }
        let tickWidth = tickLabels.map { TextWidth.estimate($0, size: Self.textSize, bold: false) }.max() ?? 0
        let endLabels = shown.map { endLabel($0) }
        let endWidth = endLabels.map { TextWidth.estimate($0, size: Self.textSize, bold: true) }.max() ?? 0
        let plotLeft = Self.padding + tickWidth + Self.tickGap
        let plotRight = Self.width - Self.padding - endWidth - endMarkerWidth - Self.tickGap - 4
        let plotTop = top + Self.lineHeight / 2
        let plotBottom = plotTop + Self.plotHeight
        let (domainLow, domainHigh) = domain(shown)
        let span = Double(max(1, domainHigh - domainLow))
        func x(_ seconds: Int) -> Double { plotLeft + Double(seconds - domainLow) / span * (plotRight - plotLeft) }
        func y(_ value: Int) -> Double { plotBottom - axis.fraction(value) * Self.plotHeight }

        var out = ""
        for (tick, label) in zip(axis.ticks, tickLabels) {
            let level = Sparkline.number(y(tick))
            out += "<line x1=\"\(Sparkline.number(plotLeft))\" x2=\"\(Sparkline.number(plotRight))\" y1=\"\(level)\" "
            out += "y2=\"\(level)\" \(colors.grid) stroke-width=\"1\"/>"
            out += "<text x=\"\(Sparkline.number(plotLeft - Self.tickGap))\" y=\"\(level)\" dy=\".35em\" "
            out += "text-anchor=\"end\" \(colors.muted)>\(XMLEscape.xml(label))</text>"
        }
        for line in shown {
            out += "<g data-series=\"\(XMLEscape.xml(line.key))\">"
            let points = line.points.map { point in
                (x(time == .age ? point.seconds - line.points[0].seconds + domainLow : point.seconds), y(point.value))
            }
            if points.count > 1 {
                out += "<polyline points=\""
                out += points.map { "\(Sparkline.number($0.0)),\(Sparkline.number($0.1))" }.joined(separator: " ")
                out += "\" fill=\"none\" \(colors.stroke(line.look)) stroke-width=\"2.5\" stroke-linejoin=\"round\""
                if let dash = line.look.dash { out += " stroke-dasharray=\"\(dash)\"" }
                out += "/>"
            }
            for index in Self.markerIndices(points.count) {
                out += line.look.marker.svg(x: points[index].0, y: points[index].1, colors: colors, look: line.look)
            }
            out += "</g>"
        }
        out += endLabelsMarkup(
            shown, labels: endLabels, x: plotRight + Self.tickGap, y: y, top: plotTop, bottom: plotBottom)
        out += dateLabels(low: domainLow, high: domainHigh, left: plotLeft, right: plotRight, y: plotBottom + 20)
        return (out, Self.lineHeight / 2 + Self.plotHeight + 28)
    }

    /// A line's last value, as written at its end (after the line's marker in a comparison).
    func endLabel(_ line: Line) -> String { strings.formatter.grouped(line.points.last?.value ?? 0) }

    /// Room before an end label for the line's marker, in a comparison.
    var endMarkerWidth: Double { lines.count > 1 ? 14 : 0 }

    /// The x axis's first and last seconds: dates, or ages measured from 0.
    func domain(_ shown: [Line]) -> (Int, Int) {
        switch time {
        case .date:
            let firsts = shown.compactMap { $0.points.first?.seconds }
            let lasts = shown.compactMap { $0.points.last?.seconds }
            return (firsts.min() ?? 0, lasts.max() ?? 0)
        case .age:
            let ages = shown.map { ($0.points.last?.seconds ?? 0) - ($0.points.first?.seconds ?? 0) }
            return (0, ages.max() ?? 0)
        }
    }

    /// Where a line carries its marker: both ends and a few points between, so a line is told apart
    /// by its marker as well as its colour without a marker on every point.
    static func markerIndices(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let steps = min(count - 1, 5)
        guard steps > 0 else { return [0] }
        return Array(Set((0...steps).map { $0 * (count - 1) / steps })).sorted()
    }

    /// The last values in the column right of the plot, each at its line's end height, moved apart
    /// where two would overlap and kept between the plot's top and bottom.
    private func endLabelsMarkup(
        _ shown: [Line], labels: [String], x: Double, y: (Int) -> Double, top: Double, bottom: Double
    ) -> String {
        let wanted = shown.map { y($0.points.last?.value ?? 0) }
        let placed = Self.spread(wanted, gap: Self.lineHeight, low: top, high: bottom)
        var out = ""
        for (index, line) in shown.enumerated() {
            if endMarkerWidth > 0 {
                out += line.look.marker.svg(x: x + 5, y: placed[index], colors: colors, look: line.look)
            }
            out +=
                "<text x=\"\(Sparkline.number(x + endMarkerWidth))\" y=\"\(Sparkline.number(placed[index]))\" dy=\".35em\" "
            out += "font-weight=\"700\" \(colors.fill(line.look)) data-last=\"\(line.points.last?.value ?? 0)\" "
            out += "data-series=\"\(XMLEscape.xml(line.key))\">\(XMLEscape.xml(labels[index]))</text>"
        }
        return out
    }

    /// Positions as near `wanted` as they can be with at least `gap` between any two, within
    /// `low`…`high` when there is room.
    static func spread(_ wanted: [Double], gap: Double, low: Double, high: Double) -> [Double] {
        let order = wanted.indices.sorted { wanted[$0] < wanted[$1] }
        var placed = wanted
        var previous = -Double.infinity
        for index in order {
            placed[index] = max(wanted[index], previous + gap, low)
            previous = placed[index]
        }
        // Pushed past the bottom: move the run back up, keeping the gaps.
        var next = Double.infinity
        for index in order.reversed() {
            placed[index] = min(placed[index], next - gap, high)
            next = placed[index]
        }
        return placed
    }

    /// The first and last dates (or ages) under the plot, and the middle one where it fits between
    /// them.
    private func dateLabels(low: Int, high: Int, left: Double, right: Double, y: Double) -> String {
        let first = xLabel(low, isStart: true)
        let last = xLabel(high, isStart: false)
        let firstWidth = TextWidth.estimate(first, size: Self.textSize, bold: false)
        let lastWidth = TextWidth.estimate(last, size: Self.textSize, bold: false)
        var out = "<text x=\"\(Sparkline.number(left))\" y=\"\(Sparkline.number(y))\" \(colors.muted)>"
        out += "\(XMLEscape.xml(first))</text>"
        guard high > low, firstWidth + lastWidth + 16 <= right - left else { return out }
        out +=
            "<text x=\"\(Sparkline.number(right))\" y=\"\(Sparkline.number(y))\" text-anchor=\"end\" \(colors.muted)>"
        out += "\(XMLEscape.xml(last))</text>"
        let middle = xLabel(low + (high - low) / 2, isStart: false)
        let middleWidth = TextWidth.estimate(middle, size: Self.textSize, bold: false)
        let centre = (left + right) / 2
        if centre - middleWidth / 2 >= left + firstWidth + 16, centre + middleWidth / 2 <= right - lastWidth - 16 {
            out += "<text x=\"\(Sparkline.number(centre))\" y=\"\(Sparkline.number(y))\" text-anchor=\"middle\" "
            out += "\(colors.muted)>\(XMLEscape.xml(middle))</text>"
        }
        return out
    }

    func xLabel(_ seconds: Int, isStart: Bool) -> String {
        switch time {
        case .date: return strings.formatter.day(Date(timeIntervalSince1970: TimeInterval(seconds)))
        case .age:
            let days = seconds / 86_400
            if isStart { return strings.text("chart_age_start") }
            if days >= 730 { return strings.plural("chart_age_years", count: days / 365) }
            return strings.plural("chart_age_days", count: days)
        }
    }

    /// At most `limit` points: the first, then the last of each of `limit - 1` equal stretches of time.
    static func thin(_ points: [Point], to limit: Int = pointLimit) -> [Point] {
        HistoryChart.thin(points, to: limit, at: \.seconds)
    }
}

/// The value axis: round ticks on a linear scale, powers of ten on a log scale.
struct ValueAxis: Sendable {
    var ticks: [Int]
    private var low: Double
    private var high: Double
    private let scale: LineChart.Scale

    init(low: Int, high: Int, scale: LineChart.Scale) {
        self.scale = scale
        switch scale {
        case .linear:
            let (bottom, top) = HistoryChart.axisRange(low, high)
            let middle = bottom + (top - bottom) / 2
            ticks = Array(Set([bottom, middle, top])).sorted()
            (self.low, self.high) = (Double(bottom), Double(top))
        case .log:
            let lowPower = Int(floor(log10(Double(max(1, low)))))
            var highPower = Int(ceil(log10(Double(max(1, high)))))
            if highPower <= lowPower { highPower = lowPower + 1 }
            let every = max(1, (highPower - lowPower + 4) / 5)
            ticks = stride(from: lowPower, through: highPower, by: every).map { Self.power($0) }
            if ticks.last != Self.power(highPower) { ticks.append(Self.power(highPower)) }
            (self.low, self.high) = (Double(lowPower), Double(highPower))
        }
    }

    static func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { product, _ in product * 10 } }

    /// 0 at the bottom of the plot, 1 at the top.
    func fraction(_ value: Int) -> Double {
        let position = scale == .log ? log10(Double(max(1, value))) : Double(value)
        return high > low ? min(1, max(0, (position - low) / (high - low))) : 0.5
    }
}
