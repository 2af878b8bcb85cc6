import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

// Each owner's folder (`owners/LOGIN/`): its page, its two cards in light and dark, its stars badge.
extension PageMaker {
    /// Every owner card's files, and `data/owners.json` with its schema (when the site has owners).
    func ownerPages(_ snapshot: Snapshot, into emit: SiteRenderer.FileSink) throws {
        let cards = renderer.data.ownerCards
        guard !config.owners.isEmpty else { return }
        for card in cards {
            let text = OwnerCardText(card, strings: strings, sample: snapshot.sample)
            let folder = SiteLayout.ownerFolder(card.owner)
            for dark in [false, true] {
                try emit(
                    folder + SiteLayout.ownerCard(.stats, dark: dark),
                    Data(OwnerCardSVG.stats(text, look: config.look, dark: dark, avatars: renderer.avatarURIs).utf8))
                try emit(
                    folder + SiteLayout.ownerCard(.languages, dark: dark),
                    Data(
                        OwnerCardSVG.languages(text, look: config.look, dark: dark, avatars: renderer.avatarURIs).utf8)
                )
            }
            let badge = Badge(
                label: strings.text("badge_stars"), message: strings.formatter.compact(card.stars), tone: .info)
            try emit(folder + SiteLayout.badge("stars"), Data(badge.svg().utf8))
            try emit(folder + SiteLayout.badge("stars", dark: true), Data(badge.svg(dark: true).utf8))
            try emit(folder + SiteLayout.badgeEndpoint("stars"), badge.endpointJSON)
            try emit(folder + SiteLayout.index, templates.file("owner", ownerPage(text, folder: folder)))
        }
        try emit(
            SiteLayout.ownersJSON,
            OwnerRecords(cards: cards, generatedAt: snapshot.generatedAt, sample: snapshot.sample).json())
        try emit(SiteLayout.ownersSchema, Data(OwnerRecords.schema.utf8))
    }

    private func ownerPage(_ text: OwnerCardText, folder: String) -> OwnerPageContext {
        let root = String(repeating: "../", count: folder.split(separator: "/").count)
        let title = strings.text("owner_page_title", ["name": text.displayName])
        var shell = PageShell(
            root: root, site: site, title: PageTitle.joined(title, config.title), locale: locale,
            feed: FeedLink(href: root + SiteLayout.feed, title: config.title))
        shell.share = shares.sitePage(path: folder, title: title, description: text.rule, repoCount: text.card.repos)
        let files: [(SiteLayout.OwnerCardFile, String, Int)] = [
            (.stats, text.statsTitle, OwnerCardSVG.statsHeight(text)),
            (.languages, text.languagesTitle, OwnerCardSVG.languagesHeight(text)),
        ]
        let images = files.map { file, alt, height in
            OwnerPageContext.Image(
                file: file, alt: alt, height: height,
                snippets: ownerSnippets(folder: folder, file: file, alt: alt, height: height))
        }
        let badge = embeds.address(folder + SiteLayout.badge("stars"))
        let endpoint = embeds.address(folder + SiteLayout.badgeEndpoint("stars"))
        return OwnerPageContext(
            shell: shell, text: text, images: images,
            badgeMarkdown: "![\(strings.text("badge_stars"))](\(badge))",
            shieldsURL: "https://img.shields.io/endpoint?url="
                + (endpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? endpoint),
            insights: config.insights ? root + SiteLayout.insights : nil)
    }

    /// Markdown and `<picture>` for a card: light, and dark where the reader prefers it.
    private func ownerSnippets(folder: String, file: SiteLayout.OwnerCardFile, alt: String, height: Int)
        -> OwnerPageContext.Snippets
    {
        let light = embeds.address(folder + SiteLayout.ownerCard(file))
        let dark = embeds.address(folder + SiteLayout.ownerCard(file, dark: true))
        let img = """
            <img src="\(XMLEscape.text(light))" alt="\(XMLEscape.text(alt))" width="\(Int(OwnerCardSVG.width))" height="\(height)">
            """
        return OwnerPageContext.Snippets(
            markdown: "[![\(EmbedSnippets.markdownText(alt))](\(light))](\(embeds.address(folder)))",
            picture: """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="\(XMLEscape.text(dark))">
                  \(img)
                </picture>
                """)
    }
}

/// The owner page's template keys (Templates/README.md, "Owner page").
struct OwnerPageContext: Sendable, MustacheParent {
    struct Snippets: Sendable, MustacheParent {
        var markdown: String
        var picture: String

        func child(named key: String) -> Any? {
            switch key {
            case "markdown": return markdown
            case "picture": return picture
            default: return nil
            }
        }
    }

    /// `{ kind, file, file_dark, alt, width, height, snippets }`: one card.
    struct Image: Sendable, MustacheParent {
        var file: SiteLayout.OwnerCardFile
        var kind: String { file.rawValue }
        var alt: String
        var height: Int
        var snippets: Snippets

        func child(named key: String) -> Any? {
            switch key {
            case "kind": return kind
            case "file": return SiteLayout.ownerCard(file)
            case "file_dark": return SiteLayout.ownerCard(file, dark: true)
            case "alt": return alt
            case "width": return Int(OwnerCardSVG.width)
            case "height": return height
            case "snippets": return snippets
            default: return nil
            }
        }
    }

    /// `{ key, label, value, display }`: a number of the card, as a table row.
    struct Figure: Sendable, MustacheParent {
        var row: OwnerCardText.Row

        func child(named key: String) -> Any? {
            switch key {
            case "key": return row.key
            case "label": return row.label
            case "value": return row.number
            case "display": return row.value
            default: return nil
            }
        }
    }

    /// `{ key, label, words }`: what the owner's forge does not give (none on GitHub).
    struct Absent: Sendable, MustacheParent {
        var fact: OwnerCardText.Absent

        func child(named key: String) -> Any? {
            switch key {
            case "key": return fact.key
            case "label": return fact.label
            case "words": return fact.words
            default: return nil
            }
        }
    }

    /// `{ name, share, percent, color }`.
    struct Language: Sendable, MustacheParent {
        var name: String
        var share: String
        var percent: String

        func child(named key: String) -> Any? {
            switch key {
            case "name": return name
            case "share": return share
            case "percent": return percent
            default: return nil
            }
        }
    }

    var shell: PageShell
    var text: OwnerCardText
    var images: [OwnerPageContext.Image]
    var badgeMarkdown: String
    var shieldsURL: String
    var insights: String?

    func child(named key: String) -> Any? {
        switch key {
        case "owner": return text.card.owner.lowercased()
        case "login": return text.card.login
        case "name": return text.displayName
        case "html_url": return SafeURL.http(text.card.htmlURL)
        case "state": return text.state.rawValue
        case "state_tag": return text.stateTag
        case "rule": return text.rule
        case "images": return images
        case "stats": return text.statsRows.map(Figure.init)
        case "absent": return text.absent.map(Absent.init)
        case "contributions": return (text.contributionRows ?? []).map(Figure.init)
        case "has_contributions": return text.contributionRows != nil
        case "last_year": return text.lastYear
        case "languages":
            return text.card.languages.map {
                Language(
                    name: text.languageName($0), share: Sparkline.number($0.share), percent: text.percent($0.share))
            }
        case "measure": return text.measureLine
        case "languages_heading": return text.languagesHeading
        case "no_languages": return text.noLanguages
        case "badge_markdown": return badgeMarkdown
        case "shields_url": return shieldsURL
        case "insights_href": return insights
        default: return shell.child(named: key)
        }
    }
}
