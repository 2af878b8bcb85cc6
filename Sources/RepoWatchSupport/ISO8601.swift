import Foundation
import Synchronization

/// Dates as the API and the site's data files write them.
package enum ISO8601 {
    /// Formatters are costly to make, so these are made once; they are not thread-safe, hence the lock.
    /// Only forms GitHub does not write, and dates outside 1600–9999, reach them.
    private static let formatters = Mutex(Formatters())

    private struct Formatters {
        let plain = ISO8601DateFormatter()
        let fractional: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter
        }()
    }

    package static func parse(_ text: String) -> Date? {
        if let date = utc(text) { return date }
        return formatters.withLock { $0.plain.date(from: text) ?? $0.fractional.date(from: text) }
    }

    /// "2026-11-23T12:00:00Z", exactly as `ISO8601DateFormatter` writes it, without it: every card with
    /// a history shows a date, and the formatter would need a lock on the render's threads.
    package static func string(_ date: Date) -> String {
        // The formatter's own arithmetic (CoreFoundation, then ICU): milliseconds since 1970 rounded
        // half up, split into whole days and the milliseconds into the day, truncated.
        let millis = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5
        let days = (millis / 86_400_000).rounded(.down)
        // Before 1600 ICU counts Julian days (from 1582), and past 9999 it writes more digits.
        guard days >= -135_140, days < 2_932_897 else {
            return formatters.withLock { $0.plain.string(from: date) }
        }
        return utcString(days: Int(days), milliseconds: Int(millis - days * 86_400_000))
    }

    /// Howard Hinnant's civil_from_days, then the fields as digits.
    private static func utcString(days: Int, milliseconds: Int) -> String {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let seconds = milliseconds / 1000
        return String(unsafeUninitializedCapacity: 20) { bytes in
            var end = 0
            func put(_ value: Int, _ width: Int, _ separator: Unicode.Scalar) {
                var rest = value
                for place in (0..<width).reversed() {
                    bytes[end + place] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                    rest /= 10
                }
                bytes[end + width] = UInt8(ascii: separator)
                end += width + 1
            }
            put(year, 4, "-")
            put(month, 2, "-")
            put(day, 2, "T")
            put(seconds / 3600, 2, ":")
            put(seconds / 60 % 60, 2, ":")
            put(seconds % 60, 2, "Z")
            return end
        }
    }

    /// GitHub's own form, "2026-11-23T12:00:00Z", read without the formatter, which took a
    /// noticeable share of a large build (docs/fast-paths.md). Nil for anything else, including days past the 28th (the formatter
    /// decides what "February 30" means) and leap seconds.
    package static func utc(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
                bytes[16] == 0x3A, bytes[19] == 0x5A
            else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
                let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
                year >= 1, (1...12).contains(month), (1...28).contains(day), hour < 24, minute < 60, second < 60
            else { return nil }
            // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = shiftedYear / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
        }
    }
}
