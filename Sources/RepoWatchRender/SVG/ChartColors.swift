import Foundation

/// How a chart's line is told apart from the others: a colour, and for readers who cannot tell the
/// colours apart a marker shape and a dash pattern; no two of a comparison's ten lines share both.
struct SeriesLook: Sendable, Equatable {
    enum Marker: Int, Sendable, CaseIterable {
        case circle, square, triangle, diamond, cross

        /// The marker centred on `x`, `y`, outlined in the chart's background so it stands off its line.
        func svg(x: Double, y: Double, colors: ChartColors, look: SeriesLook) -> String {
            let (cx, cy) = (Sparkline.number(x), Sparkline.number(y))
            let edge = "\(colors.marker(look)) stroke-width=\"1.5\""
            switch self {
            case .circle:
                return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4.5\" \(edge)/>"
            case .square:
                return "<rect x=\"\(Sparkline.number(x - 4))\" y=\"\(Sparkline.number(y - 4))\" width=\"8\" "
                    + "height=\"8\" \(edge)/>"
            case .triangle:
                return "<path d=\"M\(cx) \(Sparkline.number(y - 5.5))L\(Sparkline.number(x + 5)) "
                    + "\(Sparkline.number(y + 3.5))H\(Sparkline.number(x - 5))Z\" \(edge)/>"
            case .diamond:
                return "<path d=\"M\(cx) \(Sparkline.number(y - 5.5))L\(Sparkline.number(x + 5.5)) \(cy)L\(cx) "
                    + "\(Sparkline.number(y + 5.5))L\(Sparkline.number(x - 5.5)) \(cy)Z\" \(edge)/>"
            case .cross:
                let a = Sparkline.number(x - 4.5)
                let b = Sparkline.number(x + 4.5)
                let c = Sparkline.number(y - 4.5)
                let d = Sparkline.number(y + 4.5)
                return "<path d=\"M\(a) \(c)L\(b) \(d)M\(b) \(c)L\(a) \(d)\" fill=\"none\" \(colors.stroke(look)) "
                    + "stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
            }
        }
    }

    /// Index into the palettes.
    var color: Int
    var marker: Marker
    /// `stroke-dasharray`; nil for a solid line.
    var dash: String?

    static let dashes: [String?] = [nil, "8 4", "2 4", "10 4 2 4", "4 3"]

    /// The look of line `index` (from 0) of a chart.
    static func of(_ index: Int) -> SeriesLook {
        let markers = Marker.allCases
        return SeriesLook(
            color: index % ChartColors.lightSeries.count, marker: markers[index % markers.count],
            dash: dashes[(index + index / markers.count) % dashes.count])
    }
}

/// A chart's colours, light or dark, as attributes. The lines' colours are Okabe and Ito's set for
/// colour-blind readers, then four more. Each attribute also names a class (`chart-f0`/`chart-s0` … (fill, stroke),
/// `chart-muted`, `chart-grid`, `chart-edge`) so that a chart drawn inside a page takes the page's
/// own light or dark colours from style.css; an image has only the attributes.
struct ChartColors: Sendable {
    static let lightSeries = [
        "#0072b2", "#c24e00", "#007a5a", "#b3478f", "#8a6100", "#2b7fb8", "#3a3a3c", "#7f4f24", "#6a3d9a", "#2f6b2f",
    ]
    static let darkSeries = [
        "#56b4e9", "#ff8c42", "#3dd9a5", "#e89acb", "#f0c05a", "#9fd8ff", "#e5e5ea", "#d2a679", "#b39ddb", "#8fd18f",
    ]

    let dark: Bool
    let surface: String
    let textColor: String
    let mutedColor: String
    let gridColor: String
    /// The hairline round a light image, so it has an edge on a white page.
    let edgeColor: String

    init(dark: Bool) {
        self.dark = dark
        if dark {
            (surface, textColor, mutedColor, gridColor, edgeColor) = (
                "#1c1c1e", "#f5f5f7", "#b4b4bb", "#3a3a3c", "#3a3a3c"
            )
        } else {
            (surface, textColor, mutedColor, gridColor, edgeColor) = (
                "#ffffff", "#1c1c1e", "#5b5b60", "#e3e3e8", "#d0d7de"
            )
        }
    }

    private func hex(_ look: SeriesLook) -> String {
        let palette = dark ? Self.darkSeries : Self.lightSeries
        return palette[look.color % palette.count]
    }

    var text: String { "fill=\"\(textColor)\"" }
    var muted: String { "fill=\"\(mutedColor)\" class=\"chart-muted\"" }
    var grid: String { "stroke=\"\(gridColor)\" class=\"chart-grid\"" }
    func fill(_ look: SeriesLook) -> String { "fill=\"\(hex(look))\" class=\"chart-f\(look.color)\"" }
    func stroke(_ look: SeriesLook) -> String { "stroke=\"\(hex(look))\" class=\"chart-s\(look.color)\"" }
    /// A marker: filled with the line's colour, outlined in the background's.
    func marker(_ look: SeriesLook) -> String {
        "fill=\"\(hex(look))\" stroke=\"\(surface)\" class=\"chart-f\(look.color) chart-edge\""
    }

    /// The root's font (inherited by every text): the widgets' stack, no text under 14 units.
    static let font =
        "font-family=\"-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif\" font-size=\"14\""
}
