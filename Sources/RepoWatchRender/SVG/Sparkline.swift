import Foundation
import RepoWatchModel
import RepoWatchSupport

/// A small line chart of stars over time, as inline SVG (safe for `{{{sparkline_svg}}}`: only
/// numbers and escaped text go in).
enum Sparkline {
    static let width = 320.0
    static let height = 64.0
    static let inset = 4.0

    static func svg(_ points: [History.Point], strings: StringTable = .english) -> String? {
        let known = points.compactMap { point in point.stars.map { (point.seconds, $0) } }
        guard known.count >= 2, let first = known.first, let last = known.last else { return nil }
        let low = known.map(\.1).min()!
        let high = known.map(\.1).max()!
        let span = Double(max(1, last.0 - first.0))
        func x(_ seconds: UInt32) -> Double { inset + Double(seconds - first.0) / span * (width - 2 * inset) }
        func y(_ stars: Int) -> Double {
            high == low ? height / 2 : height - inset - Double(stars - low) / Double(high - low) * (height - 2 * inset)
        }
        let coordinates = known.map { "\(number(x($0.0))),\(number(y($0.1)))" }.joined(separator: " ")
        let format = strings.formatter
        let change = last.1 - first.1
        let changeText =
            change == 0 ? strings.text("no_change") : (change > 0 ? "+" : "\u{2212}") + format.grouped(abs(change))
        func day(_ seconds: UInt32) -> String { format.day(Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let label = strings.plural(
            "sparkline_label", count: known.count,
            [
                "first": format.grouped(first.1), "first_date": day(first.0), "last": format.grouped(last.1),
                "last_date": day(last.0), "change": changeText,
            ])
        let values = known.map { String($0.1) }.joined(separator: " ")
        return """
            <svg class="spark" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" height="\(Int(height))" \
            role="img" aria-label="\(XMLEscape.text(label))" data-spark="stars" data-values="\(values)"><polyline points="\(coordinates)" fill="none" stroke="currentColor" \
            stroke-width="2" stroke-linejoin="round" stroke-linecap="round" vector-effect="non-scaling-stroke"/>\
            <circle cx="\(number(x(last.0)))" cy="\(number(y(last.1)))" r="3.5" fill="currentColor"/></svg>
            """
    }

    /// One decimal at most, in integer arithmetic: `String(Double)` is slow enough to show in a build
    /// that writes thousands of SVGs.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = String(tenths / 10)
        let fraction = abs(tenths % 10)
        if fraction == 0 { return whole }
        return (tenths < 0 && tenths > -10 ? "-" : "") + whole + "." + String(fraction)
    }
}
