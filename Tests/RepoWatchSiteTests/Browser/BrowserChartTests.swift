import Foundation
import Testing

extension BrowserGalleryTests {
    struct ChartReport: Decodable {
        struct Entry: Decodable {
            var path: String
            var width: Int
            var scheme: String
            var charts: Int
            var texts: Int
            var smallest: Double?
            var problems: [String]
        }
        var entries: [Entry]
        var seconds: Double
    }

    @Test(
        "chart text is 11 px or more at 390 and 1280 px, inside its chart, clear of other text and of the lines: pages and images, light and dark, en and ar"
    )
    func chartsReadable() async throws {
        try requireTools()
        var folders: [String] = []
        for locale in ["en", "ar"] {
            let folder = BrowserTools.outputFolder.appendingPathComponent("charts-\(locale)", isDirectory: true)
            try? FileManager.default.removeItem(at: folder)
            try SpecimenSite.write(try ChartImageTests.site(locale: locale), to: folder)
            folders.append(folder.path)
        }
        let report = try await BrowserTools.runCheck(
            "check_charts.py", folders, report: BrowserTools.outputFolder.appendingPathComponent("chart-report.json"),
            as: ChartReport.self)
        print("Browser suite: \(report.entries.count) chart views measured in \(report.seconds)s")
        // Every kind of chart was measured, in both languages, at both widths, in both schemes.
        for site in ["charts-en/", "charts-ar/"] {
            for kind in [
                "charts/three/index.html", "insights/index.html", "/index.html", "history.svg", "charts/three.svg",
            ] {
                let measured = report.entries.filter { $0.path.hasPrefix(site) && $0.path.contains(kind) }
                #expect(measured.count >= 4 && measured.allSatisfy { $0.charts > 0 && $0.texts > 0 }, "\(site)\(kind)")
            }
        }
        for entry in report.entries where entry.charts > 0 {
            #expect(
                entry.problems.isEmpty,
                "\(entry.path) at \(entry.width) px, \(entry.scheme): \(entry.problems.prefix(6))")
            #expect((entry.smallest ?? 0) >= 11, "\(entry.path) at \(entry.width) px: \(entry.smallest ?? 0) px")
        }
    }
}
