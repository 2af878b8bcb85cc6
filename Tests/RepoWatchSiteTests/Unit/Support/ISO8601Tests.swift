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
