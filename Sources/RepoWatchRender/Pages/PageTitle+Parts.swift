/// A page's title, "PART — SITE", as a browser's tab and a reader's history show it. A part that
/// carries explicit bidirectional controls (a right-to-left override left open in a repository's
/// name, a chart's title or the site's own) would otherwise reverse every part after it: such a part
/// loses its controls and is set in an isolate, which ends at its own close whatever it holds.
extension PageTitle {
    static func joined(_ parts: String...) -> String {
        parts.map(isolated).joined(separator: " — ")
    }

    static func isolated(_ part: String) -> String {
        guard part.unicodeScalars.contains(where: isDirectionalControl) else { return part }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: part.unicodeScalars.filter { !isDirectionalControl($0) })
        return "\u{2068}" + String(kept) + "\u{2069}"
    }

    /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    private static func isDirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
