import Mustache

// The template keys of `owners:` (Templates/README.md: `sections` on the gallery, `source` on a
// repository page), typed like the other page contexts. A nil answer is an absent key.

/// `sections`: a run of gallery widgets, under its owner's heading when they come from one owner;
/// `tiles`: the same widgets as the grid's items (`GalleryGroup`).
struct GallerySection: Sendable, MustacheParent {
    var widgets: [GalleryTile]
    var owner: OwnerHeadingContext?
    /// The first section of a page that goes on from the page before.
    var continued: Bool

    func child(named key: String) -> Any? {
        switch key {
        case "widgets": return widgets
        case "tiles": return GalleryGroup.grouping(widgets)
        case "owner": return owner
        case "continued": return owner == nil ? nil : continued
        default: return nil
        }
    }
}

/// `owner`: `{ name, login, anchor, avatar: { src, alt }, count, count_display, count_label, html_url,
/// cards_href }`.
struct OwnerHeadingContext: Sendable, MustacheParent {
    /// As written in site.yml.
    var name: String
    /// As GitHub spells it now.
    var login: String
    var anchor: String
    var avatar: RepoCard.Avatar
    /// The owner's repositories on the whole site.
    var count: Int
    var countDisplay: String
    var countLabel: String
    var htmlURL: String?
    /// The owner's cards page (`owners/LOGIN/`), relative to the site's root; nil when it has none.
    var cardsHref: String?

    func child(named key: String) -> Any? {
        switch key {
        case "cards_href": return cardsHref
        case "name": return name
        case "login": return login
        case "anchor": return anchor
        case "avatar": return avatar
        case "count": return count
        case "count_display": return countDisplay
        case "count_label": return countLabel
        case "html_url": return htmlURL
        default: return nil
        }
    }
}

/// A repository page's `source`: `{ value, from_owner, owner_name, label, html_url }`.
struct RepoSourceContext: Sendable, MustacheParent {
    /// As in snapshot.json: `repos` or `owner:NAME`.
    var value: String
    /// The owner as written in site.yml; nil for `repos:`.
    var ownerName: String?
    var label: String
    var htmlURL: String?

    func child(named key: String) -> Any? {
        switch key {
        case "value": return value
        case "from_owner": return ownerName != nil
        case "owner_name": return ownerName
        case "label": return label
        case "html_url": return htmlURL
        default: return nil
        }
    }
}
