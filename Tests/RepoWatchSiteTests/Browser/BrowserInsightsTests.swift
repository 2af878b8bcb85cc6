import Foundation
import Testing

/// The insights page of a `--sample` site with repositories and an owner, in English and in Arabic, seen
/// in Chromium at 390 and 1280 px, light and dark: the totals as figures, the sections' cards two side
/// by side on a desktop and one under another on a phone, no section with nothing in it, every chart's
/// numbers in a table, and axe clean.
@Suite(
    "Browser: the insights dashboard in Chromium, en and ar", .enabled(if: BrowserTools.shouldRun),
    .timeLimit(.minutes(10)))
struct BrowserInsightsTests {
    struct Report: Decodable {
        struct View: Decodable {
            struct Scope: Decodable {
                var scope: String
                var figures: Int
                var figuresInTables: Int
                var cut: Int
                var sections: Int
                var columns: Int
                var empty: [String]
                var none: Bool
                var bars: Int
                var barsWithoutTable: Int
                var leftOut: String?
            }
            var site: String
            var scheme: String
            var width: Int
            var dir: String
            var scripts: Int
            var overflow: Bool
            var scopes: [Scope]
            var violations: [String]
        }
        var views: [View]
    }

    static func site(_ locale: String) async throws -> URL {
        let yaml = """
            title: Insights
            locale: \(locale)
            repos:
              - sallen0400/swift-news
              - apple/swift
              - kudoleh/iOS-Clean-Architecture-MVVM
            owners:
              - owner: apple
                limit: 6

            """
        return try await BrowserTools.sampleSite("insights-\(locale)", label: locale, yaml: yaml)
    }

    @Test(
        "figures at a glance, two columns at 1280 px and one at 390, no empty section, tables for the charts, axe clean"
    )
    func dashboard() async throws {
        try BrowserTools.requireAll()
        let english = try await Self.site("en")
        let arabic = try await Self.site("ar")
        let shots = BrowserTools.outputFolder.appendingPathComponent("screenshots", isDirectory: true)
        let report = try await BrowserTools.runCheck(
            "check_insights.py", ["--screenshots", shots.path, english.path, arabic.path],
            report: BrowserTools.outputFolder.appendingPathComponent("insights-report.json"), as: Report.self)
        // Two sites, two widths, two schemes.
        #expect(report.views.count == 2 * 2 * 2)
        for view in report.views {
            let name = "\(view.site) at \(view.width) px, \(view.scheme)"
            #expect(view.dir == (view.site == "site-ar" ? "rtl" : "ltr"), "\(name)")
            #expect(view.scripts == 0, "\(name): the page needs no script")
            #expect(!view.overflow, "\(name) scrolls sideways")
            #expect(view.violations.isEmpty, "\(name): \(view.violations)")
            // The whole site and the owner.
            #expect(view.scopes.map(\.scope) == ["site", "apple"], "\(name): \(view.scopes.map(\.scope))")
            for scope in view.scopes {
                let place = "\(name), \(scope.scope)"
                // Repositories, stars, forks, issues, pull requests: figures, none in a table, none cut short.
                #expect(scope.figures == 5 && scope.figuresInTables == 0, "\(place): \(scope.figures) figures")
                #expect(scope.cut == 0, "\(place): \(scope.cut) figures cut short")
                #expect(scope.sections >= 3, "\(place): \(scope.sections) sections")
                #expect(scope.columns == (view.width == 1280 ? 2 : 1), "\(place): \(scope.columns) columns")
                #expect(scope.empty.isEmpty && !scope.none, "\(place): empty \(scope.empty)")
                #expect(scope.bars >= 2 && scope.barsWithoutTable == 0, "\(place): \(scope.bars) charts")
            }
            // Sample data has no repository waking up: left out, and said so in one line.
            let site = try #require(view.scopes.first)
            let leftOut = try #require(site.leftOut, "\(name): no line names what is left out")
            #expect(leftOut.contains(view.site == "site-ar" ? "عادت إلى النشاط" : "Waking up"), "\(name): \(leftOut)")
        }
    }
}
