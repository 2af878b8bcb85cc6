import Foundation
import RepoWatchSupport

/// A generated avatar: initials on a colour derived from the name, dark enough that the white
/// initials keep WCAG AA contrast (4.5:1) on every hue.
package enum AvatarPlaceholder {
    /// The contrast the initials keep, with a little room for how a viewer rounds the colour.
    package static let minimumContrast = 4.6

    package static func svg(for name: String) -> Data {
        let digest = SHA256.hash(Array(name.utf8))
        let hue = Int(digest[0]) * 360 / 256
        let initials = String(name.filter { $0.isLetter || $0.isNumber }.prefix(2)).uppercased()
        let text = XMLEscape.text(initials.isEmpty ? "?" : initials)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">\
            <rect width="100" height="100" fill="\(background(hue: hue))"/>\
            <text x="50" y="50" dy=".35em" text-anchor="middle" fill="#fff" \
            font-family="-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" \
            font-size="40" font-weight="600">\(text)</text></svg>
            """
        return Data(svg.utf8)
    }

    /// `#rrggbb` at the hue, 45 % saturation, and the highest lightness up to 42 % that white text
    /// still reads on: yellows and greens are bright at any lightness, so they go darker than blues.
    package static func background(hue: Int) -> String {
        var lightness = 42
        while lightness > 10, contrastWithWhite(rgb(hue: hue, lightness: lightness)) < minimumContrast {
            lightness -= 1
        }
        let (r, g, b) = rgb(hue: hue, lightness: lightness)
        return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
    }

    /// HSL (saturation 45 %) to 8-bit RGB, as CSS converts `hsl()`.
    static func rgb(hue: Int, lightness: Int) -> (Int, Int, Int) {
        let (s, l) = (0.45, Double(lightness) / 100)
        let chroma = (1 - abs(2 * l - 1)) * s
        let h = Double(hue % 360) / 60
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = l - chroma / 2
        return (Int(((r + m) * 255).rounded()), Int(((g + m) * 255).rounded()), Int(((b + m) * 255).rounded()))
    }

    /// WCAG's contrast ratio of white on an 8-bit colour.
    static func contrastWithWhite(_ color: (Int, Int, Int)) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
        return 1.05 / (luminance + 0.05)
    }
}
