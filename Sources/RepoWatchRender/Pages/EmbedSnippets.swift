import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

/// Ready-to-copy snippets for the widgets of a repository or double widget page: absolute with
/// `base_url`, so they work wherever they are pasted; else relative to the site's root (the build
/// warns once). Their alt text and iframe title are in the page's language. A widget of one appearance
/// (`appearance: light` or `dark`) embeds that SVG alone; `auto` switches with the reader's setting.
struct EmbedSnippets: Sendable {
    let baseURL: URL?

    /// A repository's widget of `size`, in `repos/OWNER/NAME/`.
    func embed(
        _ name: RepoName, size: SiteConfig.WidgetSize, appearance: SiteConfig.Appearance = .auto,
        strings: StringTable = .english
    ) -> Embed {
        embed(
            folder: SiteLayout.repoFolder(name), size: size, name: name.description, appearance: appearance,
            strings: strings)
    }

    /// A double widget (always large), in `widgets/ID/`; `name` says which two repositories it shows.
    func embed(
        double id: String, name: String, appearance: SiteConfig.Appearance = .auto, strings: StringTable = .english
    ) -> Embed {
        embed(
            folder: SiteLayout.widgetFolder(id: id), size: .large, name: name, appearance: appearance, strings: strings)
    }

    private func embed(
        folder: String, size: SiteConfig.WidgetSize, name: String, appearance: SiteConfig.Appearance,
        strings: StringTable
    ) -> Embed {
        let svgDark = address(folder + SiteLayout.svg(size, dark: true))
        // What the Markdown image and the <img> show: the widget's own appearance, light for `auto`.
        let svg = appearance == .dark ? svgDark : address(folder + SiteLayout.svg(size))
        let alt = strings.text("embed_alt", ["name": name])
        let img = """
            <img src="\(XMLEscape.text(svg))" alt="\(XMLEscape.text(alt))" width="\(WidgetFrame.width)" height="\(WidgetFrame.height(size))">
            """
        var embed = Embed(
            size: size.rawValue,
            markdown: "[![\(Self.markdownText(alt))](\(svg))](\(address(folder)))",
            picture: appearance != .auto
                ? img
                : """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="\(XMLEscape.text(svgDark))">
                  \(img)
                </picture>
                """,
            iframe: iframe(folder + SiteLayout.html(size), size: size, title: alt),
            svg: svg, svgDark: svgDark)
        embed.fixedAppearance = appearance != .auto
        return embed
    }

    /// A repository's history chart (`history.svg`): an image, no iframe.
    func history(_ name: RepoName, appearance: SiteConfig.Appearance, strings: StringTable) -> Embed {
        let folder = SiteLayout.repoFolder(name)
        return image(
            folder: folder, light: folder + SiteLayout.historySVG(), dark: folder + SiteLayout.historySVG(dark: true),
            alt: strings.text("history_svg_alt", ["name": name.description]), size: "history",
            height: nil, appearance: appearance)
    }

    /// A comparison chart (`charts/ID.svg`), linking to its page.
    func chart(id: String, title: String, appearance: SiteConfig.Appearance) -> Embed {
        image(
            folder: SiteLayout.chartFolder(id: id), light: SiteLayout.chartSVG(id: id),
            dark: SiteLayout.chartSVG(id: id, dark: true), alt: title, size: "chart", height: nil,
            appearance: appearance)
    }

    /// Markdown and `<picture>` snippets of an SVG image that links to `folder`.
    private func image(
        folder: String, light: String, dark: String, alt: String, size: String, height: Int?,
        appearance: SiteConfig.Appearance
    ) -> Embed {
        let svgDark = address(dark)
        let svg = appearance == .dark ? svgDark : address(light)
        let img = """
            <img src="\(XMLEscape.text(svg))" alt="\(XMLEscape.text(alt))" width="\(Int(LineChart.width))">
            """
        var embed = Embed(
            size: size, markdown: "[![\(Self.markdownText(alt))](\(svg))](\(address(folder)))",
            picture: appearance != .auto
                ? img
                : """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="\(XMLEscape.text(svgDark))">
                  \(img)
                </picture>
                """,
            iframe: "", svg: svg, svgDark: svgDark)
        embed.fixedAppearance = appearance != .auto
        return embed
    }

    func address(_ path: String) -> String {
        guard let base = baseURL?.absoluteString else { return path }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    /// - Parameter title: the iframe's accessible name, as it stands.
    func iframe(_ path: String, size: SiteConfig.WidgetSize, title: String) -> String {
        """
        <iframe src="\(XMLEscape.text(address(path)))" width="\(WidgetFrame.width)" height="\(WidgetFrame.height(size))" \
        style="border:0" title="\(XMLEscape.text(title))" loading="lazy"></iframe>
        """
    }

    /// Alt text inside `![…]`: a bracket or backslash from a locale table would end or escape it.
    static func markdownText(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "[" || character == "]" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

/// Ready-to-copy snippets: `{ size, size_label, markdown, picture, iframe, svg, svg_dark, fixed_appearance,
/// first }`.
struct Embed: Sendable, MustacheParent {
    var size: String
    var markdown: String
    var picture: String
    var iframe: String
    var svg: String
    var svgDark: String
    var sizeLabel: String = ""
    /// The widget has one appearance (`light` or `dark`): `picture` is a plain `<img>` of `svg`.
    var fixedAppearance = false
    /// The chooser's first entry, open without a script.
    var first = false

    func child(named key: String) -> Any? {
        switch key {
        case "size": return size
        case "size_label": return sizeLabel
        case "markdown": return markdown
        case "picture": return picture
        case "iframe": return iframe.isEmpty ? nil : iframe
        case "svg": return svg
        case "svg_dark": return svgDark
        case "fixed_appearance": return fixedAppearance
        case "first": return first
        default: return nil
        }
    }
}
