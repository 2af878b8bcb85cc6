import Foundation

/// Dates as the API and the site's data files write them.
enum ISO8601 {
    // Formatters are costly to make; these are only read after creation, from any thread.
    nonisolated(unsafe) private static let plain = ISO8601DateFormatter()
    nonisolated(unsafe) private static let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    static func parse(_ text: String) -> Date? {
        plain.date(from: text) ?? fractional.date(from: text)
    }

    static func string(_ date: Date) -> String { plain.string(from: date) }
}
