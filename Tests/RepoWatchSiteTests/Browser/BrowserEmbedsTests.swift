import Foundation
import Testing

/// A repository page's one embed chooser in Chromium, in English and in Arabic, light and dark: the
/// widgets, the history chart and every badge offered through it, each snippet in the page without a
/// script, and axe clean with every entry open.
@Suite(
    "Browser: the embed chooser in Chromium, en and ar", .enabled(if: BrowserTools.shouldRun), .timeLimit(.minutes(10)))
struct BrowserEmbedsTests {
    struct Report: Decodable {
        struct View: Decodable {
            var site: String
            var scheme: String
            var sections: Int
            var entries: [String]
            var inside: [String]
            var snippets: [String]
            var empty: [String]
            var copies: [String]
            var withoutScript: Bool
            var violations: [String]
        }
        var views: [View]
    }

    static let kinds = ["stars", "forks", "issues", "pulls", "days", "release"]

    @Test("widgets, chart and badges in one chooser; every snippet there without a script; axe clean, every entry open")
    func chooser() async throws {
        try BrowserTools.requireAll()
        var sites: [String] = []
        for locale in ["en", "ar"] {
            let yaml = """
                title: Embeds
                locale: \(locale)
                repos:
                  - apple/swift
                  - sallen0400/swift-news

                """
            sites.append(try await BrowserTools.sampleSite("embeds-\(locale)", label: locale, yaml: yaml).path)
        }
        let report = try await BrowserTools.runCheck(
            "check_embeds.py", ["--page", "repos/apple/swift/index.html"] + sites,
            report: BrowserTools.outputFolder.appendingPathComponent("embeds-report.json"), as: Report.self)
        #expect(report.views.count == 2 * 2)
        let expected = ["medium", "large", "history", "badge-row"] + Self.kinds.map { "badge-\($0)" }
        for view in report.views {
            let name = "\(view.site), \(view.scheme)"
            #expect(view.sections == 1, "\(name): \(view.sections) embed sections")
            #expect(view.entries == expected && view.inside == expected, "\(name): \(view.inside)")
            // Every snippet's id keeps its copy button (Templates/README.md), and has text without a script.
            for kind in Self.kinds {
                for how in ["picture", "markdown"] {
                    #expect(view.snippets.contains("badge-\(kind)-\(how)"), "\(name)")
                }
            }
            #expect(Set(view.copies) == Set(view.snippets), "\(name): \(view.copies) vs \(view.snippets)")
            #expect(view.empty.isEmpty && view.withoutScript, "\(name): \(view.empty)")
            #expect(view.violations.isEmpty, "\(name): \(view.violations)")
        }
    }
}
