import Foundation
import Mustache

// The insights page's template keys (Templates/README.md, "Insights page"): scopes of sections of
// tables, each cell a value; the figures come from `InsightFigures`.

/// The page: page context + `scopes`.
package struct InsightsPageContext: Sendable, MustacheParent {
    package var root: String
    package var site: SiteSummary
    package var page: PageTitle
    package var locale: PageLocale
    package var feed: FeedLink?
    package var share: PageShare?
    package var scopes: [InsightScope]

    package func child(named key: String) -> Any? {
        switch key {
        case "root": return root
        case "site": return site
        case "page": return page
        case "feed": return feed
        case "share": return share
        case "scopes": return scopes
        default: return locale.child(named: key)
        }
    }
}

/// `{ id, heading, owner, known, sections }`: the whole site, or one owner (`owner` set).
package struct InsightScope: Sendable, MustacheParent {
    package var id: String
    package var heading: String
    package var owner: String?
    /// "History since 12 Oct 2026", absent without any.
    package var known: String?
    package var sections: [InsightSection]

    package func child(named key: String) -> Any? {
        switch key {
        case "id": return id
        case "heading": return heading
        case "owner": return owner
        case "known": return known
        case "sections": return sections
        default: return nil
        }
    }
}

/// `{ insight, id, title, intro, tables }`; `insight` is the `data-insight` hook.
package struct InsightSection: Sendable, MustacheParent {
    package var insight: String
    package var id: String
    package var title: String
    package var intro: String?
    package var tables: [InsightTable]

    package func child(named key: String) -> Any? {
        switch key {
        case "insight": return insight
        case "id": return id
        case "title": return title
        case "intro": return intro
        case "tables": return tables
        default: return nil
        }
    }
}

/// `{ caption, columns, rows, svg, note, empty }`: a table, its chart (static SVG) and a note.
package struct InsightTable: Sendable, MustacheParent {
    package var caption: String
    package var columns: [String]
    package var rows: [InsightRow]
    package var svg: String?
    package var note: String?

    package init(caption: String, columns: [String], rows: [InsightRow], note: String? = nil) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.note = note
    }

    package func child(named key: String) -> Any? {
        switch key {
        case "caption": return caption
        case "columns": return columns
        case "rows": return rows
        case "svg": return rows.isEmpty ? nil : svg
        case "note": return note
        case "empty": return rows.isEmpty
        default: return nil
        }
    }
}

/// `{ key, cells }`: `key` is the repository (`owner/name`), the language or the total.
package struct InsightRow: Sendable, MustacheParent {
    package var key: String
    package var cells: [InsightCell]

    package func child(named key: String) -> Any? {
        switch key {
        case "key": return self.key
        case "cells": return cells
        default: return nil
        }
    }
}

/// `{ text, value, href, datetime, header, repo, color }`: `value` the integer behind `text`.
package struct InsightCell: Sendable, MustacheParent {
    package var text: String
    package var value: Int?
    package var href: String?
    package var datetime: String?
    package var header = false
    package var repo: String?
    /// A language's colour (`#RRGGBB`, validated where it was read).
    package var color: String?

    package init(
        text: String, value: Int? = nil, href: String? = nil, datetime: String? = nil, header: Bool = false,
        repo: String? = nil, color: String? = nil
    ) {
        self.text = text
        self.value = value
        self.href = href
        self.datetime = datetime
        self.header = header
        self.repo = repo
        self.color = color
    }

    package func child(named key: String) -> Any? {
        switch key {
        case "text": return text
        // As text: a count of 0 is still a value to print, not a false section.
        case "value": return value.map(String.init)
        case "href": return href
        case "datetime": return datetime
        case "header": return header
        case "repo": return repo
        case "color": return color
        default: return nil
        }
    }
}
