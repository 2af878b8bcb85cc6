import RepoWatchSupport

/// A page's title, "PART — SITE", as a browser's tab and a reader's history show it. A part that
/// carries explicit bidirectional controls (a right-to-left override left open in a repository's
/// name, a chart's title or the site's own) would otherwise reverse every part after it: such a part
/// loses its controls and is set in an isolate, which ends at its own close whatever it holds.
extension PageTitle {
    static func joined(_ parts: String...) -> String {
        parts.map(isolated).joined(separator: " — ")
    }

    static func isolated(_ part: String) -> String {
        guard part.unicodeScalars.contains(where: ConsoleText.isDirectionalFormatting) else { return part }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: part.unicodeScalars.filter { !ConsoleText.isDirectionalFormatting($0) })
        return "\u{2068}" + String(kept) + "\u{2069}"
    }
}
