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
}
