import Foundation
import Testing

@testable import RepoWatchRender
@testable import RepoWatchSupport

/// `LocaleFormatter.grouped` and `day` answer most calls without ICU (`DigitGrouping`, `DayNames`):
/// what they write must be what ICU writes, in every locale, for every count and every time of day.
@Suite("Counts and days written without ICU, as ICU writes them")
struct DigitGroupingTests {
    /// The shipped locales, and ones whose grouping differs: two-digit groups (en-IN, hi), groups
    /// from five digits on (es, pl), other digits (ar-EG, fa, bn), other separators (de-CH, fr, sv).
    static let tags = [
        "en", "en-US", "de", "fr", "es", "pt-BR", "ja", "ko", "zh-Hans", "ar", "en-IN", "hi", "pl", "ar-EG", "fa",
        "bn", "de-CH", "sv", "ru", "it",
    ]

    static func icu(_ tag: String) -> IntegerFormatStyle<Int> {
        IntegerFormatStyle<Int>(locale: Locale(identifier: tag == "en" ? "en-001" : tag))
    }

    /// Every magnitude, each number of digits with its edges, and a spread between.
    static let values: [Int] = {
        var values = DigitGrouping.probes + [-1, -1_234, -171_281, DigitGrouping.limit, Int.max, Int.min]
        var power = 1
        for _ in 0..<15 {
            values += [power - 1, power, power + 1, 2 * power, 7 * power + 3]
            power *= 10
        }
        var random = SeededRandom(seed: 50)
        for _ in 0..<300 { values.append(Int(random.next() % UInt64(DigitGrouping.limit))) }
        return values
    }()

    @Test("each count as ICU writes it", arguments: tags)
    func counts(_ tag: String) {
        let formatter = LocaleFormatter(identifier: tag)
        let style = Self.icu(tag)
        for value in Self.values { #expect(formatter.grouped(value) == value.formatted(style), "\(tag) \(value)") }
    }

    @Test("the locales whose counts are plain digits and groups are read, not left to ICU")
    func patternsRead() {
        for tag in ["en", "de", "fr", "es", "ar", "ja", "en-IN", "ar-EG", "pl", "de-CH"] {
            let style = Self.icu(tag)
            #expect(DigitGrouping { $0.formatted(style) } != nil, "\(tag)")
        }
    }

    @Test("a pattern that does not match a probe is not used")
    func refused() {
        // Grouping by four (as no locale does here) writes 1234,5678 where the probe says 12,345,678.
        #expect(DigitGrouping { value in value == 1_234_567_890_123 ? "1,2345,6789,0123" : String(value) } == nil)
        #expect(DigitGrouping { value in "+\(value)" } == nil, "a sign before the digits")
        #expect(DigitGrouping { _ in "7" } == nil, "the same digit for every number")
    }

    @Test("each day named as ICU names it, at any time of the day", arguments: tags)
    func days(_ tag: String) {
        let formatter = LocaleFormatter(identifier: tag)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let style = Date.FormatStyle(
            locale: Locale(identifier: tag == "en" ? "en-001" : tag), calendar: calendar,
            timeZone: TimeZone(identifier: "UTC")!
        ).day().month(.abbreviated).year()
        // Days around the year's turn, before 1970, and each day's first and last second, in an
        // order where a cached day is asked again at another time of day.
        let days = [-400, -1, 0, 1, 20_453, 20_454, 20_818, 20_819, 20_820]
        for seconds in [0, 86_399, 43_200, 1] {
            for day in days {
                let date = Date(timeIntervalSince1970: TimeInterval(day * 86_400 + seconds))
                #expect(formatter.day(date) == date.formatted(style), "\(tag) \(date)")
            }
        }
    }
}
