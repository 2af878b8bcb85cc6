import Foundation

/// CLDR's plural categories: which form of a word a count takes ("1 day", "2 days"; Arabic has six).
package enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}

/// CLDR cardinal plural rules for whole numbers (the only counts the site shows), per language.
///
/// Written out here because Foundation on Linux exposes no plural-rule API: Apple platforms select
/// plural forms through `.stringsdict` or `String(localized:)` with automatic grammar agreement, which
/// swift-corelibs-foundation does not implement, and ICU's `uplrules_select` sits in the toolchain's
/// internal `_FoundationICU` module, which is not a supported API. The rules are CLDR 44's integer cases
/// (`v = 0`) for the shipped languages and a few common ones a site might add a table for; any other
/// language gets `one` for 1 and `other` otherwise, with `other` as every table's fallback.
package enum PluralRule {
    /// - Parameter locale: a BCP 47 tag (`pt-BR`, `ar`, `ko`); its language picks the rule.
    package static func category(_ count: Int, locale: String) -> PluralCategory {
        let n = count.magnitude
        let mod10 = n % 10
        let mod100 = n % 100
        let tag = locale.lowercased().replacingOccurrences(of: "_", with: "-")
        let language = tag.split(separator: "-").first.map(String.init) ?? tag
        // European Portuguese counts like Spanish; Brazilian ("pt", "pt-BR") like French.
        if tag.hasPrefix("pt-pt") { return n == 1 ? .one : n % 1_000_000 == 0 && n != 0 ? .many : .other }
        switch language {
        case "ja", "ko", "zh", "th", "vi", "id", "ms", "lo", "my", "yue":
            return .other
        case "fr", "pt":
            // French and Brazilian Portuguese treat 0 and 1 alike; round millions take "de".
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es", "it", "ca":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(mod100) { return .few }
                if (11...99).contains(mod100) { return .many }
                return .other
            }
        case "he":
            return n == 1 ? .one : n == 2 ? .two : .other
        case "ru", "uk", "be":
            if mod10 == 1, mod100 != 11 { return .one }
            if (2...4).contains(mod10), !(12...14).contains(mod100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(mod10), !(12...14).contains(mod100) { return .few }
            return .many
        case "cs", "sk":
            return n == 1 ? .one : (2...4).contains(n) ? .few : .other
        default:
            return n == 1 ? .one : .other
        }
    }
}
