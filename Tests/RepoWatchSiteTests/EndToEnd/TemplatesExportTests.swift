import Foundation
import Testing

/// `templates export DIR [--force]`, through the binary.
@Suite("templates export")
struct TemplatesExportTests {
    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: dir.url))
    }

    @Test("writes every template, asset and string table; refuses a non-empty folder unless --force")
    func export() async throws {
        let dir = try TempDir("templates-export")
        defer { dir.remove() }
        let first = try await run(["templates", "export", "Templates"], in: dir)
        #expect(first.status == 0 && first.stdout.hasPrefix("Wrote "), "\(first)")
        let root = E2EPaths.packageRoot.appendingPathComponent("Templates")
        for path in [
            "card.mustache", "layout.mustache", "assets/style.css", "assets/share.png", "locales/en.json",
            "locales/ko.json",
        ] {
            let exported = try Data(contentsOf: dir.url.appendingPathComponent("Templates/\(path)"))
            #expect(exported == (try Data(contentsOf: root.appendingPathComponent(path))), "\(path)")
        }
        try dir.write("Templates/card.mustache", "changed")
        let refused = try await run(["templates", "export", "Templates"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("is not empty"), "\(refused)")
        #expect(
            try String(contentsOf: dir.url.appendingPathComponent("Templates/card.mustache"), encoding: .utf8)
                == "changed")
        let forced = try await run(["templates", "export", "Templates", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced)")
        #expect(
            try Data(contentsOf: dir.url.appendingPathComponent("Templates/card.mustache"))
                == (try Data(contentsOf: root.appendingPathComponent("card.mustache"))))
        // As a site's Templates/, the export changes nothing and warns about nothing.
        try dir.write("site.yml", "repos:\n  - apple/swift\n")
        let check = try await run(["check"], in: dir)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
        try dir.write("afile", "x")
        let onFile = try await run(["templates", "export", "afile"], in: dir)
        #expect(onFile.status == 2 && onFile.stderr.hasPrefix("error: ") && onFile.stderr.contains("is a file"))
    }

    @Test("named files alone: card.mustache into the site's own Templates/, kept unless --force; a slip is named")
    func exportOne() async throws {
        let dir = try TempDir("templates-export-one")
        defer { dir.remove() }
        try dir.write("Templates/layout.mustache", "mine")
        let one = try await run(["templates", "export", "Templates", "card"], in: dir)
        #expect(one.status == 0 && one.stdout.hasPrefix("Wrote 1 file into Templates"), "\(one)")
        let written = try FileManager.default.contentsOfDirectory(
            atPath: dir.url.appendingPathComponent("Templates").path)
        #expect(written.sorted() == ["card.mustache", "layout.mustache"], "\(written)")
        #expect(
            try String(contentsOf: dir.url.appendingPathComponent("Templates/layout.mustache"), encoding: .utf8)
                == "mine")
        let again = try await run(["templates", "export", "Templates", "card.mustache"], in: dir)
        #expect(again.status == 2 && again.stderr.contains("card.mustache exists; give --force"), "\(again)")
        let slip = try await run(["templates", "export", "Templates", "crad.mustache"], in: dir)
        #expect(slip.status == 2 && slip.stderr.contains("did you mean card.mustache?"), "\(slip)")
        let nested = try await run(["templates", "export", "other", "assets/style.css", "locales/ja.json"], in: dir)
        #expect(nested.status == 0 && nested.stdout.hasPrefix("Wrote 2 files into other"), "\(nested)")
    }

    @Test("--help reads as prose at 80 columns: no line wider, no run of spaces inside a sentence")
    func helpAt80Columns() async throws {
        let dir = try TempDir("templates-export-help")
        defer { dir.remove() }
        let help = try await BinaryRunner.run(
            ["templates", "export", "--help"], in: dir.url,
            environment: BinaryRunner.environment(home: dir.url, ["COLUMNS": "80"]))
        #expect(help.status == 0, "\(help)")
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(help.stdout)")
        for line in lines {
            let text = line.drop { $0 == " " }
            // The options' columns line up with runs of spaces; prose never does.
            if text.hasPrefix("-") || text.hasPrefix("<") { continue }
            #expect(!text.contains("  "), "\(line)")
        }
        #expect(help.stdout.contains("repowatch-site templates export Templates card.mustache"), "\(help.stdout)")
    }
}
