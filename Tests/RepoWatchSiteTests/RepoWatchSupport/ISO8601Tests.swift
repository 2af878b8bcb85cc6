import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("ISO 8601 dates")
struct ISO8601Tests {
    /// The direct reading of GitHub's form gives the formatter's date, over four centuries of seconds.
    @Test func theDirectReadingAgreesWithTheFormatter() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            let date = Date(
                timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator))
            )
            let text = formatter.string(from: date)
            let expected = formatter.date(from: text)
            if let direct = ISO8601.utc(text) {
                #expect(direct == expected, "\(text)")
                checked += 1
            }
            #expect(ISO8601.parse(text) == expected)
        }
        #expect(checked > 15_000)
        for text in ["2000-02-29T00:00:00Z", "1900-03-01T23:59:59Z", "2026-11-23T12:00:00Z", "1970-01-01T00:00:00Z"] {
            #expect(ISO8601.parse(text) == formatter.date(from: text), "\(text)")
        }
    }

    /// Written without the formatter, a date reads exactly as the formatter writes it: its rounding
    /// of fractions of a second included, and its own output past the years the direct path covers.
    @Test func theDirectWritingAgreesWithTheFormatter() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        var dates = [Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 0)]
        for edge in [-11_676_096_000.0, 253_402_300_799.9995, -0.0005, -0.0004] {
            dates.append(Date(timeIntervalSince1970: edge))
        }
        for _ in 0..<20_000 {
            let second = Double(Int64.random(in: -15_000_000_000...260_000_000_000, using: &generator))
            dates.append(Date(timeIntervalSince1970: second))
            dates.append(Date(timeIntervalSince1970: second + Double.random(in: 0..<1, using: &generator)))
            dates.append(Date(timeIntervalSince1970: second + [0.0005, 0.4995, 0.5, 0.9995].randomElement()!))
        }
        for date in dates {
            #expect(ISO8601.string(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test(arguments: [
        "2026-11-23T12:00:00.123Z", "2026-11-23T12:00:00+02:00", "2026-02-30T12:00:00Z", "2026-13-01T00:00:00Z",
        "2026-11-23T24:00:00Z", "2026-11-23 12:00:00Z", "２026-11-23T12:00:00Z", "",
    ])
    func otherFormsAreLeftToTheFormatter(_ text: String) {
        #expect(ISO8601.utc(text) == nil)
        #expect(
            ISO8601.parse(text)
                == (ISO8601DateFormatter().date(from: text)
                    ?? {
                        let fractional = ISO8601DateFormatter()
                        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                        return fractional.date(from: text)
                    }()))
    }
}
