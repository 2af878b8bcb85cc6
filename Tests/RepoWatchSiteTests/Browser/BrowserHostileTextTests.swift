import Foundation
import Testing

/// What a site.yml's own words may hold — markup, a quote that would end an attribute, a template's
/// braces, a right-to-left override, emoji, a word wider than a phone — in every field that reaches a
/// page (the title, the description, a widget's note, a chart's title), in Chromium at 390 and 1280 px:
/// nothing of it runs, and no page scrolls sideways (Tests/Browser/check_widgets.py).
@Suite(
    "Browser: hostile text in site.yml", .serialized, .timeLimit(.minutes(10)),
    .enabled(
        if: BrowserTools.shouldRun,
        "needs \(BrowserTools.missing.joined(separator: ", ")): \(BrowserTools.installHint)"))
struct BrowserHostileTextTests {
    struct Page: Decodable {
        var page: String
        var pwned: String?
        var scripts: Int
        var handlers: Int
        var alerts: [String]
        var console: [String]
        var links: [String]
        var csp: [String]
        var overflow: [String]
        var sideways: [String]
        var axe: [String]
    }

    struct Report: Decodable {
        var pages: [Page]
    }

    /// Longer than a 390 px page is wide, with no place to break.
    static let longWord = String(repeating: "Supercalifragilistic", count: 6)

    /// Each line hostile in its own way; YAML's double quotes, so `\"` is a quote.
    static let hostile = [
        #"<script>window.__pwned='script'</script>"#,
        #"\"'><img src=x onerror=\"window.__pwned='img'\">"#,
        "{{site.title}} {{{description}}}",
        "\\u202Eevil 🦄🦄 \(longWord)",
    ].joined(separator: " ")

    static let yaml = """
        title: "\(hostile)"
        description: "\(hostile) [link](javascript:window.__pwned='link')"
        repos:
          - apple/swift
          - twbs/bootstrap
        widgets:
          - repo: apple/swift
            note: "\(hostile)"
          - kind: double
            id: pair
            top: apple/swift
            bottom: twbs/bootstrap
            note: "\(hostile)"
        charts:
          - id: hostile
            repos: [apple/swift, twbs/bootstrap]
            title: "\(hostile)"

        """

    static let pages = [
        "index.html", "repos/apple/swift/index.html", "widgets/pair/index.html", "charts/hostile/index.html",
        "insights/index.html", "404.html",
    ]

    @Test("title, description, notes and a chart title hold markup, braces, an override and a long word inertly")
    func inert() async throws {
        try BrowserTools.requireAll()
        let site = try await BrowserTools.sampleSite("hostile", label: "hostile", yaml: Self.yaml)
        let shots = site.deletingLastPathComponent().appendingPathComponent("screenshots", isDirectory: true)
        let views = Self.pages.flatMap { ["\($0)@390", "\($0)@dark"] }
        let report = try await BrowserTools.runCheck(
            "check_widgets.py", ["--site", site.path, "--screenshots", shots.path] + views,
            report: site.deletingLastPathComponent().appendingPathComponent("report.json"), as: Report.self)
        #expect(report.pages.count == views.count)
        for page in report.pages {
            let name = page.page
            #expect(page.pwned == nil, "\(name): a hostile string ran (window.__pwned = \(page.pwned ?? ""))")
            #expect(page.scripts == 0 && page.handlers == 0, "\(name): \(page.scripts) scripts, \(page.handlers) on*")
            #expect(page.alerts.isEmpty && page.console.isEmpty, "\(name): \(page.alerts) \(page.console)")
            #expect(page.links.isEmpty, "\(name): links with disallowed schemes \(page.links)")
            #expect(page.csp.isEmpty, "\(name): Content-Security-Policy violations \(page.csp)")
            #expect(page.sideways.isEmpty, "\(name): scrolls sideways \(page.sideways)")
            #expect(page.overflow.isEmpty, "\(name): content outside its card \(page.overflow.prefix(5))")
            #expect(page.axe.isEmpty, "\(name): axe-core \(page.axe)")
        }
        // The words arrived, as text: the gallery's heading is the title, markup and all.
        let gallery = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("&lt;script&gt;window.__pwned=") && gallery.contains(Self.longWord))
    }
}
