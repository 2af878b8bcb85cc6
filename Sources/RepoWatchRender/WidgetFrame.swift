import RepoWatchModel

/// A widget's frame in CSS pixels, as the stylesheet, the SVG images and the embed snippets draw it.
enum WidgetFrame {
    static let width = 329
    static let mediumHeight = 155
    static let largeHeight = 345

    static func height(_ size: SiteConfig.WidgetSize) -> Int { size == .medium ? mediumHeight : largeHeight }
}
