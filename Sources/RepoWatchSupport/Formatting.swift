import Foundation

/// Numbers and dates as the widgets show them, independent of the machine's locale.
package enum Formatting {
    /// 171281 → "171,281", as the app shows them.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// 171281 → "171.3k", 2147483647 → "2.1B": one decimal at most, dropped when it is 0.
    package static func compact(_ value: Int) -> String {
        let magnitude = value.magnitude
        guard magnitude >= 1000 else { return String(value) }
        let units: [(divisor: UInt, suffix: String)] = [
            (1_000, "k"), (1_000_000, "M"), (1_000_000_000, "B"), (1_000_000_000_000, "T"),
        ]
        var text = ""
        for (index, unit) in units.enumerated() {
            // Tenths, rounded half up; computed without multiplying so Int.max cannot overflow.
            let tenths = (magnitude + unit.divisor / 20) / (unit.divisor / 10)
            let whole = tenths / 10
            let fraction = tenths % 10
            text = fraction == 0 ? "\(whole)\(unit.suffix)" : "\(whole).\(fraction)\(unit.suffix)"
            // 999,950 rounds to "1000k": the next unit says it better.
            if tenths < 10_000 || index == units.count - 1 { break }
        }
        return value < 0 ? "-" + text : text
    }

    private static let utc = TimeZone(identifier: "UTC")!

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = format
        return formatter
    }

    // Made once: a DateFormatter costs more to create than thousands of uses. Only read afterwards.
    private static let dayFormatter = formatter("d MMM yyyy")
    private static let dayAndTimeFormatter = formatter("d MMM yyyy, HH:mm 'UTC'")

    /// "21 Nov 2026"
    package static func day(_ date: Date) -> String { dayFormatter.string(from: date) }

    private static let dayMonthFormatter = formatter("d MMM")
    private static let yearFormatter = formatter("yyyy")

    /// "21 Nov" when `date` is in the same year as `reference`, else "21 Nov 2025".
    package static func shortDay(_ date: Date, relativeTo reference: Date) -> String {
        yearFormatter.string(from: date) == yearFormatter.string(from: reference)
            ? dayMonthFormatter.string(from: date) : day(date)
    }

    /// "22 Nov 2026, 12:00 UTC"
    package static func dayAndTime(_ date: Date) -> String { dayAndTimeFormatter.string(from: date) }

    package static func iso(_ date: Date) -> String { ISO8601.string(date) }

    /// The caption under the big days number.
    static func daysCaption(_ days: Int) -> String {
        switch days {
        case 0: return "today"
        case 1: return "day ago"
        default: return "days ago"
        }
    }

    /// "45 s", "1 min 4 s", "2 h 3 min": a wait, rounded to what a reader needs.
    package static func duration(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" + (whole % 60 == 0 ? "" : " \(whole % 60) s") }
        return "\(whole / 3600) h" + (whole % 3600 / 60 == 0 ? "" : " \(whole % 3600 / 60) min")
    }

    package static func plural(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }
}
