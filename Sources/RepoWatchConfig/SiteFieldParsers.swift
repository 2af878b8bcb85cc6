import Foundation
import RepoWatchModel
import Yams

/// Site-wide fields whose checks are longer than a line or two.
extension Parser {
    /// GitHub Pages wants a bare host name in CNAME; a URL there silently breaks the custom domain.
    package mutating func parseCNAME(_ node: Node) -> String? {
        guard let text = string(node, key: "cname") else { return nil }
        let host = text.trimmingCharacters(in: .whitespaces).lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            labels.count >= 2 && host.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        guard valid else {
            error(
                node, "`cname` must be a domain name like watch.example.com, without https:// or a path (got '\(text)')"
            )
            return nil
        }
        return host
    }

    /// An unknown locale is a warning, not an error: the site is still built, in English.
    package mutating func parseLocale(_ node: Node) -> String? {
        guard let text = string(node, key: "locale")?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard LocaleTag.isWellFormed(text) else {
            warning(node, "`locale` '\(text)' is not a BCP 47 language tag like ko or pt-BR; English is used")
            return nil
        }
        let tag = LocaleTag.canonical(text)
        if availableLocales == nil {
            availableLocales = LocaleTag.available(
                siteDirectory: URL(fileURLWithPath: file).deletingLastPathComponent())
        }
        guard LocaleTag.table(for: tag, among: availableLocales ?? []) != nil else {
            warning(
                node,
                "unknown locale '\(text)'; English is used (shipped: \(LocaleTag.builtIn.joined(separator: ", ")); "
                    + "a site may add Templates/locales/\(tag).json)")
            return nil
        }
        return tag
    }
}
