import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Every word the site shows, in one locale: a table from `Templates/locales/LOCALE.json` (the built-in
/// one, or the site's own file of the same name, which replaces it as a template does), with English
/// for any key the table leaves out. Values are text with `{name}` placeholders, or plural forms by
/// CLDR category (`{"one": "{count} day ago", "other": "{count} days ago"}`, `other` required).
///
/// A class, though nothing in it changes: every page context holds the table, and a template reads
/// it through many copies of those contexts; one reference is cheaper to copy than four.
package final class StringTable: Sendable {
    /// The table's name (`ko`, `pt-BR`): the file it came from.
    package let name: String
    /// The locale numbers, dates and plural rules follow: the tag site.yml gives (`de-AT` reads `de`'s
    /// words with Austrian formats).
    package let formatter: LocaleFormatter
    package let entries: [String: LocaleEntry]
    package let english: [String: LocaleEntry]
    /// The sentences that name a command, as HTML: made once here, not once per page that shows them.
    let commandSentences: CommandSentences

    package init(
        name: String, formatter: LocaleFormatter, entries: [String: LocaleEntry], english: [String: LocaleEntry]
    ) {
        self.name = name
        self.formatter = formatter
        self.entries = entries
        self.english = english
        commandSentences = CommandSentences { key in Self.text(key, entries: entries, english: english) }
    }

    /// Built-in English: the fallback for every key, and what a site without `locale:` shows.
    package static let english: StringTable = {
        let entries = LocaleCatalog.builtIn.english
        return StringTable(name: "en", formatter: .english, entries: entries, english: entries)
    }()

    var isRightToLeft: Bool { formatter.isRightToLeft }

    package func has(_ key: String) -> Bool { entries[key] != nil || english[key] != nil }

    /// The text of `key` split at `{placeholder}` (other placeholders filled from `values`), for a
    /// template that puts markup (a `<time>`) where the placeholder stands.
    func around(_ key: String, _ placeholder: String, count: Int? = nil, _ values: [String: String] = [:])
        -> (String, String)
    {
        let marker = "\u{E001}"
        var values = values
        values[placeholder] = marker
        let filled = count.map { plural(key, count: $0, values) } ?? text(key, values)
        guard let range = filled.range(of: marker) else { return (filled, "") }
        return (String(filled[..<range.lowerBound]), String(filled[range.upperBound...]))
    }

    /// The text for `key`, placeholders filled; a plural entry gives its `other` form.
    package func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.text(key, values, entries: entries, english: english)
    }

    private static func text(
        _ key: String, _ values: [String: String] = [:], entries: [String: LocaleEntry],
        english: [String: LocaleEntry]
    ) -> String {
        switch entries[key] ?? english[key] {
        case .text(let text): return fill(text, values)
        case .plural(let forms): return fill(forms[.other] ?? "", values)
        case nil: return key
        }
    }

    /// The form of `key` for `count` in this locale, with `{count}` written as `display` (the
    /// formatted number, grouped by default) and the other placeholders from `values`.
    package func plural(_ key: String, count: Int, display: String? = nil, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = display ?? formatter.grouped(count)
        let entry = entries[key] ?? english[key]
        switch entry {
        case .plural(let forms):
            let category = PluralRule.category(count, locale: entries[key] == nil ? "en" : formatter.identifier)
            // An exact "zero" form is CLDR's way to say "no …": used for 0 in any language that gives one.
            let form = (count == 0 ? forms[.zero] : nil) ?? forms[category] ?? forms[.other] ?? ""
            return Self.fill(form, values)
        case .text(let text): return Self.fill(text, values)
        case nil: return key
        }
    }

    /// Every simple (non-plural) string, resolved: what templates read as `{{t.KEY}}`.
    package var texts: [String: String] {
        var all: [String: String] = [:]
        for key in english.keys { all[key] = text(key) }
        for key in entries.keys where all[key] == nil { all[key] = text(key) }
        return all
    }

    package static func fill(_ text: String, _ values: [String: String]) -> String {
        // Bytes: `contains("{")` would be Foundation's locale-aware search, and the braces are ASCII,
        // so the UTF-8 view finds them without walking characters (a chart fills one per point).
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var rest = text.utf8[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")) {
            out += Substring(rest[..<open])
            guard let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = String(Substring(rest[rest.index(after: open)..<close]))
            if let value = values[name] {
                out += value
            } else {
                out += Substring(rest[open...close])
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + Substring(rest)
    }
}
