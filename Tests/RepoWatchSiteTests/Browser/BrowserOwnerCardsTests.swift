import Foundation
import Testing

/// The owner cards of a `--sample` site with a user and an organization, in English and in Arabic:
/// every text inside the card in Chromium, each card decoding as an image, the owner pages clean for axe.
@Suite("Browser: owner cards in Chromium, en and ar", .enabled(if: BrowserTools.shouldRun), .timeLimit(.minutes(10)))
struct BrowserOwnerCardsTests {
    struct Report: Decodable {
        struct Card: Decodable {
            struct Image: Decodable {
                var width: Int
                var height: Int
            }
            var path: String
            var texts: Int
            var problems: [String]
            var mirrored: Bool
            var image: Image
        }
        struct Page: Decodable {
            var path: String
            var scheme: String
            var width: Int
            var sideways: Bool
            var violations: [String]
        }
        var cards: [Card]
        var pages: [Page]
    }

    static func site(_ locale: String) async throws -> URL {
        let yaml = """
            title: Owner cards
            locale: \(locale)
            owners:
              - owner: a-user-with-a-rather-long-login
              - owner: apple
                archived: true

            """
        return try await BrowserTools.sampleSite("owner-cards-\(locale)", label: locale, yaml: yaml)
    }

    @Test(
        "stats and languages cards: text inside the card, light and dark, en and ar; the owner page passes axe and fits 390 px"
    )
    func cards() async throws {
        try BrowserTools.requireAll()
        let english = try await Self.site("en")
        let arabic = try await Self.site("ar")
        let report = try await BrowserTools.runCheck(
            "check_owner_cards.py", [english.path, arabic.path],
            report: BrowserTools.outputFolder.appendingPathComponent("owner-cards-report.json"), as: Report.self)
        // Two owners, two cards, light and dark, two locales.
        #expect(report.cards.count == 2 * 2 * 2 * 2)
        for card in report.cards {
            #expect(card.texts > 3, "\(card.path): \(card.texts) texts")
            #expect(card.problems.isEmpty, "\(card.path): \(card.problems.prefix(8))")
            #expect(card.image.width == 360 && card.image.height > 100, "\(card.path) as an image: \(card.image)")
            // Right to left in Arabic: the card's own words carry direction="rtl".
            #expect(card.mirrored == card.path.hasPrefix("site-ar/"), "\(card.path): mirrored \(card.mirrored)")
        }
        // Two owners, two widths, light and dark, two locales.
        #expect(report.pages.count == 2 * 2 * 2 * 2)
        for page in report.pages {
            let name = "\(page.path) at \(page.width) px (\(page.scheme))"
            #expect(page.violations.isEmpty, "\(name): \(page.violations)")
            #expect(!page.sideways, "\(name) scrolls sideways")
        }
    }
}
