import Mustache

// The contexts of the page templates (Templates/README.md, "Page context" and below), each a
// value with its template keys spelled out; nil answers are absent keys.

/// `site`: the same on every page.
package struct SiteSummary: Sendable, MustacheParent {
    package var title: String
    package var descriptionHTML: String
    package var appearance: String
    package var sample: Bool
    package var generatedAt: String
    package var generatedAtDisplay: String
    package var nextUpdate: String
    package var nextUpdateDisplay: String
    /// Whether the site has a search page (`search: true`, Pagefind found).
    package var search = false
    /// Whether the site has an insights page (`insights: true`).
    package var insights = false
    /// `base_url` with a final slash, for absolute addresses; nil without it.
    package var baseURL: String?

    package func child(named key: String) -> Any? {
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
        default: return nil
        }
    }
}

/// `t`, `lang` and `rtl` on every page: its words, `<html lang>` and whether `dir="rtl"`; and the
/// sentences that name a command, as HTML with the command in `<code dir="ltr">` (`CommandMarkup`).
package struct PageLocale: Sendable, MustacheParent {
    package var strings: StringTable

    package func child(named key: String) -> Any? {
        switch key {
        case "sample_banner_html": return CommandMarkup.html(strings.text("sample_banner_text"))
        case "search_file_html": return CommandMarkup.html(strings.text("search_from_file"))
        case "t": return TemplateStrings(table: strings)
        case "lang": return strings.formatter.identifier
        case "rtl": return strings.isRightToLeft
        default: return nil
        }
    }
}

/// `page`: `{ title }`.
package struct PageTitle: Sendable, MustacheParent {
    package var title: String

    package func child(named key: String) -> Any? { key == "title" ? title : nil }
}

/// `medium` and `large`: one card.
package struct SingleWidgetContext: Sendable, MustacheParent {
    package var root: String
    package var repo: RepoCard
    package var widget: WidgetCard

    package func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "repo": return repo
        case "widget": return widget
        default: return nil
        }
    }
}

/// `double`: two cards.
package struct DoubleWidgetContext: Sendable, MustacheParent {
    package var root: String
    package var top: RepoCard
    package var bottom: RepoCard
    package var widget: WidgetCard

    package func child(named key: String) -> Any? {
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
package struct StandaloneWidgetPage: Sendable, MustacheParent {
    package var root: String
    package var site: SiteSummary
    package var widgetHTML: String
    package var page: PageTitle
    package var size: String
    package var locale: PageLocale
    package var share: PageShare?

    package func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "site": return site
        case "share": return share
        case "widget_html": return widgetHTML
        case "page": return page
        case "size": return size
        default: return locale.child(named: key)
        }
    }
}

/// `404.mustache`.
package struct NotFoundPage: Sendable, MustacheParent {
    package var root: String
    package var site: SiteSummary
    package var page: PageTitle
    package var locale: PageLocale
    package var share: PageShare?

    package func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "site": return site
        case "page": return page
        case "share": return share
        case "back_to": return locale.strings.text("back_to", ["title": site.title])
        default: return locale.child(named: key)
        }
    }
}

/// `index.mustache`: one page of the gallery.
package struct GalleryPageContext: Sendable, MustacheParent {
    package var root: String
    package var site: SiteSummary
    package var page: PageTitle
    package var widgets: [GalleryTile]
    /// The same widgets in a section per owner (`owners:`, see OwnerContexts.swift).
    package var sections: [GallerySection]
    package var pagination: Pagination
    package var locale: PageLocale
    package var feed: FeedLink?
    package var share: PageShare?

    package func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "feed": return feed
        case "site": return site
        case "page": return page
        case "share": return share
        case "widgets": return widgets
        case "sections": return sections
        case "pagination": return pagination
        case "has_pagination": return pagination.total > 1
        case "page_of":
            let format = locale.strings.formatter
            return locale.strings.text(
                "page_of", ["current": format.grouped(pagination.current), "total": format.grouped(pagination.total)])
        default: return locale.child(named: key)
        }
    }
}

/// `{ current, total, prev, next }`: root-relative paths, absent at the ends.
package struct Pagination: Sendable, MustacheParent {
    package var current: Int
    package var total: Int
    package var prev: String?
    package var next: String?

    package func child(named key: String) -> Any? {
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
package struct RepoPageContext: Sendable, MustacheParent {
    package var root: String
    package var site: SiteSummary
    package var repo: RepoCard
    package var widgets: [RepoPageWidget]
    package var embeds: [Embed]
    package var page: PageTitle
    /// Where the repository came from: `repos:` or an owner (see OwnerContexts.swift).
    package var source: RepoSourceContext
    package var locale: PageLocale
    package var feed: FeedLink?
    package var share: PageShare?
    /// Pagefind's attributes, with `search: true` (see SearchFacets).
    package var search: SearchFacets?
    /// The repository's badges and their snippets (`open_data: true`, a repository with embeds).
    package var badges: [BadgeSnippet] = []
    /// The history chart and its table (two points or more).
    package var chart: HistoryChartContext?

    package func child(named key: String) -> Any? {
        switch key {
        case "share": return share
        case "search": return search
        case "badges": return badges
        case "chart": return chart
        case "root": return root
        case "feed": return feed
        case "site": return site
        case "repo": return repo
        case "widgets": return widgets
        case "embeds": return embeds
        case "page": return page
        case "source": return source
        case "stale_notice": return repo.asOfDisplay.map { locale.strings.text("showing_data_as_of", ["date": $0]) }
        case "chart_caption_before", "chart_caption_after":
            guard let history = repo.history else { return nil }
            let strings = locale.strings
            let parts = strings.around(
                "history_chart_caption", "date", count: history.points,
                ["count": strings.formatter.grouped(history.points)])
            return key == "chart_caption_before" ? parts.0 : parts.1
        default: return locale.child(named: key)
        }
    }
}

/// A widget shown on its repository's page: `{ size, html, href, note_html }`.
package struct RepoPageWidget: Sendable, MustacheParent {
    package var size: String
    package var html: String
    /// Its standalone document; nil when the site writes none (`outputs: page`).
    package var href: String?
    package var noteHTML: String?
    /// The size in the page's words ("medium", "중간").
    package var sizeLabel: String = ""

    package func child(named key: String) -> Any? {
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
