import BuiltinTemplates
import Foundation
import RepoWatchModel

/// Which `locale:` values a site can use: known here, where site.yml is checked, from the tables the
/// binary ships.
extension LocaleTag {
    /// The shipped tables, by file name (`Templates/locales/NAME.json`).
    package static var builtIn: [String] { BuiltinTemplates.locales.keys.sorted() }

    /// Tables a site can use: the shipped ones and any `Templates/locales/*.json` beside site.yml.
    static func available(siteDirectory: URL?) -> [String] {
        var names = Set(builtIn)
        if let siteDirectory {
            let folder = siteDirectory.appendingPathComponent("Templates/locales", isDirectory: true)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where file.hasSuffix(".json") {
                let name = String(file.dropLast(".json".count))
                if isWellFormed(name) { names.insert(canonical(name)) }
            }
        }
        return names.sorted()
    }
}
