/// Rough text widths for laying out text in an SVG (no font metrics at build time): average advance
/// widths of the system sans-serif fonts, erring wide so text stops short of what follows it.
package enum TextWidth {
    package static func estimate(_ text: String, size: Double, bold: Bool) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": em += 0.58
            case ",", ".", ":", ";", "'", "|", "!", "i", "l", "j", "I": em += 0.28
            case " ", "f", "t", "r", "(", ")", "-", "/": em += 0.36
            case "m", "w", "M", "W", "@", "%": em += 0.88
            case "A"..."Z", "+", "\u{2212}", "\u{00B1}", "#", "&": em += 0.68
            case "a"..."z", "_", "?": em += 0.56
            default: em += scalar.properties.isEmojiPresentation || scalar.value >= 0x2E80 ? 1.0 : 0.6
            }
        }
        return em * size * (bold ? 1.06 : 1)
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
