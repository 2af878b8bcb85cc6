import Foundation
import RepoWatchSupport

/// A horizontal bar chart as inline SVG (safe for `{{{svg}}}`: only numbers, validated colours and
/// escaped text go in). Its numbers are in the table beside it, so it is one image with a name.
enum InsightBars {
    struct Bar: Sendable {
        var label: String
        var value: Int
        var display: String
        /// `#RRGGBB` (a language's colour, validated when read); nil draws the text colour.
        var color: String?

        init(label: String, value: Int, display: String, color: String? = nil) {
            self.label = label
            self.value = value
            self.display = display
            self.color = color
        }
    }

    /// 400 units wide with no text under 14, as the charts (`LineChart`): at least 11 CSS px wherever
    /// the bars are 315 px wide or more, as in a 390 px phone's column.
    static let width = 400.0
    static let textSize = 14.0
    /// Each bar under its label; a name longer than the width ends in "…" (the table has it whole).
    static let rowHeight = 40.0
    static let valueWidth = 90.0

    static func svg(_ bars: [Bar], label: String) -> String? {
        guard let high = bars.map(\.value).max(), high > 0 else { return nil }
        let height = Double(bars.count) * rowHeight
        var out = """
            <svg class="insight-bars" viewBox="0 0 \(Int(width)) \(Int(height))" width="\(Int(width))" \
            height="\(Int(height))" role="img" aria-label="\(XMLEscape.xml(label))">
            """
        let span = width - valueWidth
        for (index, bar) in bars.enumerated() {
            let y = Double(index) * rowHeight
            let length = max(1, Double(max(0, bar.value)) / Double(high) * span)
            let fill = bar.color ?? "currentColor"
            // Two units in: a glyph such as J reaches left of its origin.
            let name = TextWidth.fit(bar.label, size: textSize, bold: false, width: width - 2)
            out += "<text x=\"2\" y=\"\(Sparkline.number(y + 15))\" font-size=\"14\" fill=\"currentColor\">"
            out += "\(XMLEscape.xml(name))</text>"
            out += "<rect x=\"0\" y=\"\(Sparkline.number(y + 22))\" width=\"\(Sparkline.number(length))\" "
            out += "height=\"12\" rx=\"2\" fill=\"\(fill)\"/>"
            out += "<text x=\"\(Sparkline.number(length + 6))\" y=\"\(Sparkline.number(y + 28))\" dy=\".35em\" "
            out += "font-size=\"14\" fill=\"currentColor\">\(XMLEscape.xml(bar.display))</text>"
        }
        out += "</svg>"
        return out
    }
}
