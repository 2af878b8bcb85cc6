import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

/// `search.mustache`: the search page (`search/index.html`, only with `search: true`). The form
/// works with `?q=…` in the address; `assets/search.js` runs it against Pagefind's index. The result
/// count's plural forms go to the script as `data-found-CATEGORY` (it picks one with the browser's
/// `Intl.PluralRules`), with `{count}` left for it to fill.
struct SearchPageContext: Sendable, MustacheParent {
    /// `{ category, text }`: one plural form of the result count.
    struct Form: Sendable, MustacheParent {
        var category: String
        var text: String

        func child(named key: String) -> Any? {
            switch key {
            case "category": return category
            case "text": return text
            default: return nil
            }
        }
    }

    var shell: PageShell
    /// The site lists a repository on another forge: the sort by date says activity, not a push
    /// (GitLab's date is a project's last activity, Gitea's its last update).
    var otherForges = false

    var foundForms: [Form] {
        shell.strings.forms("search_found").map { Form(category: $0.key.rawValue, text: $0.value) }
    }

    func child(named key: String) -> Any? {
        switch key {
        case "found_forms": return foundForms
        case "sort_pushed": return shell.strings.text(otherForges ? "search_sort_pushed_forges" : "search_sort_pushed")
        default: return shell.child(named: key)
        }
    }
}

extension StringTable {
    /// Every plural form of `key`, in CLDR's order (`zero` … `other`), placeholders left unfilled; a
    /// plain string is its `other` form.
    func forms(_ key: String) -> [(key: PluralCategory, value: String)] {
        switch entries[key] ?? english[key] {
        case .plural(let forms):
            return PluralCategory.allCases.compactMap { category in forms[category].map { (category, $0) } }
        case .text(let text): return [(.other, text)]
        case nil: return []
        }
    }
}
