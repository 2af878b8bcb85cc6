/// Conservative text widths for laying out the SVG widgets, which have no layout engine and are drawn
/// by viewers with whatever fonts they have. The widgets' font stack (-apple-system, Segoe UI, Roboto,
/// Helvetica, Arial, then the system's sans-serif) is measured against its widest common member,
/// DejaVu Sans, the sans-serif most Linux systems fall back to: this table holds DejaVu Sans's advance
/// widths (Book for regular text, Bold for weights 600 and 700, which draw with it) for printable ASCII,
/// and every estimate adds 3 %. SF Pro, Segoe UI, Roboto, Helvetica and Arial draw each of these
/// characters narrower, so text fitted with this table stays inside its slot in all of them. Outside
/// ASCII, scripts get one width per character that errs wide (docs/templates.md lists the table and
/// how it was measured).
enum TextWidth {
    /// Added to every estimate: kerning, hinting and rounding differ between viewers.
    static let margin = 1.03
    static let ellipsis = "\u{2026}"

    static func estimate(_ text: String, size: Double, bold: Bool) -> Double {
        width(thousandths(Substring(text), bold: bold), size: size)
    }

    private static func width(_ thousandths: Int, size: Double) -> Double {
        Double(thousandths) / 1000 * size * margin
    }

    /// The text's advance in thousandths of an em. Printable ASCII, most of what a widget shows, is
    /// read straight from the table; anything else goes through `scalarThousandths`.
    private static func thousandths(_ text: Substring, bold: Bool) -> Int {
        let table = bold ? Self.bold : regular
        var sum = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte <= 0x7E else { return scalarThousandths(text, bold: bold) }
            sum += Int(table[Int(byte) - 0x20])
        }
        return sum
    }

    static func scalarThousandths(_ text: Substring, bold: Bool) -> Int {
        var thousandths = 0
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isArabicLetter(scalar) {
                thousandths += arabicAdvance(scalar, next: scalars.dropFirst(index + 1).first, bold: bold)
            } else {
                thousandths += advance(scalar, bold: bold)
            }
        }
        return thousandths
    }

    /// Arabic letters join, and a joined letter is narrow; the letter that ends a joined group takes its
    /// final or isolated form, the wide one (DejaVu Sans Bold's run to a full em).
    private static func arabicAdvance(_ scalar: Unicode.Scalar, next: Unicode.Scalar?, bold: Bool) -> Int {
        let joinsNext = !rightJoining.contains(scalar.value) && next.map(isArabicLetter) == true
        return joinsNext ? (bold ? 400 : 350) : (bold ? 900 : 800)
    }

    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x0620...0x064A).contains(scalar.value) || (0x066E...0x06D3).contains(scalar.value)
    }

    /// Letters that join the one before them but never the one after (alef, dal, reh, waw and kin).
    private static let rightJoining: Set<UInt32> = [
        0x0621, 0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062F, 0x0630, 0x0631, 0x0632, 0x0648, 0x0671,
        0x0688, 0x0691, 0x0698, 0x06C0, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x06C8, 0x06C9, 0x06CA, 0x06CB,
        0x06CD, 0x06CF, 0x06D2, 0x06D3,
    ]

    /// The text, or as much of its beginning as fits in `width` followed by "…" (whole characters,
    /// trailing spaces dropped); empty when not even "…" fits.
    static func fit(_ text: String, size: Double, bold: Bool, width: Double) -> String {
        guard estimate(text, size: size, bold: bold) > width else { return text }
        // Only a beginning that could fit is tried, so a very long text costs no more than a short one. A
        // character alone is never narrower than inside its word (Arabic letters narrow only when joined),
        // so once the characters' own widths pass three slots, the text from there on cannot fit.
        var end = text.startIndex
        var alone = 0.0
        while end < text.endIndex, alone <= 3 * width {
            let next = text.index(after: end)
            alone += Self.width(thousandths(text[end..<next], bold: bold), size: size)
            end = next
        }
        // "…" ends no joined group and joins nothing, so a beginning with it measures the beginning's
        // advance plus its own.
        let ellipsisThousandths = thousandths(Substring(ellipsis), bold: bold)
        var kept = text[..<end]
        while !kept.isEmpty {
            kept = kept.dropLast()
            var trimmedEnd = kept.endIndex
            while trimmedEnd > kept.startIndex, kept[kept.index(before: trimmedEnd)].isWhitespace {
                trimmedEnd = kept.index(before: trimmedEnd)
            }
            let trimmed = kept[..<trimmedEnd]
            if !trimmed.isEmpty,
                Self.width(thousandths(trimmed, bold: bold) + ellipsisThousandths, size: size) <= width
            {
                return String(trimmed) + ellipsis
            }
        }
        return estimate(ellipsis, size: size, bold: bold) <= width ? ellipsis : ""
    }

    /// Words in lines no wider than `width`, at most `maxLines`; the last line ends in "…" when the
    /// text goes on, and a word too long for a line is cut the same way.
    static func wrap(_ text: String, size: Double, width: Double, maxLines: Int) -> [String] {
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
        return lines.map { fit($0, size: size, bold: false, width: width) }
    }

    /// Thousandths of an em.
    private static func advance(_ scalar: Unicode.Scalar, bold: Bool) -> Int {
        let value = scalar.value
        if (0x20...0x7E).contains(value) { return Int((bold ? Self.bold : regular)[Int(value) - 0x20]) }
        switch value {
        case 0x0300...0x036F, 0x064B...0x065F, 0x0670, 0x200B...0x200F, 0x2066...0x2069, 0xFE00...0xFE0F:
            return 0  // combining marks, format characters and variation selectors have no advance
        case 0x00A0: return bold ? 348 : 318
        case 0x2009, 0x202F: return 200  // the thin and narrow no-break spaces of grouped digits
        case 0x00B7: return bold ? 380 : 318
        case 0x2026, 0x2014: return 1000
        case 0x2212, 0x00B1: return 838
        case 0x00A1...0x024F: return bold ? 900 : 800  // Latin-1 and Latin Extended: as wide as M
        case 0x0590...0x05FF: return bold ? 800 : 720  // Hebrew
        // Arabic digits, signs and presentation forms (the letters are `arabicAdvance`'s).
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return bold ? 700 : 640
        default:
            // CJK, kana, Hangul and emoji are a full em; other scripts (Greek, Cyrillic) err wide.
            return scalar.properties.isEmojiPresentation || value >= 0x2E80 ? 1000 : (bold ? 950 : 850)
        }
    }

    /// U+0020…U+007E, thousandths of an em, regular.
    private static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    /// U+0020…U+007E, thousandths of an em, bold.
    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]
}
