import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// The charts to paste: every repository's `history.svg`, and site.yml's `charts:` as images and pages.
@Suite("Charts to paste: history.svg, charts/ID.svg and their pages")
struct ChartImageTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    static let day = 86_400.0

    static let yaml = """
        title: Charts
        repos:
          - apple/swift
          - JetBrains/kotlin
          - sallen0400/swift-news
          - octo/tiny
        charts:
          - id: three
            repos: [apple/swift, JetBrains/kotlin, sallen0400/swift-news]
          - id: aged
            repos: [apple/swift, octo/tiny]
            metric: forks
            align: age
            scale: log
            title: Forks by age
        """

    static let stars = [
        "apple/swift": 68_412, "jetbrains/kotlin": 50_118, "sallen0400/swift-news": 1_204, "octo/tiny": 3,
    ]

    static func repo(_ name: String, stars: Int) -> RepoSnapshot {
        RepoSnapshot(
            configName: name, fullName: name, htmlURL: "https://github.com/\(name)", stars: stars, forks: stars / 7,
            openIssues: 12, hasIssues: true, openPulls: 4, daysSincePush: 2, fetchedAt: now)
    }

    /// A history of `count` daily points ending a day before `now`, growing to `last`.
    static func points(_ count: Int, last: Int) -> [History.Point] {
        (0..<count).map { index in
            let value = max(0, last - (count - 1 - index) * max(1, last / (2 * count)))
            return History.Point(
                time: now.addingTimeInterval(-Double(count - index) * day), stars: value, forks: value / 7,
                openIssues: 12, contributors: 3)
        }
    }

    static func site(
        yaml: String = ChartImageTests.yaml, locale: String = "en", outputs: [SiteConfig.OutputRange] = [],
        starts: [String: HistoryStart] = [:], history count: Int = 40
    ) throws -> [String: Data] {
        var config = try ConfigLoader(file: "site.yml").parse(yaml).config
        config.locale = locale
        config.outputRanges = outputs
        let repos = config.repos.map { repo($0.description, stars: stars[$0.key]!) }
        let snapshot = Snapshot(generatedAt: now, nextUpdate: now + 3600, sample: false, repos: repos)
        var history = History()
        for name in config.repos {
            history.set(name.key, points(count, last: stars[name.key]! - 5), start: starts[name.key], thinning: false)
        }
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil), options: try RenderOptions(),
            data: RenderData(history: history))
        return try renderer.render(snapshot)
    }

    static func text(_ data: Data?) -> String { data.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The values of `attribute` on every element that has it, in document order.
    static func values(of attribute: String, in text: String) -> [String] {
        text.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test(
        "every repository with embeds gets history.svg and history-dark.svg: safe, labelled, ending at the card's count"
    )
    func historyImages() throws {
        let files = try Self.site()
        for (key, stars) in Self.stars {
            for name in ["history.svg", "history-dark.svg"] {
                let path = "repos/\(key)/\(name)"
                let data = try #require(files[path], "\(path) missing")
                let audit = SVGAudit(data)
                #expect(audit.problems.isEmpty, "\(path): \(audit)")
                #expect(audit.rootAttributes["data-chart"] == "history")
                #expect(audit.rootAttributes["role"] == "img")
                #expect(audit.rootAttributes["direction"] == "ltr")
                #expect(audit.rootAttributes["data-history-start"] == "first-snapshot")
                let svg = Self.text(data)
                #expect(svg.contains("<title id=\"chart-title\">") && svg.contains("<desc id=\"chart-desc\">"))
                // The history ends 5 stars short; the line ends at the card's number, written at its end.
                #expect(Self.values(of: "data-last", in: svg) == [String(stars)], "\(path)")
                #expect(audit.texts.contains(Formatting.grouped(stars)), "\(path): \(audit.texts)")
                #expect(audit.readableText.contains("the last value is today's count"))
                // No text smaller than 14 units.
                let sizes = Self.values(of: "font-size", in: svg).compactMap(Double.init)
                #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 14 }, "\(sizes)")
            }
        }
        let page = Self.text(files["repos/apple/swift/index.html"])
        #expect(page.contains("id=\"embed-history-markdown\"") && page.contains("id=\"embed-history-picture\""))
        #expect(page.contains("repos/apple/swift/history-dark.svg"))
        #expect(!page.contains("id=\"embed-history-iframe\""))
    }

    @Test("no chart file for a repository shown as a page or a card alone")
    func noChartsWithoutEmbeds() throws {
        let files = try Self.site(outputs: [
            SiteConfig.OutputRange(positions: 2..<3, outputs: .page),
            SiteConfig.OutputRange(positions: 3..<4, outputs: .card),
        ])
        #expect(files["repos/apple/swift/history.svg"] != nil)
        for key in ["sallen0400/swift-news", "octo/tiny"] {
            #expect(files["repos/\(key)/history.svg"] == nil && files["repos/\(key)/history-dark.svg"] == nil)
        }
    }

    @Test(
        "the caption says where the history starts and what the numbers are",
        arguments: [
            (HistoryStart.backfill, "backfill", "counted from GitHub's star dates"),
            (HistoryStart.firstSnapshot(.notOffered), "first-snapshot", "since its first snapshot"),
            (HistoryStart.starHistory, "star-history", "from GitHub's star history"),
        ])
    func captions(_ start: HistoryStart, _ value: String, _ words: String) throws {
        let files = try Self.site(starts: ["apple/swift": start])
        let audit = SVGAudit(try #require(files["repos/apple/swift/history.svg"]))
        #expect(audit.rootAttributes["data-history-start"] == value)
        #expect(audit.readableText.contains(words), "\(audit.readableText)")
    }

    @Test("a start named by GitHub's star history has its own caption; an unknown one reads as a first snapshot")
    func starHistoryCaption() {
        #expect(ChartImage.captionKey("star-history") == "history_svg_caption_star_history")
        #expect(ChartImage.captionKey("backfill") == "history_svg_caption_backfill")
        #expect(ChartImage.captionKey("something-new") == "history_svg_caption_first_snapshot")
        #expect(StringTable.english.text("history_svg_caption_star_history").contains("GitHub's star history"))
    }

    @Test("a comparison: one series group per repository, last values equal the cards', a legend, a page and a link")
    func comparison() throws {
        let files = try Self.site()
        for dark in [false, true] {
            let path = dark ? "charts/three-dark.svg" : "charts/three.svg"
            let data = try #require(files[path])
            let audit = SVGAudit(data)
            #expect(audit.problems.isEmpty, "\(path): \(audit)")
            #expect(audit.rootAttributes["data-chart"] == "compare" && audit.rootAttributes["data-chart-id"] == "three")
            let svg = Self.text(data)
            let series = ["apple/swift", "JetBrains/kotlin", "sallen0400/swift-news"]
            #expect(
                svg.components(separatedBy: "<g data-series=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
                    == series)
            #expect(Self.values(of: "data-legend", in: svg) == series)
            #expect(
                Self.values(of: "data-last", in: svg)
                    == ["apple/swift", "jetbrains/kotlin", "sallen0400/swift-news"].map {
                        String(Self.stars[$0]!)
                    })
        }
        let page = Self.text(files["charts/three/index.html"])
        #expect(page.contains("data-chart=\"compare\"") && page.contains("<table"))
        #expect(page.contains("data-value=\"68412\"") && page.contains("id=\"embed-chart-markdown\""))
        #expect(page.contains("charts/three-dark.svg"))
        let insights = Self.text(files["insights/index.html"])
        #expect(
            insights.contains("href=\"../charts/three/index.html\"")
                && insights.contains("href=\"../charts/aged/index.html\""))
        #expect(insights.contains("Forks by age"))
        let aged = SVGAudit(try #require(files["charts/aged.svg"]))
        #expect(aged.problems.isEmpty && aged.texts.contains("Start"), "\(aged.texts)")
        // Log scale: the ticks are powers of ten.
        #expect(aged.texts.contains("1") && aged.texts.contains("10,000"), "\(aged.texts)")
    }

    @Test("ten lines never share both a marker and a dash pattern")
    func tellApart() {
        let looks = (0..<10).map(SeriesLook.of)
        #expect(Set(looks.map { "\($0.marker)|\($0.dash ?? "solid")" }).count == 10)
        #expect(Set(looks.map(\.color)).count == 10)
    }

    @Test("end labels keep a line's height apart and stay within the plot", arguments: [1, 2, 5, 10])
    func spread(_ count: Int) {
        let wanted = (0..<count).map { 100 + Double($0 % 3) * 2 }
        let placed = LineChart.spread(wanted, gap: 18, low: 20, high: 188)
        let sorted = placed.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(b - a >= 18 - 0.001, "\(placed)") }
        #expect(placed.allSatisfy { $0 >= 20 && $0 <= 188 }, "\(placed)")
    }

    @Test("a long history stays under 100 KB; a history of one point or none still draws")
    func sizes() throws {
        let long = try Self.site(history: 600)
        for path in ["repos/apple/swift/history.svg", "charts/three.svg", "charts/aged-dark.svg"] {
            let data = try #require(long[path])
            #expect(data.count < 100_000 && SVGAudit(data).problems.isEmpty, "\(path): \(data.count) bytes")
        }
        for count in [0, 1] {
            let files = try Self.site(history: count)
            let audit = SVGAudit(try #require(files["repos/apple/swift/history.svg"]))
            #expect(audit.problems.isEmpty && audit.texts.contains(Formatting.grouped(68_412)), "\(audit.texts)")
        }
    }

    @Test("a right-to-left site: the image keeps ltr coordinates, its heading and caption read from the right")
    func rightToLeft() throws {
        let files = try Self.site(locale: "ar")
        let svg = Self.text(files["repos/apple/swift/history.svg"])
        #expect(svg.contains("xml:lang=\"ar\"") && svg.contains(" direction=\"ltr\""))
        #expect(svg.contains("direction=\"rtl\""))
        #expect(SVGAudit(Data(svg.utf8)).problems.isEmpty)
    }
}
