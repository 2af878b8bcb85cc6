import Foundation
import Mustache

// The insights page's template keys (Templates/README.md, "Insights page"): scopes of sections of
// tables, each cell a value; the figures come from `InsightFigures`.

/// The page: page context + `scopes`.
struct InsightsPageContext: Sendable, MustacheParent {
    var shell: PageShell
    var scopes: [InsightScope]
    /// site.yml's `charts:`, each linking to its page.
    var charts: [ChartLink] = []

    func child(named key: String) -> Any? {
        switch key {
        case "scopes": return scopes
        case "charts": return charts
        default: return shell.child(named: key)
        }
    }
}

/// `{ id, heading, owner, known, totals, sections, left_out, cards_href }`: the whole site, or one owner
/// (`owner` set).
struct InsightScope: Sendable, MustacheParent {
    var id: String
    var heading: String
    var owner: String?
    /// "History since 12 Oct 2026", absent without any.
    var known: String?
    var totals: InsightTotals
    /// Only the sections with something to list.
    var sections: [InsightSection]
    /// One sentence naming the sections and tables left out for having nothing to list; nil when none is.
    var leftOut: String?
    /// The owner's cards page, relative to the site's root; nil for the site and an owner without cards.
    var cardsHref: String? = nil

    func child(named key: String) -> Any? {
        switch key {
        case "id": return id
        case "heading": return heading
        case "owner": return owner
        case "known": return known
        case "totals": return totals
        case "sections": return sections
        case "left_out": return leftOut
        case "cards_href": return cardsHref
        default: return nil
        }
    }
}

/// `{ id, title, figures, note }`: the totals as figures to read at a glance, the `totals` insight.
struct InsightTotals: Sendable, MustacheParent {
    var id: String
    var title: String
    var figures: [InsightFigure]
    /// Why a change is missing (too short a history).
    var note: String?

    func child(named key: String) -> Any? {
        switch key {
        case "id": return id
        case "title": return title
        case "figures": return figures
        case "note": return note
        default: return nil
        }
    }
}

/// `{ key, label, text, value, changes }`: one total (`key`: `repos`, `stars`, `forks`, `issues`,
/// `pulls`) and how it moved.
struct InsightFigure: Sendable, MustacheParent {
    var key: String
    var label: String
    var text: String
    var value: Int
    var changes: [InsightChange]

    func child(named key: String) -> Any? {
        switch key {
        case "key": return self.key
        case "label": return label
        case "text": return text
        // As text: a count of 0 is still a value to print, not a false section.
        case "value": return String(value)
        case "changes": return changes
        default: return nil
        }
    }
}

/// `{ span, value, sign, text, before, after }`: a total's change over `span` days; `text` the signed
/// figure, `before` and `after` the words around it ("+12 in 7 days").
struct InsightChange: Sendable, MustacheParent {
    var span: Int
    var value: Int
    var text: String
    var before: String
    var after: String

    var sign: String { value > 0 ? "up" : value < 0 ? "down" : "flat" }

    func child(named key: String) -> Any? {
        switch key {
        case "span": return String(span)
        case "value": return String(value)
        case "sign": return sign
        case "text": return text
        case "before": return before
        case "after": return after
        default: return nil
        }
    }
}

/// `{ insight, id, title, intro, tables }`; `insight` is the `data-insight` hook.
struct InsightSection: Sendable, MustacheParent {
    var insight: String
    var id: String
    var title: String
    var intro: String?
    var tables: [InsightTable]

    func child(named key: String) -> Any? {
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

/// `{ caption, columns, rows, svg, note, empty, caption_is_title }`: a table, its chart (static SVG) and a note.
struct InsightTable: Sendable, MustacheParent {
    var caption: String
    var columns: [String]
    var rows: [InsightRow]
    var svg: String?
    var note: String?
    /// Whether the caption says what the section's heading says (a section of one table): the default
    /// template keeps it for screen readers only.
    var captionIsTitle = false

    init(caption: String, columns: [String], rows: [InsightRow], note: String? = nil) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.note = note
    }

    func child(named key: String) -> Any? {
        switch key {
        case "caption": return caption
        case "columns": return columns
        case "rows": return rows
        case "svg": return rows.isEmpty ? nil : svg
        case "note": return note
        case "empty": return rows.isEmpty
        case "caption_is_title": return captionIsTitle
        default: return nil
        }
    }
}

/// `{ key, cells }`: `key` is the repository (`owner/name`), the language or the total.
struct InsightRow: Sendable, MustacheParent {
    var key: String
    var cells: [InsightCell]

    func child(named key: String) -> Any? {
        switch key {
        case "key": return self.key
        case "cells": return cells
        default: return nil
        }
    }
}

/// `{ text, value, href, datetime, header, repo, color }`: `value` the integer behind `text`.
struct InsightCell: Sendable, MustacheParent {
    var text: String
    var value: Int?
    var href: String?
    var datetime: String?
    var header = false
    var repo: String?
    /// A language's colour (`#RRGGBB`, validated where it was read).
    var color: String?

    init(
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

    func child(named key: String) -> Any? {
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
