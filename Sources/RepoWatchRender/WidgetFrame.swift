import RepoWatchModel

/// A widget's frame in CSS pixels, as the stylesheet, the SVG images and the embed snippets draw it.
package enum WidgetFrame {
    package static let width = 329
    package static let mediumHeight = 155
    package static let largeHeight = 345

    package static func height(_ size: SiteConfig.WidgetSize) -> Int { size == .medium ? mediumHeight : largeHeight }
}
