import Foundation
import RepoWatchModel

/// The colours of an accented widget, derived from the site's accent. Computed here rather than in
/// CSS so every accent, however light or dark, keeps text at WCAG AA contrast in light and dark.
struct AccentPalette: Sendable, Equatable {
    struct Colors: Sendable, Equatable {
        /// The card background: the appearance's surface washed with the accent.
        var surface: RGB
        /// Text and icons: the accent, darkened (light) or lightened (dark) until it reads.
        var ink: RGB
        /// Hairlines between the halves of a double widget.
        var line: RGB
    }

    /// AA asks 4.5:1 for small text; a little more absorbs rounding in browsers' colour pipelines.
    static let minimumContrast = 4.6

    let light: Colors
    let dark: Colors

    init(accent: AccentColor) {
        let tint = RGB(accent)
        light = Self.colors(tint: tint, surface: RGB(0xFF, 0xFF, 0xFF), wash: 0.12, towards: RGB(0, 0, 0))
        dark = Self.colors(tint: tint, surface: RGB(0x1C, 0x1C, 0x1E), wash: 0.22, towards: RGB(0xFF, 0xFF, 0xFF))
    }

    private static func colors(tint: RGB, surface base: RGB, wash: Double, towards extreme: RGB) -> Colors {
        let surface = base.mixed(with: tint, amount: wash)
        var ink = tint
        var step = 0.0
        while ink.contrast(with: surface) < minimumContrast, step < 1 {
            step += 0.02
            ink = tint.mixed(with: extreme, amount: step)
        }
        return Colors(surface: surface, ink: ink, line: surface.mixed(with: ink, amount: 0.3))
    }

    /// The class a widget with this accent carries: `rw-accent-rrggbb`.
    static func className(_ accent: AccentColor) -> String { "rw-accent-" + accent.hex.dropFirst() }

    /// One rule per accent, setting its palette on the widgets of that class: appended to the site's
    /// `assets/style.css`, so a site's own stylesheet gets it too.
    static func stylesheet(_ accents: [AccentColor]) -> String {
        var seen: Set<String> = []
        var rules = "\n/* Accent palettes of site.yml's accents (repowatch-site build). */\n"
        for accent in accents where seen.insert(accent.hex).inserted {
            rules += ".\(className(accent)) { \(AccentPalette(accent: accent).cssVariables); }\n"
        }
        return rules
    }

    /// CSS custom properties of the palette; only hex digits reach them.
    var cssVariables: String {
        [("light", light), ("dark", dark)].flatMap { name, colors in
            [
                "--rw-accent-\(name)-surface:\(colors.surface.hex)",
                "--rw-accent-\(name)-ink:\(colors.ink.hex)",
                "--rw-accent-\(name)-line:\(colors.line.hex)",
            ]
        }.joined(separator: ";")
    }
}

/// An sRGB colour with the WCAG 2 luminance and contrast formulas.
package struct RGB: Sendable, Equatable {
    package var red: Double
    package var green: Double
    package var blue: Double

    package init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    package init(_ accent: AccentColor) {
        self.init(Double(accent.red), Double(accent.green), Double(accent.blue))
    }

    package init?(hex: String) {
        guard let accent = AccentColor(hex: hex) else { return nil }
        self.init(accent)
    }

    func mixed(with other: RGB, amount: Double) -> RGB {
        RGB(
            red + (other.red - red) * amount, green + (other.green - green) * amount,
            blue + (other.blue - blue) * amount)
    }

    /// Rounded to whole channels, as CSS will draw it.
    package var rounded: RGB { RGB(red.rounded(), green.rounded(), blue.rounded()) }

    var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let value = channel.rounded() / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    func contrast(with other: RGB) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    package var hex: String {
        let color = rounded
        return AccentColor(
            red: UInt8(clamping: Int(color.red)), green: UInt8(clamping: Int(color.green)),
            blue: UInt8(clamping: Int(color.blue))
        ).hex
    }
}
