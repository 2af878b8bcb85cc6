import Foundation
import Testing

/// A site template the compiled renderer cannot do: `build` and `check` warn once, naming the
/// file and the tag, and the site is still built (by swift-mustache).
@Suite("End-to-end: a template only swift-mustache renders", .timeLimit(.minutes(10)))
struct TemplateFallbackEndToEndTests {
    static let warning =
        "Templates/card.mustache:1:1: warning: uses a dynamic partial {{>*badge}}, which the compiled renderer "
        + "does not do, so every template renders with swift-mustache's own renderer (slower)"

    func site(_ label: String) throws -> TempDir {
        let dir = try TempDir(label)
        try dir.write("site.yml", "repos: [apple/swift]\n")
        try dir.write("Templates/card.mustache", "<p class=\"my-card\">{{name}}{{#stars}}{{>*badge}}{{/stars}}</p>\n")
        return dir
    }

    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: home))
    }

    @Test func buildWarnsOnceAndStillRenders() async throws {
        let dir = try site("fallback-build")
        defer { dir.remove() }
        let result = try await run(["build", "--sample"], in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.components(separatedBy: Self.warning).count == 2, "\(result)")
        #expect(!result.stdout.contains("dynamic partial"), "\(result)")
        let page = try String(
            contentsOf: dir.url.appendingPathComponent("public/repos/apple/swift/large.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"my-card\">swift</p>"), "\(page)")
    }

    @Test func checkWarnsOnce() async throws {
        let dir = try site("fallback-check")
        defer { dir.remove() }
        let result = try await run(["check"], in: dir)
        #expect(result.status == 0, "\(result)")
        #expect((result.stdout + result.stderr).components(separatedBy: Self.warning).count == 2, "\(result)")
        #expect(result.stdout.contains("templates OK (1 from Templates/)"), "\(result)")
    }
}
