import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The render's settings are one value, made once where the build loads its inputs (or by a test) and
/// checked in its initializer; the string tables in it are read once, before site.yml, and are the
/// ones site.yml's `locale:` is checked against.
@Suite struct RenderOptionsTests {
    /// A site folder with its own string tables (`Templates/locales/NAME.json`) and a site.yml.
    func site(_ yaml: String, tables: [String: String]) throws -> (folder: URL, options: BuildOptions) {
        let folder = try temporaryDirectory()
        let locales = folder.appendingPathComponent("Templates/locales", isDirectory: true)
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        for (name, text) in tables { try Data(text.utf8).write(to: locales.appendingPathComponent(name)) }
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("site.yml"))
        var options = try BuildOptions(sample: true)
        options.configPath = folder.appendingPathComponent("site.yml").path
        options.now = ISO8601.parse("2026-11-22T12:00:00Z")
        return (folder, options)
    }

    @Test("a catalogue with a table that cannot be read is refused, naming the file")
    func brokenTablesAreRefused() throws {
        let (folder, _) = try site("repos: [a/b]\n", tables: ["it.json": #"{"days_caption": {"uno": "x"}}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = LocaleCatalog.load(siteDirectory: folder)
        #expect {
            try RenderOptions(locales: catalog)
        } throws: { error in
            (error as? DiagnosticsError)?.description
                == "Templates/locales/it.json:1:1: error: 'days_caption' has 'uno'; plural forms are zero, one, two, "
                + "few, many and other, each a string"
        }
        let options = try RenderOptions(search: true)
        #expect(options.search)
        #expect(options.locales.names == LocaleCatalog.builtIn.names)
    }

    @Test("Config checks `locale:` against the catalogue it is handed, and reads no folder itself")
    func configReadsTheHandedCatalogue() throws {
        let (folder, _) = try site("repos: [a/b]\n", tables: ["it.json": #"{"top_contributors": "Migliori"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = "locale: it\nrepos: [a/b]\n"
        // Beside a site.yml that does not exist: only the handed catalogue can know `it`.
        let handed = try ConfigLoader(file: "/nonexistent/site.yml", locales: .load(siteDirectory: folder)).parse(yaml)
        #expect(handed.warnings.isEmpty && handed.config.locale == "it")
        // Beside the folder that has it.json, but handed the shipped tables alone: `it` is unknown.
        let shippedOnly = try ConfigLoader(file: folder.appendingPathComponent("site.yml").path, locales: .builtIn)
            .parse(yaml)
        #expect(shippedOnly.config.locale == "en")
        #expect(shippedOnly.warnings.map(\.message).first?.hasPrefix("unknown locale 'it'; English is used") == true)
        // A table that cannot be read is an error of its own, not an unknown locale as well.
        let (broken, _) = try site("repos: [a/b]\n", tables: ["xx.json": "[]"])
        defer { try? FileManager.default.removeItem(at: broken) }
        let catalog = LocaleCatalog.load(siteDirectory: broken)
        #expect(catalog.problems.map(\.file) == ["Templates/locales/xx.json"])
        #expect(
            try ConfigLoader(file: "site.yml", locales: catalog).parse("locale: xx\nrepos: [a/b]\n").warnings.isEmpty)
    }

    @Test("a build's inputs: one catalogue for site.yml and the render, with the site's own table")
    func oneCatalogueForConfigAndRender() throws {
        let (folder, options) = try site(
            "locale: it\nrepos: [a/b]\n", tables: ["it.json": #"{"top_contributors": "Migliori contributori"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = MemoryLog()
        let inputs = try SiteInputs.load(options, log: log)
        #expect(inputs.config.locale == "it")
        #expect(!log.messages.contains { $0.contains("unknown locale") }, "\(log.messages)")
        #expect(inputs.render.locales.table(for: "it").text("top_contributors") == "Migliori contributori")
        #expect(!inputs.render.search)
    }

    @Test("site.yml's error comes first; a broken table alone stops the build naming its file; check lists both")
    func brokenTablesInBuildAndCheck() throws {
        let (folder, options) = try site("repos: [a/b]\nappearance: drak\n", tables: ["it.json": "{"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try SiteInputs.load(options, log: MemoryLog())
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.map(\.file) == [options.configPath]
        }
        do {
            _ = try Check(configPath: options.configPath).run()
            Issue.record("check passed")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.map(\.file) == [options.configPath, "Templates/locales/it.json"])
        }
        try Data("repos: [a/b]\n".utf8).write(to: folder.appendingPathComponent("site.yml"))
        #expect {
            try SiteInputs.load(options, log: MemoryLog())
        } throws: { error in
            (error as? DiagnosticsError)?.description
                == "Templates/locales/it.json:1:1: error: not a JSON object of strings and plural forms"
        }
    }
}
