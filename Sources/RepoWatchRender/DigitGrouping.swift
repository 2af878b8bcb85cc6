import Foundation
import Synchronization

/// How a locale writes a count: its ten digits, its grouping separator and group sizes ("171,281",
/// "1,71,281" in en-IN, "12345" but "12 345" where groups start at five digits), read off ICU's own
/// output for probe numbers once a build, and trusted only when it writes every probe exactly as ICU
/// does. A history chart writes hundreds of counts per repository; asking ICU for each was a tenth
/// of a large site's render.
struct DigitGrouping: Sendable {
    /// Each digit's UTF-8 bytes, 0 to 9.
    private let digits: [[UInt8]]
    private let separator: [UInt8]
    /// The group next to the units, then every group left of it.
    private let primary: Int
    private let secondary: Int
    /// The fewest digits left of the first separator: the smallest grouped number has
    /// `primary + minimum` digits.
    private let minimum: Int

    /// Counts at or past this are left to ICU, like negative ones.
    static let limit = 1_000_000_000_000_000_000

    static let probes: [Int] = [
        0, 7, 10, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000,
        1_234_567, 12_345_678, 123_456_789, 1_234_567_890, 98_765_432_101, 1 << 40, 1 << 50, limit - 1,
    ]

    /// Nil when ICU's output for the probes is not digits and one separator in regular groups.
    init?(icu: (Int) -> String) {
        let digits = (0...9).map { Array(icu($0).utf8) }
        guard digits.allSatisfy({ !$0.isEmpty }), Set(digits).count == 10 else { return nil }
        // 13 digits, enough to show both group sizes.
        let sample = 1_234_567_890_123
        guard let groups = Self.groups(Array(icu(sample).utf8), digits: digits),
            groups.digits == Array(String(sample).utf8).map({ Int($0 - UInt8(ascii: "0")) }),
            let primary = groups.sizes.last, let separator = groups.separator
        else { return nil }
        let secondary = groups.sizes.count > 2 ? groups.sizes[groups.sizes.count - 2] : primary
        let grouped = (1...4).first {
            Self.groups(Array(icu(Self.power(primary + $0)).utf8), digits: digits)?.separator != nil
        }
        guard let minimum = grouped else { return nil }
        self.digits = digits
        self.separator = separator
        self.primary = primary
        self.secondary = secondary
        self.minimum = minimum
        guard Self.probes.allSatisfy({ format($0) == icu($0) }) else { return nil }
    }

    private static func power(_ digitCount: Int) -> Int {
        (1..<digitCount).reduce(1) { value, _ in value * 10 }
    }

    /// `text` read as digits and separators: the digits' values, the size of each run of digits, and
    /// the one separator between runs (nil when there is one run); nil when the separators differ.
    private static func groups(_ text: [UInt8], digits: [[UInt8]]) -> (
        digits: [Int], sizes: [Int], separator: [UInt8]?
    )? {
        var values: [Int] = []
        var sizes: [Int] = [0]
        var separator: [UInt8]?
        var pending: [UInt8] = []
        var index = 0
        while index < text.count {
            if let digit = digits.indices.first(where: { text[index...].starts(with: digits[$0]) }) {
                if !pending.isEmpty {
                    guard separator == nil || separator == pending, sizes.last != 0 else { return nil }
                    separator = pending
                    pending = []
                    sizes.append(0)
                }
                values.append(digit)
                sizes[sizes.count - 1] += 1
                index += digits[digit].count
            } else {
                pending.append(text[index])
                index += 1
            }
        }
        guard pending.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { return nil }
        return (values, sizes, separator)
    }

    /// `value` as the locale writes it; nil for a negative count or one past `limit`, left to ICU.
    func format(_ value: Int) -> String? {
        guard value >= 0, value < Self.limit else { return nil }
        var decimal: [Int] = []
        var rest = value
        repeat {
            decimal.append(rest % 10)
            rest /= 10
        } while rest > 0
        let grouping = decimal.count >= primary + minimum
        var bytes: [UInt8] = []
        bytes.reserveCapacity(decimal.count * (digits[0].count + 1))
        for position in decimal.indices.reversed() {
            bytes += digits[decimal[position]]
            guard grouping, position > 0, position >= primary, (position - primary) % secondary == 0 else { continue }
            bytes += separator
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Each day's name in a locale, asked of ICU once per day however many charts name it: a chart's
/// points are days, and thousands of repositories share them.
final class DayNames: Sendable {
    private let names = Mutex<[Int: String]>([:])
    /// Past this many days the names are forgotten and asked again: a bound, not expected.
    private static let most = 100_000

    /// The name of the UTC day `date` falls in, from `format` the first time.
    func name(_ date: Date, _ format: (Date) -> String) -> String {
        let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        if let known = names.withLock({ $0[day] }) { return known }
        let name = format(date)
        names.withLock {
            if $0.count >= Self.most { $0.removeAll() }
            $0[day] = name
        }
        return name
    }
}
