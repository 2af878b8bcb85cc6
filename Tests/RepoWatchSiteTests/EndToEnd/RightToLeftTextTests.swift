import Foundation
import Testing

/// Text from site.yml on a right-to-left page keeps its own direction: an English description on
/// an `ar` site ends with its full stop on the right, as card descriptions do.
@Suite("site.yml's text isolated on right-to-left pages")
struct RightToLeftTextTests {
    @Test("title, description and notes carry dir=auto")
    func isolated() async throws {
        let dir = try TempDir("rtl-text")
        defer { dir.remove() }
        try dir.write(
            "site.yml",
            """
            title: My widgets
            description: Widgets for the repositories I watch.
            locale: ar
            repos:
              - apple/swift
            widgets:
              - repo: apple/swift
                note: Read the docs first.

            """)
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let result = try await BinaryRunner.run(
            ["build", "--sample"], in: dir.url, environment: BinaryRunner.environment(home: home))
        #expect(result.status == 0, "\(result)")
        let gallery = try String(contentsOf: dir.url.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(gallery.contains("dir=\"rtl\""))
        #expect(gallery.contains("<h1 class=\"intro__title\" dir=\"auto\">My widgets</h1>"), "\(gallery)")
        #expect(
            gallery.contains(
                "<div class=\"intro__text\" dir=\"auto\"><p>Widgets for the repositories I watch.</p>"), "\(gallery)")
        #expect(gallery.contains("<bdi dir=\"auto\">My widgets</bdi></a>"), "\(gallery)")
        let page = try String(
            contentsOf: dir.url.appendingPathComponent("public/repos/apple/swift/index.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"note\" dir=\"auto\"><p>Read the docs first.</p>"), "\(page)")
    }
}
