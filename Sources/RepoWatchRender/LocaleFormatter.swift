import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Numbers and dates in a reader's locale, through Foundation's ICU-backed format styles: grouping
/// ("171,281", "171.281", "171 281"), compact forms ("171.3k", "171,3 k", "17.1만"), and day and month
/// ("21 Nov", "11월 21일", "21 نوفمبر"). Dates are UTC and Gregorian, like every date GitHub gives.
///
/// Digits are whatever CLDR gives the tag as written: `ar` has Latin digits in the CLDR this
/// Foundation ships (since CLDR 42), `ar-EG` or `ar-u-nu-arab` Arabic-Indic ones. Values meant for
/// machines (`data-value`, `datetime`, JSON) never go through here.
package struct LocaleFormatter: Sendable {
    /// The BCP 47 tag, as `<html lang>` wants it.
    package let identifier: String
    package let locale: Locale
    /// Plain `en`, the app's own language, keeps the app's forms: "21 Nov" (day first, as the app and
    /// international English write it) and "171.3k" (CLDR English says "171.3K").
    let isAppEnglish: Bool

    private let integerStyle: IntegerFormatStyle<Int>
    private let compactStyle: IntegerFormatStyle<Int>
    private let wholeCompactStyle: IntegerFormatStyle<Int>
    private let dayMonthStyle: Date.FormatStyle
    private let dayStyle: Date.FormatStyle
    private let timeStyle: Date.VerbatimFormatStyle
    private let yearStyle: Date.FormatStyle
    /// `integerStyle`'s output written without ICU, where it matches ICU on every probe.
    private let grouping: DigitGrouping?
    private let dayNames = DayNames()

    private static let utc = TimeZone(identifier: "UTC")!

    package init(identifier: String) {
        self.identifier = identifier
        isAppEnglish = identifier.lowercased() == "en"
        locale = Locale(identifier: isAppEnglish ? "en-001" : identifier)
        isRightToLeft = Self.isRightToLeft(identifier)
        let integerStyle = IntegerFormatStyle<Int>(locale: locale)
        self.integerStyle = integerStyle
        grouping = DigitGrouping { $0.formatted(integerStyle) }
        // One decimal at most, halves rounded up, as the app's short form does.
        compactStyle = IntegerFormatStyle<Int>(locale: locale).notation(.compactName)
            .precision(.fractionLength(0...1)).rounded(rule: .toNearestOrAwayFromZero)
        wholeCompactStyle = IntegerFormatStyle<Int>(locale: locale).notation(.compactName)
            .precision(.fractionLength(0)).rounded(rule: .toNearestOrAwayFromZero)
        let base = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: Self.utc)
        dayMonthStyle = base.day().month(.abbreviated)
        dayStyle = base.day().month(.abbreviated).year()
        // 24-hour whatever the locale prefers, as the UTC stamp has always been written.
        timeStyle = Date.VerbatimFormatStyle(
            format: "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            locale: locale, timeZone: Self.utc, calendar: Calendar(identifier: .gregorian))
        yearStyle = Date.FormatStyle(locale: Locale(identifier: "en_US_POSIX"), timeZone: Self.utc).year()
    }

    package static let english = LocaleFormatter(identifier: "en")

    /// Whether text in this locale runs right to left (Arabic, Hebrew, Persian, Urdu): asked of ICU
    /// once, not for every widget drawn.
    let isRightToLeft: Bool

    static func isRightToLeft(_ identifier: String) -> Bool {
        Locale.Language(identifier: identifier).characterDirection == .rightToLeft
    }

    /// ["A", "B", "C"] → "A, B and C" (en), "A、B、C" (ja): CLDR's list pattern for the locale.
    package func list(_ items: [String]) -> String { items.formatted(.list(type: .and).locale(locale)) }

    /// 171281 → "171,281" (en), "171.281" (de), "171 281" (fr).
    package func grouped(_ value: Int) -> String { grouping?.format(value) ?? value.formatted(integerStyle) }

    /// 171281 → "171.3k" (en), "171,3 k" (fr), "17.1만" (ko). Where CLDR has no short form for a size
    /// (German thousands, Japanese below 10,000) the number is written out, as a reader there expects.
    package func compact(_ value: Int) -> String {
        isAppEnglish ? Formatting.compact(value) : value.formatted(compactStyle)
    }

    /// The compact form without its decimal: "2147 M" where Spanish writes "2147,5 M", for a stats
    /// row that even the compact form cannot fit on one line. App English keeps "2.1B".
    func wholeCompact(_ value: Int) -> String {
        isAppEnglish ? Formatting.compact(value) : value.formatted(wholeCompactStyle)
    }

    /// A count as a widget with `numbers:` shows it.
    package func number(_ value: Int, _ style: WidgetLook.Numbers) -> String {
        style == .compact ? compact(value) : grouped(value)
    }

    /// 42.5 → "42.5%", "42,5 %", "٤٢٫٥٪؜" as the locale writes a share of a hundred, one decimal.
    func percent(_ value: Double) -> String {
        (value / 100).formatted(.percent.precision(.fractionLength(1)).locale(locale))
    }

    /// "21 Nov 2026", "2026년 11월 21일".
    package func day(_ date: Date) -> String { dayNames.name(date) { $0.formatted(dayStyle) } }

    /// "21 Nov" when `date` is in the same year as `reference`, else with the year.
    package func shortDay(_ date: Date, relativeTo reference: Date) -> String {
        date.formatted(yearStyle) == reference.formatted(yearStyle) ? date.formatted(dayMonthStyle) : day(date)
    }

    /// "3 days ago", "yesterday", "last month" ("3일 전", "vor 3 Tagen"): `date` as seen from `now`, the
    /// build's time (`REPOWATCH_NOW` makes it reproducible), never from the clock. A date after `now`
    /// (clocks disagree) reads as now.
    package func ago(_ date: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.utc
        let style = Date.AnchoredRelativeFormatStyle(
            anchor: min(date, now), presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
        return now.formatted(style)
    }

    /// "09:05", 24-hour, UTC.
    package func time(_ date: Date) -> String { date.formatted(timeStyle) }
}
