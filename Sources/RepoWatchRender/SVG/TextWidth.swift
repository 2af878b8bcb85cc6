/// Rough text widths for laying out text (no font metrics at build time): advance widths of the widest
/// common sans-serif fallback, DejaVu Sans (what Linux browsers draw the font stack with when no Apple,
/// Segoe or Roboto font is installed), so text measured here stops short of what follows it in every
/// font. Digits and separators, which decide whether a stats row fits, match DejaVu within 3 %; letters
/// err wide. Measured in Chromium: Tests/Browser/check_widgets.py reports any stats row that wraps.
package enum TextWidth {
    package static func estimate(_ text: String, size: Double, bold: Bool) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": em += 0.65
            case ",", ".", ":", ";", "'", "|", "!", "i", "l", "j", "I": em += 0.35
            // Spaces, and the no-break spaces that group digits and join compact units ("2147 M").
            case " ", "\u{00A0}", "\u{2009}", "\u{202F}": em += 0.35
            case "f", "t", "r", "(", ")", "-", "/": em += 0.45
            case "m", "w", "@", "%": em += 0.98
            case "W": em += 1.02
            case "M": em += 0.91
            case "A"..."Z", "+", "\u{2212}", "\u{00B1}", "#", "&": em += 0.84
            case "a"..."z", "_", "?": em += 0.64
            case "\u{0600}"..."\u{06FF}", "\u{0750}"..."\u{077F}", "\u{FB50}"..."\u{FDFF}", "\u{FE70}"..."\u{FEFF}":
                em += 0.55  // Arabic letters join narrow
            default: em += scalar.properties.isEmojiPresentation || scalar.value >= 0x2E80 ? 1.0 : 0.66
            }
        }
        // DejaVu Sans Bold, which weights 600 and 700 both draw with, is about 9 % wider than Book.
        return em * size * (bold ? 1.1 : 1)
    }

    /// Words in lines no wider than `width`, at most `maxLines` (the last takes the rest, clipped).
    package static func wrap(_ text: String, size: Double, width: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, lines.count < maxLines - 1, estimate(candidate, size: size, bold: false) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
