import Mustache

// The contexts of the page templates (Templates/README.md, "Page context" and below), each a
// value with its template keys spelled out; nil answers are absent keys.

/// `site`: the same on every page.
struct SiteSummary: Sendable, MustacheParent {
    var title: String
    var descriptionHTML: String
    var appearance: String
    var sample: Bool
    var generatedAt: String
    var generatedAtDisplay: String
    var nextUpdate: String
    var nextUpdateDisplay: String
    /// Whether the site has a search page (`search: true`, Pagefind found).
    var search = false
    /// Whether the site has an insights page (`insights: true`).
    var insights = false
    /// `base_url` with a final slash, for absolute addresses; nil without it.
    var baseURL: String?
    /// Where the footer says the data comes from, and what the sample banner says it was not
    /// fetched from: GitHub, or the forges where the site lists a repository on another one.
    var dataSource = ""
    var sampleTitle = ""

    func child(named key: String) -> Any? {
        switch key {
        case "search": return search
        case "insights": return insights
        case "base_url": return baseURL
        case "title": return title
        case "description_html": return descriptionHTML
        case "appearance": return appearance
        case "sample": return sample
        case "generated_at": return generatedAt
        case "generated_at_display": return generatedAtDisplay
        case "next_update": return nextUpdate
        case "next_update_display": return nextUpdateDisplay
        case "data_source": return dataSource
        case "sample_title": return sampleTitle
        default: return nil
        }
    }
}

/// `t`, `lang` and `rtl` on every page: its words, `<html lang>` and whether `dir="rtl"`; and the
/// sentences that name a command, as HTML with the command in `<code dir="ltr">` (`CommandMarkup`).
struct PageLocale: Sendable, MustacheParent {
    var strings: StringTable

    func child(named key: String) -> Any? {
        switch key {
        case "sample_banner_html": return strings.commandSentences.sampleBanner
        case "search_file_html": return strings.commandSentences.searchFromFile
        case "embed_note_html": return strings.commandSentences.embedNote
        case "t": return TemplateStrings(table: strings)
        case "lang": return strings.formatter.identifier
        case "rtl": return strings.isRightToLeft
        default: return nil
        }
    }
}

/// `page`: `{ title }`.
struct PageTitle: Sendable, MustacheParent {
    var title: String

    func child(named key: String) -> Any? { key == "title" ? title : nil }
}

/// What every whole page shares (Templates/README.md, "Page context"): `root`, `site`, `page`,
/// `share`, `feed`, and the locale's `t`, `lang` and `rtl`. A page's context answers its own keys
/// and hands every other to this.
struct PageShell: Sendable, MustacheParent {
    var root: String
    var site: SiteSummary
    var page: PageTitle
    var locale: PageLocale
    var share: PageShare?
    var feed: FeedLink?

    init(root: String, site: SiteSummary, title: String, locale: PageLocale, feed: FeedLink? = nil) {
        (self.root, self.site, page, self.locale, self.feed) = (root, site, PageTitle(title: title), locale, feed)
    }

    var strings: StringTable { locale.strings }

    func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "site": return site
        case "page": return page
        case "share": return share
        case "feed": return feed
        default: return locale.child(named: key)
        }
    }
}

/// `medium` and `large`: one card.
struct SingleWidgetContext: Sendable, MustacheParent {
    var root: String
    var repo: RepoCard
    var widget: WidgetCard

    func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "repo": return repo
        case "widget": return widget
        default: return nil
        }
    }
}

/// `double`: two cards.
struct DoubleWidgetContext: Sendable, MustacheParent {
    var root: String
    var top: RepoCard
    var bottom: RepoCard
    var widget: WidgetCard

    func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "top": return top
        case "bottom": return bottom
        case "widget": return widget
        default: return nil
        }
    }
}

/// `widget.mustache`: a standalone widget document.
struct StandaloneWidgetPage: Sendable, MustacheParent {
    var shell: PageShell
    var widgetHTML: String
    var size: String

