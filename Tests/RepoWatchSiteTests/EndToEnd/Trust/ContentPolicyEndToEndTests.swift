import Foundation
import Testing

/// "Only its own code runs" through the binary: every page's policy, what site.yml's `csp:` adds,
/// and what `check` and `build` say about a template the policy would block.
@Suite("End-to-end: the pages' Content-Security-Policy", .timeLimit(.minutes(10)))
struct ContentPolicyEndToEndTests {
    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: home))
    }

    static let site = """
        title: Analytics
        rendering: accented
        accent: "#FF9500"
        csp:
          script-src: [https://plausible.io]
          connect-src: [https://plausible.io]
        repos:
          - apple/swift
          - twbs/bootstrap
        widgets:
          - { kind: single, repo: apple/swift }
          - { kind: double, top: apple/swift, bottom: twbs/bootstrap }

        """

    /// A layout that loads an analytics script from its origin (allowed by `csp:`) and also holds an
    /// inline snippet and a `style` attribute (refused, and named by check and build).
    static let layout = """
        <!doctype html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <title>{{page.title}}</title>
        <link rel="stylesheet" href="{{root}}assets/style.css">
        <script defer src="https://plausible.io/js/script.js"></script>
        <script>window.plausible = window.plausible || function () {};</script>
        </head>
        <body><main id="main" style="padding: 0">{{$body}}{{/body}}</main></body>
        </html>

        """

    @Test("every page: one policy first in its head, site.yml's sources added; check and build name what it blocks")
    func everyPageAndTheSiteAdditions() async throws {
        let dir = try TempDir("csp")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site)
        try dir.write("Templates/layout.mustache", Self.layout)
        let check = try await run(["check"], in: dir)
        #expect(check.status == 0, "\(check)")
        let inline = "Templates/layout.mustache:8:1: warning: an inline <script> does not run"
        let attribute = "Templates/layout.mustache:10:7: warning: a style=\"…\" attribute is ignored"
        let said = check.stdout + check.stderr
        #expect(said.contains(inline) && said.contains(attribute), "\(check)")

        let build = try await run(["build", "--sample"], in: dir)
        #expect(build.status == 0, "\(build)")
        #expect(build.stderr.contains(inline) && build.stderr.contains(attribute), "\(build)")
        let output = dir.url.appendingPathComponent("public")
        let pages = PrivateSite.htmlFiles(in: output)
        #expect(pages.count == 11, "\(pages)")  // with the double widget's page and the insights page
        for page in pages {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let policies = HTMLPage(html).tags.filter { $0.name == "meta" && $0["http-equiv"] != nil }
            #expect(policies.count == 1, "\(page)")
            let policy = policies.first?["content"] ?? ""
            #expect(policy.contains("script-src 'self' https://plausible.io;"), "\(page): \(policy)")
            #expect(policy.contains("connect-src 'self' https://plausible.io;"), "\(page): \(policy)")
            #expect(html.range(of: "http-equiv")!.lowerBound < (html.range(of: "<link")?.lowerBound ?? html.endIndex))
        }
        let css = try String(contentsOf: output.appendingPathComponent("assets/style.css"), encoding: .utf8)
        #expect(css.contains(".rw-accent-ff9500 { --rw-accent-light-surface:#"))
    }

    @Test("a source that would let injected code run is an error at its line and column; nothing is written")
    func unsafeSourcesAreRefused() async throws {
        let dir = try TempDir("csp-bad")
        defer { dir.remove() }
        try dir.write("site.yml", "repos: [apple/swift]\ncsp:\n  script-src:\n    - \"'unsafe-inline'\"\n    - data:\n")
        let build = try await run(["build", "--sample"], in: dir)
        #expect(build.status == 2, "\(build)")
        #expect(
            build.stderr.contains("site.yml:4:7: error: 'unsafe-inline' is not accepted in `script-src`"), "\(build)")
        #expect(build.stderr.contains("site.yml:5:7: error: data: is not accepted in `script-src`"), "\(build)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("public").path))
    }
}
