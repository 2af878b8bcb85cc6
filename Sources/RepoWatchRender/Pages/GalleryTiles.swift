import Mustache

// The gallery's entries: each widget, and the grid's items that hold them.

/// An entry of the gallery: `{ kind, size, title, name, html, href, link }`.
struct GalleryTile: Sendable, MustacheParent {
    var kind: String
    var size: String
    var title: String
    /// Root-relative path of the widget's page (for a repository without one, its would-be folder).
    var href: String
    var html: String
    /// Where the caption leads, ready to use: the page (`root` + `href`), or the repository on
    /// GitHub when it has no page of its own (`outputs: card`); nil: nowhere.
    var link: String?
    /// What the widget shows, without its size: `owner/name`, or `top + bottom` for a double widget.
    var name = ""

    var isDouble: Bool { kind == "double" }

    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "size": return size
        case "title": return title
        case "name": return name
        case "href": return href
        case "link": return link
        case "html": return html
        default: return nil
        }
    }
}

/// One item of the gallery's grid: a repository's cards together (its medium and large widgets),
/// or one double widget, so the grid's order, the reading order and the tab order are the same.
/// `{ kind, name, href, link, widgets }`: `kind` is `repo` or `double`; `widgets` as the gallery's.
struct GalleryGroup: Sendable, MustacheParent {
    var widgets: [GalleryTile]

    var kind: String { widgets.first?.isDouble == true ? "double" : "repo" }

    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "name": return widgets.first?.name
        case "href": return widgets.first?.href
        case "link": return widgets.first?.link
        case "widgets": return widgets
        default: return nil
        }
    }

    /// Consecutive widgets of one repository become one group; each double widget is a group of its own.
    static func grouping(_ tiles: [GalleryTile]) -> [GalleryGroup] {
        var groups: [GalleryGroup] = []
        for tile in tiles {
            if let last = groups.last?.widgets.last, !last.isDouble, !tile.isDouble, last.href == tile.href {
                groups[groups.count - 1].widgets.append(tile)
            } else {
                groups.append(GalleryGroup(widgets: [tile]))
            }
        }
        return groups
    }
}
