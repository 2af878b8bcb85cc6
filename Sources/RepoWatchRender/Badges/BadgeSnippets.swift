import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

/// One badge as the repository page offers it: `{ kind, label, alt, src, markdown, picture, endpoint,
/// fixed_appearance }`. `endpoint` (shields.io's `img.shields.io/endpoint?url=…`) needs the badge's
/// absolute address, so it is there only with `base_url`; `fixed_appearance` is the page's widgets' (the
/// `<picture>` comes first on an `auto` site, as theirs does).
struct BadgeSnippet: Sendable, MustacheParent {
    var kind: String
    var label: String
    /// What the badge says: "stars: 1.4k".
    var alt: String
    /// The light badge, relative to the repository's page (the page shows it).
    var src: String
    var markdown: String
    var picture: String
    var endpoint: String?
    var fixedAppearance = false

    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "label": return label
        case "alt": return alt
        case "src": return src
        case "markdown": return markdown
        case "picture": return picture
        case "endpoint": return endpoint
        case "fixed_appearance": return fixedAppearance
        default: return nil
        }
    }
}

extension EmbedSnippets {
    /// A repository's six badges, ready to copy.
    func badges(_ name: RepoName, badges: [Badge.Kind: Badge], strings: StringTable) -> [BadgeSnippet] {
        let folder = SiteLayout.repoFolder(name)
        let link = address(folder)
        return Badge.Kind.allCases.compactMap { kind in
            guard let badge = badges[kind] else { return nil }
            let light = address(folder + SiteLayout.badge(kind.rawValue))
            let dark = address(folder + SiteLayout.badge(kind.rawValue, dark: true))
            let alt = "\(name) \(badge.label): \(badge.message)"
            let endpoint = baseURL.map { _ in
                let json = address(folder + SiteLayout.badgeEndpoint(kind.rawValue))
                let query = json.addingPercentEncoding(withAllowedCharacters: Self.queryValue) ?? json
                return "[![\(MarkdownEscape.text(alt))](https://img.shields.io/endpoint?url=\(query))](\(link))"
            }
            return BadgeSnippet(
                kind: kind.rawValue, label: badge.label, alt: "\(badge.label): \(badge.message)",
                src: SiteLayout.badge(kind.rawValue),
                markdown: "[![\(MarkdownEscape.text(alt))](\(light))](\(link))",
                picture: """
                    <a href="\(XMLEscape.text(link))"><picture>
                      <source media="(prefers-color-scheme: dark)" srcset="\(XMLEscape.text(dark))">
                      <img src="\(XMLEscape.text(light))" alt="\(XMLEscape.text(alt))">
                    </picture></a>
                    """,
                endpoint: endpoint)
        }
    }

    /// What may stand unescaped in a query's value: unreserved characters only.
    private static let queryValue = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
