import Foundation
import Testing

extension BrowserGalleryTests {
    struct SVGReport: Decodable {
        struct Entry: Decodable {
            var path: String
            var width: Int
            var height: Int
            var images: Int
            var html_images: Int
            var broken: [String]
            var svg_words: [String]
            var html_words: [String]
        }
        var svgs: [Entry]
        var seconds: Double
    }

    @Test("every SVG widget decodes in Chromium, inlined avatars too, with the words of its HTML widget")
    func svgWidgetsInChromium() async throws {
        try requireTools()
        try await Self.site.value
        let reportFile = BrowserTools.outputFolder.appendingPathComponent("svg-report.json")
        let script = BrowserTools.packageRoot.appendingPathComponent("Tests/Browser/check_svgs.py")
        let run = try await BrowserTools.run(
            "python3", [script.path, "--site", Self.siteFolder.path, "--report", reportFile.path])
        try #require(run.status == 0, "check_svgs.py failed: \(run)")
        let report = try JSONDecoder().decode(SVGReport.self, from: Data(contentsOf: reportFile))
        print("Browser suite: \(report.svgs.count) SVG widgets in \(report.seconds)s")
        #expect(report.svgs.count == SpecimenSite.repos.count * 4 + SpecimenSite.looks.count * 2)
        for svg in report.svgs {
            let medium = svg.path.hasSuffix("medium.svg") || svg.path.hasSuffix("medium-dark.svg")
            #expect(svg.width == 329 && svg.height == (medium ? 155 : 345), "\(svg.path): \(svg.width)×\(svg.height)")
            #expect(svg.broken.isEmpty, "\(svg.path): broken inlined images \(svg.broken)")
            #expect(
                svg.images == svg.html_images, "\(svg.path): \(svg.images) images, the HTML widget \(svg.html_images)")
            #expect(svg.svg_words == svg.html_words, "\(svg.path): SVG \(svg.svg_words) vs HTML \(svg.html_words)")
        }
    }
}
