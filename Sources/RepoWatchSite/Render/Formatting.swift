import Foundation

/// Numbers and dates as the widgets show them, independent of the machine's locale.
public enum Formatting {
    /// 171281 → "171,281", as the app shows them.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    private static let utc = TimeZone(identifier: "UTC")!

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = format
        return formatter
    }

    /// "21 Nov 2026"
    public static func day(_ date: Date) -> String { formatter("d MMM yyyy").string(from: date) }

    /// "22 Nov 2026, 12:00 UTC"
    public static func dayAndTime(_ date: Date) -> String { formatter("d MMM yyyy, HH:mm 'UTC'").string(from: date) }

    public static func iso(_ date: Date) -> String { ISO8601.string(date) }

    /// The caption under the big days number.
    public static func daysCaption(_ days: Int) -> String {
        switch days {
        case 0: return "today"
        case 1: return "day ago"
        default: return "days ago"
        }
    }

    public static func plural(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }
}
