import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender

/// The repository page's embed area: one chooser of plain `<details>`, every snippet's id kept, the
/// `<picture>` first for `auto`, badges in a row without gaps, and light widgets with an edge.
@Suite("Embed chooser: one entry per thing to embed, ids kept, picture first for auto, badges in a row")
struct EmbedChooserTests {
    static func page(appearance: String = "auto") throws -> (page: String, files: [String: Data]) {
        let yaml = "appearance: \(appearance)\n" + ChartImageTests.yaml
        let files = try ChartImageTests.site(yaml: yaml)
        return (ChartImageTests.text(files["repos/apple/swift/index.html"]), files)
    }

    static func position(_ text: String, _ needle: String) -> Int? {
        text.range(of: needle).map { text.distance(from: text.startIndex, to: $0.lowerBound) }
    }

    @Test("an entry per widget, the history chart, the badge row and each badge; only the first open")
    func entries() throws {
        let page = try Self.page().page
        let entries = ChartImageTests.values(of: "data-embed", in: page)
        #expect(
            entries == ["medium", "large", "history", "badge-row"] + Badge.Kind.allCases.map { "badge-\($0.rawValue)" },
            "\(entries)")
        #expect(page.components(separatedBy: "<details class=\"embed-choice\"").count - 1 == entries.count)
        #expect(page.components(separatedBy: "\" open>").count - 1 == 1, "the first widget's alone")
        // One chooser: one embed section, one note about base_url, the badges inside it.
        #expect(page.components(separatedBy: "<section class=\"embeds").count - 1 == 1)
        #expect(page.components(separatedBy: "data-embed-note").count - 1 == 1)
        let section = try #require(page.range(of: "<section class=\"embeds"))
        let sectionEnd = try #require(page[section.upperBound...].range(of: "</section>"))
        let chooser = page[section.lowerBound..<sectionEnd.upperBound]
        for entry in entries { #expect(chooser.contains("data-embed=\"\(entry)\""), "\(entry) outside the chooser") }
        // Every snippet keeps its id and its copy button.
        for size in ["medium", "large"] {
            for kind in ["markdown", "picture", "iframe"] {
                #expect(
                    page.contains("id=\"embed-\(size)-\(kind)\"")
                        && page.contains("data-copy=\"embed-\(size)-\(kind)\""))
            }
        }
        for kind in Badge.Kind.allCases {
            for how in ["markdown", "picture"] {
                #expect(page.contains("id=\"badge-\(kind.rawValue)-\(how)\""))
            }
        }
    }

    @Test("auto puts the <picture> first, for the widgets and the badges; a fixed appearance its Markdown image")
    func pictureFirst() throws {
        let auto = try Self.page().page
        let picture = try #require(Self.position(auto, "id=\"embed-medium-picture\""))
        let markdown = try #require(Self.position(auto, "id=\"embed-medium-markdown\""))
        #expect(picture < markdown)
        let dark = try Self.page(appearance: "dark").page
        #expect(
            try #require(Self.position(dark, "id=\"embed-medium-markdown\"")) < #require(
                Self.position(dark, "id=\"embed-medium-picture\"")))
        // The badges follow the widgets.
        for kind in Badge.Kind.allCases.map(\.rawValue) {
            #expect(
                try #require(Self.position(auto, "id=\"badge-\(kind)-picture\"")) < #require(
                    Self.position(auto, "id=\"badge-\(kind)-markdown\"")), "\(kind)")
            #expect(
                try #require(Self.position(dark, "id=\"badge-\(kind)-markdown\"")) < #require(
                    Self.position(dark, "id=\"badge-\(kind)-picture\"")), "\(kind)")
        }
    }

    @Test("the badge row is every badge's Markdown with nothing between them")
    func badgeRow() throws {
        let page = try Self.page().page
        let start = try #require(page.range(of: "<code id=\"badge-row-markdown\">"))
        let end = try #require(page[start.upperBound...].range(of: "</code>"))
        let row = String(page[start.upperBound..<end.lowerBound])
        #expect(row.components(separatedBy: "[![").count - 1 == Badge.Kind.allCases.count, "\(row)")
        #expect(!row.contains(" [") && !row.contains("\n") && row.contains(")[!["), "\(row)")
    }

    @Test("a light SVG widget has a hairline edge; a dark one none")
    func edge() throws {
        let files = try Self.page().files
        let light = ChartImageTests.text(files["repos/apple/swift/medium.svg"])
        let dark = ChartImageTests.text(files["repos/apple/swift/medium-dark.svg"])
        #expect(light.contains("stroke=\"\(SVGWidget.edge)\""))
        #expect(!dark.contains("stroke=\"\(SVGWidget.edge)\""))
    }
}
