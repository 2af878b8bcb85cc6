import BuiltinTemplates
import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The string tables a site can use: the shipped ones, each replaced by a file of the same name in
/// the site's `Templates/locales/` (as templates are), plus any table a site adds for a locale we do
/// not ship. Every file is read and checked once, before anything is fetched.
package struct LocaleCatalog: Sendable {
    package let tables: [String: [String: StringTable.Entry]]
    package let english: [String: StringTable.Entry]
    /// Files from the site's folder (`locales/ko.json`), for `check`.
    package let overridden: [String]
    /// Keys a site's table has that no built-in table knows (a typo, or a key from another version).
    package let warnings: [Diagnostic]

    package var names: [String] { tables.keys.sorted() }

    /// - Throws: `DiagnosticsError` naming the file when a site's table is not valid JSON of strings
    ///   and plural objects.
    package static func load(siteDirectory: URL?) throws -> LocaleCatalog {
        var tables: [String: [String: StringTable.Entry]] = [:]
        for (name, bytes) in BuiltinTemplates.locales {
            tables[name] = try? StringTable.parse(bytes)
        }
        let english = tables["en"] ?? [:]
        var overridden: [String] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        if let siteDirectory {
            let folder = siteDirectory.appendingPathComponent("Templates/locales", isDirectory: true)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".json") {
                let label = "Templates/locales/\(file)"
                let stem = String(file.dropLast(".json".count))
                guard LocaleTag.isWellFormed(stem) else {
                    warnings.append(
                        Diagnostic(
                            .warning, file: label, line: 1, column: 1,
                            "'\(stem)' is not a BCP 47 language tag like ko or pt-BR, so no `locale:` can use this table"
                        ))
                    continue
                }
                do {
                    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
                    let entries = try StringTable.parse(bytes)
                    for key in entries.keys.sorted() where english[key] == nil {
                        warnings.append(
                            Diagnostic(.warning, file: label, line: 1, column: 1, "unknown key '\(key)' is not used"))
                    }
                    tables[LocaleTag.canonical(stem)] = entries
                    overridden.append("locales/\(file)")
                } catch let error as StringTable.ParseError {
                    problems.append(Diagnostic(.error, file: label, line: 1, column: 1, error.description))
                } catch {
                    problems.append(
                        Diagnostic(
                            .error, file: label, line: 1, column: 1,
                            "cannot read the table: \(ErrorText.describe(error))"))
                }
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return LocaleCatalog(tables: tables, english: english, overridden: overridden, warnings: warnings)
    }

    /// The shipped tables alone (no site folder): they always parse.
    package static let builtIn: LocaleCatalog =
        (try? load(siteDirectory: nil))
        ?? LocaleCatalog(
            tables: [:], english: [:], overridden: [], warnings: [])

    /// The words and formats for a `locale:` value; a tag without a table (site.yml already warned)
    /// reads English.
    package func table(for tag: String) -> StringTable {
        guard let name = LocaleTag.table(for: tag, among: names), let entries = tables[name] else {
            return StringTable(name: "en", formatter: .english, entries: english, english: english)
        }
        return StringTable(name: name, formatter: LocaleFormatter(identifier: tag), entries: entries, english: english)
    }
}

/// The tables one build uses, made once (a table's formatter holds ICU formatters) and shared by
/// every thread: the site's locale and each widget's own.
struct LocaleTables: Sendable {
    private let tables: [String: StringTable]
    private let catalog: LocaleCatalog

    init(catalog: LocaleCatalog = .builtIn, locales: [String] = ["en"]) {
        var tables: [String: StringTable] = [:]
        for tag in locales where tables[tag] == nil { tables[tag] = catalog.table(for: tag) }
        self.tables = tables
        self.catalog = catalog
    }

    init(catalog: LocaleCatalog, config: SiteConfig) {
        self.init(catalog: catalog, locales: [config.locale] + config.widgets.compactMap(\.locale))
    }

    func table(for tag: String) -> StringTable { tables[tag] ?? catalog.table(for: tag) }
}
