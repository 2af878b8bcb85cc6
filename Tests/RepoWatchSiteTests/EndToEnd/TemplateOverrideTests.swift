import Foundation
import Testing

/// `check` and `build` with a site's own Templates/ folder and look keys, through the binary.
@Suite("End-to-end: template overrides, check and widget looks", .timeLimit(.minutes(10)))
struct TemplateOverrideTests {
    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: home))
    }

    @Test("check reports site.yml and template errors together, each as FILE:LINE:COL, exit 2")
    func checkReportsEveryError() async throws {
        let dir = try TempDir("check-templates")
        defer { dir.remove() }
        try dir.write("site.yml", "repos: [a/b]\nwidgets:\n  - repo: a/b\n    accent: \"#12345\"\n")
        try dir.write("Templates/card.mustache", "<div>\n  {{#repo}}\n  {{name}}\n</div>\n")
        let result = try await run(["check"], in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("site.yml:4:13: error: `accent` must be a colour written #RRGGBB"), "\(result)")
        #expect(
            result.stderr.range(
                of: #"Templates/card\.mustache:\d+:\d+: error: template syntax error"#, options: .regularExpression)
                != nil, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("public").path))
    }

    @Test("check passes a good override and warns about a file that overrides nothing")
    func checkWarnsAboutUnknownNames() async throws {
        let dir = try TempDir("check-names")
        defer { dir.remove() }
        try dir.write("site.yml", "repos: [a/b]\nrendering: accented\naccent: \"#FF9500\"\nnumbers: compact\n")
        try dir.write("Templates/404.mustache", "<p>gone</p>\n")
        try dir.write("Templates/cards.mustache", "<p>typo</p>\n")
        let result = try await run(["check"], in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("templates OK (2 from Templates/)"), "\(result)")
        #expect((result.stdout + result.stderr).contains("Templates/cards.mustache:1:1: warning:"), "\(result)")
    }

    @Test("build uses the site's card for every widget and the built-in templates for the rest")
    func buildOverridesFileByFile() async throws {
        let dir = try TempDir("override-build")
        defer { dir.remove() }
        try dir.write(
            "site.yml",
            "repos: [apple/swift]\nwidgets:\n  - repo: apple/swift\n    appearance: dark\n    rendering: desaturated\n")
        try dir.write("Templates/card.mustache", "<p class=\"my-card\">{{name}} ★ {{stars.display}}</p>\n")
        let result = try await run(["build", "--sample"], in: dir)
        #expect(result.status == 0, "\(result)")
        let page = try String(
            contentsOf: dir.url.appendingPathComponent("public/repos/apple/swift/large.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"my-card\">swift ★ "), "\(page)")
        #expect(page.contains("class=\"rw rw--large rw--dark rw--desaturated\""), "the built-in large.mustache")
        #expect(page.contains("Top Contributors"))
    }
}
