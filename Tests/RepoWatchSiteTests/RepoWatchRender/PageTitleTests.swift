import Foundation
import Testing

@testable import RepoWatchRender

@Suite("Page titles: a part's bidirectional controls never reach the parts after it")
struct PageTitleTests {
    @Test("plain parts, right-to-left text included, are joined as they were")
    func plain() {
        #expect(PageTitle.joined("octo/thing", "My site") == "octo/thing — My site")
        #expect(PageTitle.joined("مخطط النجوم", "موقعي") == "مخطط النجوم — موقعي")
    }

    @Test("every embedding, override and isolate control is dropped and its part isolated")
    func isolated() {
        for control in [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ] {
            let title = PageTitle.joined("evil\(control)chart", "My site")
            #expect(title == "\u{2068}evilchart\u{2069} — My site")
        }
    }

    @Test("a stray isolate close cannot end the isolate early and free an override after it")
    func strayClose() {
        let title = PageTitle.joined("a\u{2069}\u{202E}b", "site")
        let scalars = title.unicodeScalars.map(\.value)
        #expect(scalars.filter { $0 == 0x2069 }.count == 1 && scalars.last(where: { $0 == 0x2069 }) != nil)
        #expect(!scalars.contains(0x202E))
        #expect(title.hasSuffix("\u{2069} — site"))
    }

    @Test("every page's <title> isolates a chart title and a site title that leave an override open")
    func renderedPages() throws {
        let yaml = ChartImageTests.yaml
            .replacingOccurrences(of: "title: Charts", with: "title: \"Site\\u202Eetis\"")
            .replacingOccurrences(of: "title: Forks by age", with: "title: \"Forks\\u202Eby age\"")
        let files = try ChartImageTests.site(yaml: yaml)
        let titles = files.filter { $0.key.hasSuffix(".html") }.compactMap { path, data -> (String, String)? in
            let html = String(decoding: data, as: UTF8.self)
            guard let open = html.range(of: "<title>"), let close = html.range(of: "</title>") else { return nil }
            return (path, String(html[open.upperBound..<close.lowerBound]))
        }
        #expect(titles.count > 5)
        for (path, title) in titles where title.contains(" — ") {
            #expect(!title.unicodeScalars.contains("\u{202E}"), "\(path): \(title)")
            #expect(title.hasSuffix("\u{2068}Siteetis\u{2069}"), "\(path): \(title)")
        }
        let chart = try #require(titles.first { $0.0 == "charts/aged/index.html" })
        #expect(chart.1 == "\u{2068}Forksby age\u{2069} — \u{2068}Siteetis\u{2069}")
    }
}