    func child(named key: String) -> Any? {
        switch key {
        case "widget_html": return widgetHTML
        case "size": return size
        default: return shell.child(named: key)
        }
    }
}

/// `404.mustache`.
struct NotFoundPage: Sendable, MustacheParent {
    var shell: PageShell

    func child(named key: String) -> Any? {
        key == "back_to" ? shell.strings.text("back_to", ["title": shell.site.title]) : shell.child(named: key)
    }
}

/// `index.mustache`: one page of the gallery.
struct GalleryPageContext: Sendable, MustacheParent {
    var shell: PageShell
    var widgets: [GalleryTile]
    /// The same widgets in a section per owner (`owners:`, see OwnerContexts.swift).
    var sections: [GallerySection]
    var pagination: Pagination

    func child(named key: String) -> Any? {
        switch key {
        case "widgets": return widgets
        case "sections": return sections
        case "pagination": return pagination
        case "has_pagination": return pagination.total > 1
        case "page_of":
            let format = shell.strings.formatter
            return shell.strings.text(
                "page_of", ["current": format.grouped(pagination.current), "total": format.grouped(pagination.total)])
        default: return shell.child(named: key)
        }
    }
}

/// `{ current, total, prev, next }`: root-relative paths, absent at the ends.
struct Pagination: Sendable, MustacheParent {
    var current: Int
    var total: Int
    var prev: String?
    var next: String?

    func child(named key: String) -> Any? {
        switch key {
        case "current": return current
        case "total": return total
        case "prev": return prev
        case "next": return next
        default: return nil
        }
    }
}

/// `repo.mustache`: a repository page.
struct RepoPageContext: Sendable, MustacheParent {
    var shell: PageShell
    var repo: RepoCard
    var widgets: [RepoPageWidget]
    var embeds: [Embed]
    /// Where the repository came from: `repos:` or an owner (see OwnerContexts.swift).
    var source: RepoSourceContext
    /// Pagefind's attributes, with `search: true` (see SearchFacets).
    var search: SearchFacets?
    /// The repository's badges and their snippets (`open_data: true`, a repository with embeds).
    var badges: [BadgeSnippet] = []
    /// The history chart and its table (two points or more).
    var chart: HistoryChartContext?

    func child(named key: String) -> Any? {
        switch key {
        case "search": return search
        case "badges": return badges
        // Every badge's Markdown on one line, nothing between them: pasted, they sit in a row with no
        // underlined gap (the link of each ends where the next begins).
        case "badges_row": return badges.isEmpty ? nil : badges.map(\.markdown).joined()
        case "chart": return chart
        case "repo": return repo
        case "widgets": return widgets
        case "embeds": return embeds
        case "source": return source
        case "stale_notice": return repo.asOfDisplay.map { shell.strings.text("showing_data_as_of", ["date": $0]) }
        case "chart_caption_before", "chart_caption_after":
            guard let history = repo.history else { return nil }
            let strings = shell.strings
            let parts = strings.around(
                "history_chart_caption", "date", count: history.points,
                ["count": strings.formatter.grouped(history.points)])
            return key == "chart_caption_before" ? parts.0 : parts.1
        default: return shell.child(named: key)
        }
    }
}

/// A widget shown on its repository's page: `{ size, html, href, note_html }`.
struct RepoPageWidget: Sendable, MustacheParent {
    var size: String
    var html: String
    /// Its standalone document; nil when the site writes none (`outputs: page`).
    var href: String?
    var noteHTML: String?
    /// The size in the page's words ("medium", "중간").
    var sizeLabel: String = ""

    func child(named key: String) -> Any? {
        switch key {
        case "size": return size
        case "size_label": return sizeLabel
        case "html": return html
        case "href": return href
        case "note_html": return noteHTML
        default: return nil
        }
    }
}
