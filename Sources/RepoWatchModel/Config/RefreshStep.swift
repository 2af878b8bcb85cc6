/// What site.yml's `refresh` becomes as a schedule. Cron cannot say "every 90 minutes" evenly, so
/// the interval is rounded down to a step it can repeat exactly (a divisor of the hour or the day,
/// or a week): the site is then rebuilt at least as often as asked.
package struct RefreshStep: Sendable, Equatable {
    package enum Unit: String, Sendable { case minute, hour, day, week }

    package let unit: Unit
    package let count: Int

    /// GitHub runs scheduled workflows at most every 5 minutes.
    static let shortestMinutes = 5

    package init(every seconds: Double) {
        let minutes = max(Self.shortestMinutes, Int(seconds / 60))
        if minutes < 60 {
            (unit, count) = (.minute, [5, 6, 10, 12, 15, 20, 30].last { $0 <= minutes } ?? Self.shortestMinutes)
            return
        }
        let hours = minutes / 60
        if hours < 24 {
            (unit, count) = (.hour, [1, 2, 3, 4, 6, 8, 12].last { $0 <= hours } ?? 1)
            return
        }
        let days = hours / 24
        (unit, count) = days >= 7 ? (.week, 1) : (.day, days)
    }

    package var seconds: Double {
        switch unit {
        case .minute: return Double(count) * 60
        case .hour: return Double(count) * 3600
        case .day: return Double(count) * 86_400
        case .week: return 7 * 86_400
        }
    }

    /// "every 1 hour", "every 15 minutes".
    package var description: String { "every \(count) \(unit.rawValue)\(count == 1 ? "" : "s")" }
}
