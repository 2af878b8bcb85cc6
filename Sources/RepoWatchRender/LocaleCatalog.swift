import BuiltinTemplates
import Foundation
import RepoWatchModel

extension LocaleCatalog {
    /// The shipped tables alone (no site folder): they always parse.
    package static let builtIn = LocaleCatalog(shipped: BuiltinTemplates.locales)

    /// The shipped tables with the site's `Templates/locales/` over them: what a build, `check` and
    /// each of `serve`'s rebuilds read once, before site.yml. Problems are in `problems`, not thrown, so
    /// site.yml's own errors are found beside them.
    package static func load(siteDirectory: URL?) -> LocaleCatalog { builtIn.adding(siteDirectory: siteDirectory) }

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
