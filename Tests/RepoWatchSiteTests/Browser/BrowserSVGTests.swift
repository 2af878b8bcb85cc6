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
            var word_problems: [String]
        }
        var svgs: [Entry]
        var seconds: Double
    }

    @Test(
        "every SVG widget decodes in Chromium, inlined avatars too, with the words of its HTML widget (or their beginnings)"
    )
    func svgWidgetsInChromium() async throws {
        try requireTools()
        try await Self.site.value
        let report = try await BrowserTools.runCheck(
            "check_svgs.py", ["--site", Self.siteFolder.path],
            report: BrowserTools.outputFolder.appendingPathComponent("svg-report.json"), as: SVGReport.self)
        print("Browser suite: \(report.svgs.count) SVG widgets in \(report.seconds)s")
        #expect(report.svgs.count == SpecimenSite.repos.count * 4 + SpecimenSite.looks.count * 2)
        for svg in report.svgs {
            let medium = svg.path.hasSuffix("medium.svg") || svg.path.hasSuffix("medium-dark.svg")
            #expect(svg.width == 329 && svg.height == (medium ? 155 : 345), "\(svg.path): \(svg.width)×\(svg.height)")
            #expect(svg.broken.isEmpty, "\(svg.path): broken inlined images \(svg.broken)")
            #expect(
                svg.images == svg.html_images, "\(svg.path): \(svg.images) images, the HTML widget \(svg.html_images)")
            // The same words, except where the SVG shortened a text to its beginning and "…" to fit.
            #expect(
                svg.word_problems.isEmpty,
                "\(svg.path): \(svg.word_problems) (SVG \(svg.svg_words), HTML \(svg.html_words))")
        }
    }
}

extension BrowserGalleryTests {
    struct SVGFitReport: Decodable {
        struct Image: Decodable {
            var width: Int
            var height: Int
            var stray: [String]
        }
        struct Entry: Decodable {
            var path: String
            var texts: Int
            var shortened: [String]
            var problems: [String]
            var mirrored: Bool
            var image: Image
        }
        var svgs: [Entry]
        var seconds: Double
    }

    static let arabicSite = BrowserTools.outputFolder.appendingPathComponent("svg-ar", isDirectory: true)

    @Test("every SVG text stays in its slot, inline and as an image; long names end in …; Arabic is mirrored")
    func svgTextFits() async throws {
        try requireTools()
        try await Self.site.value
        try await SpecimenSite.write(to: Self.arabicSite, locale: "ar")
        let report = try await BrowserTools.runCheck(
            "check_svg_fit.py", [Self.siteFolder.path, Self.arabicSite.path],
            report: BrowserTools.outputFolder.appendingPathComponent("svg-fit-report.json"), as: SVGFitReport.self)
        print("Browser suite: \(report.svgs.count) SVG widgets fitted in \(report.seconds)s")
        #expect(report.svgs.count == 2 * (SpecimenSite.repos.count * 4 + SpecimenSite.looks.count * 2))
        for svg in report.svgs {
            #expect(svg.texts > 0, "\(svg.path): no text")
            #expect(svg.problems.isEmpty, "\(svg.path): \(svg.problems.prefix(8))")
            #expect(svg.image.width == 329 && svg.image.stray.isEmpty, "\(svg.path) as an image: \(svg.image)")
            #expect(!svg.path.hasPrefix("svg-ar/") || svg.mirrored, "\(svg.path): not mirrored")
        }
        // The specimen's long name is shortened to its beginning and "…", in both directions.
        for site in ["site/", "svg-ar/"] {
            let long = report.svgs.filter { $0.path.hasPrefix(site + "repos/edge/\(SpecimenSite.longName)") }
            #expect(!long.isEmpty)
            for svg in long {
                let prefix = String(SpecimenSite.longName.prefix(6))
                #expect(svg.shortened.contains { $0.hasPrefix(prefix) }, "\(svg.path): \(svg.shortened)")
            }
        }
    }
}
