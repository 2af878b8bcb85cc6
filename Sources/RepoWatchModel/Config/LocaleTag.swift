import Foundation

/// `locale:` values (BCP 47 language tags) and which string table each one reads.
package enum LocaleTag {
    /// RFC 5646 syntax, simplified: a 2–3 or 5–8 letter language, then optional script (4 letters),
    /// region (2 letters or 3 digits), variants (5–8 alphanumerics, or a digit and 3), and extensions
    /// (`-u-nu-arab`). `_` is accepted for `-`, as Foundation writes identifiers.
    package static func isWellFormed(_ tag: String) -> Bool {
        let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count) || (5...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        var inExtension = false
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return false
            }
            if part.count == 1 {
                inExtension = true
                continue
            }
            if inExtension { continue }
            let letters = part.allSatisfy(\.isLetter)
            let digits = part.allSatisfy(\.isNumber)
            let script = part.count == 4 && letters
            let region = (part.count == 2 && letters) || (part.count == 3 && digits)
            let variant = part.count >= 5 || (part.count == 4 && part.first!.isNumber)
            guard script || region || variant else { return false }
        }
        // An extension's singleton needs at least one subtag after it.
        return parts.last?.count != 1
    }

    /// Conventional case: `pt_br` → `pt-BR`, `ZH-hans` → `zh-Hans`, extensions lowercased.
    package static func canonical(_ tag: String) -> String {
        var out: [String] = []
        var inExtension = false
        for (index, part) in tag.replacingOccurrences(of: "_", with: "-").split(separator: "-").enumerated() {
            if part.count == 1 { inExtension = true }
            if index == 0 || inExtension || part.count > 4 {
                out.append(part.lowercased())
            } else if part.count == 4, part.allSatisfy(\.isLetter) {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else {
                out.append(part.uppercased())
            }
        }
        return out.joined(separator: "-")
    }

    /// The table `tag` reads, among `names`: the tag itself, else the tag with subtags dropped from the
    /// end (`de-AT` → `de`, `zh-Hans-CN` → `zh-Hans`). Chinese without a script goes by region
    /// (`zh`, `zh-CN`, `zh-SG` → `zh-Hans`; Traditional `zh-TW`, `zh-HK`, `zh-Hant` are not Simplified),
    /// and `pt` means the shipped Brazilian table. Nil: no table (English is used, with a warning).
    package static func table(for tag: String, among names: [String]) -> String? {
        let byKey = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var parts = canonical(tag).split(separator: "-").map(String.init)
        if let singleton = parts.firstIndex(where: { $0.count == 1 }) { parts.removeSubrange(singleton...) }
        if parts.first == "zh", parts.count >= 2, parts[1].count != 4 {
            let traditional = ["TW", "HK", "MO"].contains(parts[1])
            parts.insert(traditional ? "Hant" : "Hans", at: 1)
        } else if parts == ["zh"] {
            parts.append("Hans")
        }
        while !parts.isEmpty {
            let candidate = parts.joined(separator: "-").lowercased()
            if let name = byKey[candidate] { return name }
            if candidate == "pt", let brazil = byKey["pt-br"] { return brazil }
            parts.removeLast()
        }
        return nil
    }
}
