import Foundation
import Mustache
import RepoWatchModel

/// `search` on a repository page when `search: true`: what Pagefind files the page under, as
/// `data-pagefind-filter`, `-sort` and `-meta` attributes (Templates/README.md, "Search"). Every value
/// is read from an attribute (`key[data-value]`), never written into the directive itself, so a
/// language or description holding a comma or a colon cannot change what Pagefind reads.
struct SearchFacets: Sendable, MustacheParent {
    /// `{ key, value }`: one attribute for Pagefind.
    struct Tag: Sendable, MustacheParent {
        var key: String
        var value: String

        func child(named key: String) -> Any? {
            switch key {
            case "key": return self.key
            case "value": return value
            default: return nil
            }
        }
    }

    /// owner, language, topic (one tag each), state (the card's state, and `archived`).
    var filters: [Tag] = []
    /// stars, forks, pushed (Unix seconds), name (lowercased, A→Z); a value the API did not give is
    /// left out, and Pagefind then leaves the page out of results sorted by it.
    var sorts: [Tag] = []
    /// What a result shows: title, repo, image (root-relative), description, stars, stars_display,
    /// language.
    var meta: [Tag] = []
    /// Topics and language as words to search for, like the page's own text (Pagefind reads this
    /// one attribute as content); nil when there are none.
    var words: String?

    init(repo: RepoSnapshot?, card: RepoCard) {
        let name = card.fullName.isEmpty ? card.configName : card.fullName
        let owner = name.split(separator: "/").first.map(String.init) ?? card.owner
        filters.append(Tag(key: "owner", value: owner))
        if let language = repo?.language?.name { filters.append(Tag(key: "language", value: language)) }
        for topic in repo?.topics ?? [] where !topic.isEmpty { filters.append(Tag(key: "topic", value: topic)) }
        filters.append(Tag(key: "state", value: card.state.rawValue))
        if card.archived { filters.append(Tag(key: "state", value: "archived")) }

        if let stars = card.stars?.value { sorts.append(Tag(key: "stars", value: String(stars))) }
        if let forks = card.forks?.value { sorts.append(Tag(key: "forks", value: String(forks))) }
        if let pushed = repo?.pushedAt {
            sorts.append(Tag(key: "pushed", value: String(Int(pushed.timeIntervalSince1970))))
        }
        sorts.append(Tag(key: "name", value: name.lowercased()))

        meta.append(Tag(key: "title", value: name))
        meta.append(Tag(key: "repo", value: card.configName))
        if !card.avatar.src.isEmpty { meta.append(Tag(key: "image", value: card.avatar.src)) }
        if let description = card.description, !description.isEmpty {
            meta.append(Tag(key: "description", value: ShareMaker.shortened(description)))
        }
        if let stars = card.stars, let value = stars.value, let display = stars.display {
            meta.append(Tag(key: "stars", value: String(value)))
            meta.append(Tag(key: "stars_display", value: display))
        }
        if let language = repo?.language?.name { meta.append(Tag(key: "language", value: language)) }
        let words = (repo?.topics ?? []) + [repo?.language?.name].compactMap { $0 }
        self.words = words.isEmpty ? nil : words.joined(separator: " ")
    }

    func child(named key: String) -> Any? {
        switch key {
        case "filters": return filters
        case "sorts": return sorts
        case "meta": return meta
        case "words": return words
        default: return nil
        }
    }
}
