import Foundation
import RepoWatchSupport

/// The built site's size against where it is published: GitHub Pages publishes a site of at most
/// 1 GB (and its upload counts a hard-linked file as many times as it has names).
enum SiteSize {
    static let pagesLimit = 1_000_000_000
    /// What a build lets the site take: the history's published cut (`HistoryCut`) keeps it under this,
    /// 1 % short of the limit.
    static let ceiling = pagesLimit / 100 * 99
    /// The build warns from this share of the limit on.
    static let warnAt = 0.8

    /// "94.9 MB", "812 KB", "1.02 GB" (decimal units, as GitHub states its limit).
    static func text(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.0f KB", value / 1e3) }
        return "\(bytes) bytes"
    }

    /// Said when the site nears or passes what GitHub Pages publishes.
    static func warning(bytes: Int, files: Int) -> String? {
        guard Double(bytes) >= Double(pagesLimit) * warnAt else { return nil }
        let share = Int((Double(bytes) / Double(pagesLimit) * 100).rounded())
        return "the site is \(text(bytes)) in \(Formatting.plural(files, "file", "files")), \(share) % of the 1 GB "
            + "GitHub Pages publishes; for large `owners:` lists set `outputs: page` or `outputs: card` on the "
            + "owner (docs/configuration.md, the owner key `outputs`)"
    }
}
