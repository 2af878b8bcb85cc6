import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Ready-to-copy snippets for the widgets of a repository page: absolute with `base_url`, else
/// relative to the site's root (to be completed by whoever pastes them).
package struct EmbedSnippets: Sendable {
    package let baseURL: URL?

    package func embed(_ name: RepoName, size: SiteConfig.WidgetSize) -> Embed {
        let folder = SiteLayout.repoFolder(name)
        let svg = address(folder + SiteLayout.svg(size))
        let svgDark = address(folder + SiteLayout.svg(size, dark: true))
        let title = XMLEscape.text("\(name) on RepoWatcher")
        return Embed(
            size: size.rawValue,
            markdown: "[![\(name) on RepoWatcher](\(svg))](\(address(folder)))",
            picture: """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="\(XMLEscape.text(svgDark))">
                  <img src="\(XMLEscape.text(svg))" alt="\(title)" width="\(WidgetFrame.width)" height="\(WidgetFrame.height(size))">
                </picture>
                """,
            iframe: iframe(folder + SiteLayout.html(size), size: size, title: name.description),
            svg: svg, svgDark: svgDark)
    }

    package func address(_ path: String) -> String {
        guard let base = baseURL?.absoluteString else { return path }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    package func iframe(_ path: String, size: SiteConfig.WidgetSize, title: String) -> String {
        """
        <iframe src="\(XMLEscape.text(address(path)))" width="\(WidgetFrame.width)" height="\(WidgetFrame.height(size))" \
        style="border:0" title="\(XMLEscape.text(title)) on RepoWatcher" loading="lazy"></iframe>
        """
    }
}
