import Foundation
import RepoWatchSupport

/// One word of a string table: text with `{name}` placeholders, or plural forms by CLDR category
/// (`{"one": "{count} day ago", "other": "{count} days ago"}`, `other` required).
package enum LocaleEntry: Sendable, Equatable {
    case text(String)
    case plural([PluralCategory: String])
}

/// The string tables a site can use: the shipped ones, each replaced by a file of the same name in
/// the site's `Templates/locales/` (as templates are), plus any table a site adds for a locale we do
/// not ship. Read once a build, first: site.yml's `locale:` is checked against it (Config) and the
/// pages read their words from it (Render).
package struct LocaleCatalog: Sendable {
    package let tables: [String: [String: LocaleEntry]]
    package let english: [String: LocaleEntry]
    /// The shipped tables' names, for the message about an unknown `locale:`.
    package let shipped: [String]
    /// Every table a `locale:` may name: the shipped ones and each well-named file of the site's, read
    /// or not (a table that fails to read is an error of its own, not an unknown locale).
    package let names: [String]
    /// Files from the site's folder (`locales/ko.json`), for `check`.
    package let overridden: [String]
    /// Keys a site's table has that no built-in table knows (a typo, or a key from another version).
    package let warnings: [Diagnostic]
    /// Site tables that are not valid JSON of strings and plural objects, each naming its file: a
    /// render refuses a catalogue that has any (`RenderOptions`), `check` lists them.
    package let problems: [Diagnostic]

    /// The shipped tables alone, by name (`ko` for `Templates/locales/ko.json`); they always parse.
    package init(shipped: [String: [UInt8]]) {
        var tables: [String: [String: LocaleEntry]] = [:]
        for (name, bytes) in shipped { tables[name] = try? Self.parseTable(bytes) }
        self.init(
            tables: tables, shipped: shipped.keys.sorted(), listed: [], overridden: [], warnings: [], problems: [])
    }

    private init(
        tables: [String: [String: LocaleEntry]], shipped: [String], listed: Set<String>, overridden: [String],
        warnings: [Diagnostic], problems: [Diagnostic]
    ) {
        self.tables = tables
        english = tables["en"] ?? [:]
        self.shipped = shipped
        names = listed.union(tables.keys).sorted()
        self.overridden = overridden
        self.warnings = warnings
        self.problems = problems
    }

    /// These tables with the site's own `Templates/locales/*.json` over them; every file is read and
    /// checked here, once. Nil: no site folder (these tables alone).
    package func adding(siteDirectory: URL?) -> LocaleCatalog {
        guard let siteDirectory else { return self }
        var tables = tables
        var listed: Set<String> = []
        var overridden: [String] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let folder = siteDirectory.appendingPathComponent("Templates/locales", isDirectory: true)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            let label = "Templates/locales/\(file)"
            let stem = String(file.dropLast(".json".count))
            guard LocaleTag.isWellFormed(stem) else {
                warnings.append(
                    Diagnostic(
                        .warning, file: label, line: 1, column: 1,
                        "'\(stem)' is not a BCP 47 language tag like ko or pt-BR, so no `locale:` can use this table"))
                continue
            }
            listed.insert(LocaleTag.canonical(stem))
            do {
                let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
                let entries = try Self.parseTable(bytes)
                for key in entries.keys.sorted() where english[key] == nil {
                    warnings.append(
                        Diagnostic(.warning, file: label, line: 1, column: 1, "unknown key '\(key)' is not used"))
                }
                tables[LocaleTag.canonical(stem)] = entries
                overridden.append("locales/\(file)")
            } catch let error as ParseError {
                problems.append(Diagnostic(.error, file: label, line: 1, column: 1, error.description))
            } catch {
                problems.append(
                    Diagnostic(
                        .error, file: label, line: 1, column: 1, "cannot read the table: \(ErrorText.describe(error))"))
            }
        }
        return LocaleCatalog(
            tables: tables, shipped: shipped, listed: listed, overridden: overridden, warnings: warnings,
            problems: problems)
    }

    package struct ParseError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads a table file; anything but an object of strings and plural objects (with `other`) is an error.
    static func parseTable(_ bytes: [UInt8]) throws -> [String: LocaleEntry] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw ParseError(description: "not a JSON object of strings and plural forms")
        }
        var entries: [String: LocaleEntry] = [:]
        for (key, value) in object {
            if let text = value as? String {
                entries[key] = .text(text)
            } else if let forms = value as? [String: Any] {
                var plural: [PluralCategory: String] = [:]
                for (name, form) in forms {
                    guard let category = PluralCategory(rawValue: name), let form = form as? String else {
                        throw ParseError(
                            description:
                                "'\(key)' has '\(name)'; plural forms are zero, one, two, few, many and other, each a string"
                        )
                    }
                    plural[category] = form
                }
                guard plural[.other] != nil else {
                    throw ParseError(description: "'\(key)' needs an \"other\" form")
                }
                entries[key] = .plural(plural)
            } else {
                throw ParseError(description: "'\(key)' must be a string or an object of plural forms")
            }
        }
        return entries
    }
}
