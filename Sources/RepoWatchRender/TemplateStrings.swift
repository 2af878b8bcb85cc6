import Mustache

/// `t` in every template: the locale's string table by key (`{{t.top_contributors}}`), plural forms
/// in their `other` form; a key no table knows is absent.
struct TemplateStrings: Sendable, MustacheParent {
    let table: StringTable

    func child(named key: String) -> Any? { table.has(key) ? table.text(key) : nil }
}
