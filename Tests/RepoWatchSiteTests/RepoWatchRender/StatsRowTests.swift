import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The stats row reads as one row: four counts and the star change fit across the card in every
/// shipped locale, with the largest numbers the fixtures hold, in the HTML (its step class) and the
/// SVG (its text positions). Chromium checks the HTML rows themselves (Tests/Browser/check_widgets.py).
@Suite("Stats row: one line in every locale, HTML and SVG")
struct StatsRowTests {
    /// Every shipped string table (LocaleTests pins which they are).
    static let locales = LocaleCatalog.builtIn.shipped

    /// The specimen's cards (six-digit fixture counts, 2,147,483,647s, missing values, every state) as a
    /// build makes them in `locale`, with the star changes of the day before.
    static func cards(locale: String, numbers: WidgetLook.Numbers = .full) async -> [RepoCard] {
        let avatars = AvatarStore(client: nil)
        let snapshot = Snapshot(
            generatedAt: SpecimenSite.now, nextUpdate: SpecimenSite.now, sample: false,
            repos: await SpecimenSite.snapshots(avatars: avatars))
        let maker = CardMaker(
            snapshot: snapshot, sample: false,
            history: SpecimenSite.history(before: snapshot, repos: SpecimenSite.repos),
            strings: LocaleTables(locales: [locale]), index: RepoIndex(SpecimenSite.repos))
        return SpecimenSite.repos.map { maker.card($0, numbers, locale: locale) }
    }

    @Test("every specimen card's row fits one line in every shipped locale, items in order, inside the card")
    func fitsEverywhere() async {
        for locale in Self.locales {
            for numbers in [WidgetLook.Numbers.full, .compact] {
                for card in await Self.cards(locale: locale, numbers: numbers) where !card.noData {
                    let row = StatsRow(card, size: card.statsSize)
                    #expect(row.lines.count == 1, "\(locale) \(card.configName): \(row.lines.count) lines")
                    let items = row.lines.flatMap { $0 }
                    for (left, right) in zip(items, items.dropFirst()) {
                        #expect(left.x + left.width <= right.x, "\(locale) \(card.configName): overlap")
                    }
                    #expect((items.last.map { $0.x + $0.width } ?? 0) <= StatsRow.width, "\(locale) \(card.configName)")
                }
            }
        }
    }

    @Test("the row steps down only as far as it must: full numbers stay where a tighter row holds them")
    func stepsDownAsLittleAsNeeded() async throws {
        let english = await Self.cards(locale: "en")
        let swift = try #require(english.first { $0.configName == "apple/swift" })
        // 171,281 (+281) 78,987 673 212 overflow the regular row, fit the tight one in full.
        #expect(StatsRow(swift, size: .regular).lines.count == 2)
        #expect(swift.statsSize == .tight && swift.stars?.display == "171,281" && swift.pulls?.display == "212")
        #expect(swift.stars?.label == "171,281 stars")
        let edge = try #require(english.first { $0.configName.hasPrefix("edge/a-repository") })
        #expect(edge.stars?.display == "2.1B" && edge.stars?.value == 2_147_483_647)
        #expect(edge.stars?.label == "2,147,483,647 stars")
        let archived = try #require(english.first { $0.configName == "edge/archived-relic" })
        #expect(archived.statsSize == .regular && archived.stars?.display == "1")
        // Spanish writes billions "2147,5 M": only the whole form fits four of them and a change.
        let spanish = await Self.cards(locale: "es")
        let edgeES = try #require(spanish.first { $0.configName.hasPrefix("edge/a-repository") })
        #expect(
            edgeES.statsSize == .tighter && edgeES.stars?.display == "2147\u{00A0}M", "\(edgeES.stars?.display ?? "")")
    }

    @Test("the HTML row carries its step; the SVG row puts every count on one baseline, left to right, inside the card")
    func htmlAndSVGAgree() async throws {
        for locale in Self.locales {
            let files = try await SpecimenSite.files(locale: locale)
            let medium = String(decoding: try #require(files["repos/apple/swift/medium.html"]), as: UTF8.self)
            #expect(medium.contains("<div class=\"rw-stats rw-stats--"), "\(locale)")
            for (path, data) in files where path.hasSuffix(".svg") && !path.hasPrefix("avatars/") {
                let svg = String(decoding: data, as: UTF8.self)
                let stats = Self.statTexts(svg)
                guard !stats.isEmpty else { continue }
                // A double widget has two cards, each with its row; a count and the star change beside it
                // (a point smaller) sit on one line with baselines under 2 px apart.
                let rows = Self.lines(stats)
                #expect(
                    rows.count == (path.hasPrefix("widgets/") ? 2 : 1), "\(locale) \(path): \(rows.map(\.first?.y))")
                for row in rows {
                    let sorted = row.sorted { $0.x < $1.x }
                    for (left, right) in zip(sorted, sorted.dropFirst()) {
                        #expect(left.end <= right.x, "\(locale) \(path): \(left.text) runs into \(right.text)")
                    }
                    #expect((sorted.last?.end ?? 0) <= 313, "\(locale) \(path): the row passes the card's edge")
                    #expect((sorted.first?.x ?? 16) >= 16, "\(locale) \(path): the row passes the card's edge")
                }
            }
        }
    }

    struct PlacedText {
        var text: String
        var x: Double
        var y: Double
        var end: Double
    }

    /// Texts grouped by line: a new line where a baseline is 2 px or more below the one before.
    static func lines(_ texts: [PlacedText]) -> [[PlacedText]] {
        var lines: [[PlacedText]] = []
        for text in texts.sorted(by: { $0.y < $1.y }) {
            if let last = lines.last?.last, text.y - last.y < 2 {
                lines[lines.count - 1].append(text)
            } else {
                lines.append([text])
            }
        }
        return lines
    }

    /// The stats row's texts (class `s m t` for counts, `s t` for the star change) and where they start
    /// and end on the card: a text hung from its right edge (in a mirrored row) ends at `x`.
    static func statTexts(_ svg: String) -> [PlacedText] {
        let pattern =
            #/<text x="([0-9.]+)" y="([0-9.]+)" font-size="([0-9.]+)" class="(s m t|s t)"([^>]*)>([^<]*)</text>/#
        return svg.matches(of: pattern).compactMap { match in
            guard let x = Double(match.1), let y = Double(match.2), let size = Double(match.3) else { return nil }
            let text = String(match.6)
            let width = TextWidth.estimate(text, size: size, bold: true)
            // `start` is the right edge of right-to-left text ("2 مليار").
            let fromRight = match.5.contains("text-anchor=\"end\"") != match.5.contains("direction=\"rtl\"")
            return PlacedText(text: text, x: fromRight ? x - width : x, y: y, end: fromRight ? x : x + width)
        }
    }
}
