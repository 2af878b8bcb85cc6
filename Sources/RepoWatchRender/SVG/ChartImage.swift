import Foundation
import RepoWatchModel
import RepoWatchSupport

/// A whole chart as one SVG: a heading, the plot (`LineChart`), a legend when several lines are
/// drawn, and a caption saying what the numbers are and where they start. As an image
/// (`history.svg`, `charts/ID.svg`) it stands alone like the widget SVGs: no script, no reference
/// outside itself, text as text, its name and description in `<title>` and `<desc>`. Inside a page
/// (`inline`) it has no namespace, ids or background of its own and takes the page's colours.
struct ChartImage {
    enum Kind: String { case history, compare }

    var kind: Kind
    /// The heading, also the `<title>`.
    var title: String
    /// The caption under the chart; with the last values, the `<desc>`.
    var caption: String
    var chart: LineChart
    /// Root attributes after `data-chart`: `data-chart-id`, `data-repo`, `data-history-start`.
    var attributes: [(String, String)] = []

    static let headingSize = 16.0

    var strings: StringTable { chart.strings }
    var rtl: Bool { strings.isRightToLeft }

    /// Every image stays under this, as the widget SVGs do (GitHub's image proxy refuses bigger ones).
    static let byteLimit = 100_000

    func svg(inline: Bool = false) -> String {
        let width = LineChart.width
        let padding = LineChart.padding
        let colors = chart.colors
        var body = ""
        var y = padding
        // In a page the heading and the caption are the page's own text.
        let headingLines =
            inline ? [] : Self.wrap(title, size: Self.headingSize, bold: true, width: width - 2 * padding, lines: 2)
        for line in headingLines {
            y += 20
            body += text(line, y: y, attributes: "font-size=\"16\" font-weight=\"700\" \(colors.text)")
        }
        y += 8
        let plot = chart.draw(top: y)
        body += plot.svg
        y += plot.height
        if chart.lines.count > 1 {
            let legend = self.legend(top: y)
            body += legend.svg
            y += legend.height
        }
        let captionLines =
            inline
            ? [] : Self.wrap(caption, size: LineChart.textSize, bold: false, width: width - 2 * padding, lines: 6)
        for line in captionLines {
            y += LineChart.lineHeight
            body += text(line, y: y, attributes: colors.muted)
        }
        let height = (y + padding).rounded(.up)
        let size = "viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        let lang = XMLEscape.xml(strings.formatter.identifier)
        let data = ([("data-chart", kind.rawValue)] + attributes).map { " \($0.0)=\"\(XMLEscape.xml($0.1))\"" }
            .joined()
        let description = XMLEscape.xml(self.description)
        if inline {
            return "<svg class=\"chart\" \(size) width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" "
                + "aria-label=\"\(XMLEscape.xml(title))\" direction=\"ltr\" \(ChartColors.font)\(data)>"
                + "<desc>\(description)</desc>\(body)</svg>"
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" \(size) "
        out += "role=\"img\" aria-labelledby=\"chart-title chart-desc\" xml:lang=\"\(lang)\" direction=\"ltr\" "
        out += "\(ChartColors.font)\(data)><title id=\"chart-title\">\(XMLEscape.xml(title))</title>"
        out += "<desc id=\"chart-desc\">\(description)</desc>"
        out += "<rect x=\".5\" y=\".5\" width=\"\(Int(width) - 1)\" height=\"\(Int(height) - 1)\" rx=\"12\" "
        out += "fill=\"\(colors.surface)\" stroke=\"\(colors.edgeColor)\"/>"
        out += body + "</svg>\n"
        return out
    }

    /// The caption and every line's last value: what a screen reader says after the title.
    var description: String {
        let values = chart.lines.compactMap { line -> String? in
            guard let last = line.points.last else { return nil }
            let value = strings.formatter.grouped(last.value)
            return line.label.isEmpty ? value : "\(line.label): \(value)"
        }
        return ([caption] + values).joined(separator: " · ")
    }

    /// A line of text across the image: from the left, or from the right in a right-to-left locale.
    private func text(_ line: String, y: Double, attributes: String) -> String {
        let padding = LineChart.padding
        let x = rtl ? LineChart.width - padding : padding
        let direction = rtl ? " direction=\"rtl\"" : ""
        return "<text x=\"\(Sparkline.number(x))\" y=\"\(Sparkline.number(y))\"\(direction) \(attributes)>"
            + "\(XMLEscape.xml(line))</text>"
    }

    /// Each line's marker, dash and name, in rows.
    private func legend(top: Double) -> (svg: String, height: Double) {
        let padding = LineChart.padding
        let colors = chart.colors
        var out = ""
        var x = padding
        var y = top + 4
        let right = LineChart.width - padding
        for line in chart.lines {
            let name = TextWidth.fit(line.label, size: LineChart.textSize, bold: false, width: right - padding - 34)
            let itemWidth = 34 + TextWidth.estimate(name, size: LineChart.textSize, bold: false)
            if x > padding, x + itemWidth > right {
                x = padding
                y += 22
            }
            let middle = Sparkline.number(y + 9)
            out += "<g data-legend=\"\(XMLEscape.xml(line.key))\"><line x1=\"\(Sparkline.number(x))\" "
            out += "x2=\"\(Sparkline.number(x + 26))\" y1=\"\(middle)\" y2=\"\(middle)\" \(colors.stroke(line.look)) "
            out += "stroke-width=\"2.5\"\(line.look.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>"
            out += line.look.marker.svg(x: x + 13, y: y + 9, colors: colors, look: line.look)
            out += "<text x=\"\(Sparkline.number(x + 32))\" y=\"\(Sparkline.number(y + 9))\" dy=\".35em\" "
            out += "\(colors.text)>\(XMLEscape.xml(name))</text></g>"
            x += itemWidth + 16
        }
        return (out, y + 22 - top)
    }

    /// Words in lines no wider than `width` (a word wider than a line is broken between characters,
    /// as Chinese and Japanese text, which has no spaces, must be), at most `lines`, the last ending in
    /// "…" when the text goes on.
    static func wrap(_ text: String, size: Double, bold: Bool, width: Double, lines limit: Int) -> [String] {
        var pieces: [String] = []
        for word in text.split(separator: " ") {
            if TextWidth.estimate(String(word), size: size, bold: bold) <= width {
                pieces.append(String(word))
                continue
            }
            var part = ""
            for character in word {
                if !part.isEmpty, TextWidth.estimate(part + String(character), size: size, bold: bold) > width {
                    pieces.append(part)
                    part = ""
                }
                part.append(character)
            }
            if !part.isEmpty { pieces.append(part) }
        }
        var lines: [String] = []
        var current = ""
        for (index, piece) in pieces.enumerated() {
            let candidate = current.isEmpty ? piece : current + " " + piece
            if current.isEmpty || TextWidth.estimate(candidate, size: size, bold: bold) <= width {
                current = candidate
                continue
            }
            lines.append(current)
            current = piece
            if lines.count == limit - 1 {
                current = pieces[index...].joined(separator: " ")
                break
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { TextWidth.fit($0, size: size, bold: bold, width: width) }
    }
}
