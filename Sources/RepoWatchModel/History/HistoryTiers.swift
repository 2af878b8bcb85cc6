import Foundation
import RepoWatchStorage

/// How a repository's history thins with age instead of forgetting: measured back from its newest
/// point, every point of the last two days is kept, then the newest point of each 12-hour slot (UTC)
/// to 90 days, of each week (Monday to Sunday, UTC) to two years, and of each calendar month (UTC)
/// before that (of the points the finer tier kept: weeks and months do not nest). The oldest point is
/// always kept: the chart starts where the history does. At the default 12-hour schedule that keeps every build for 90 days; twenty years of
/// history stay under `History.pointLimit`.
///
/// Thinning keeps the newest point of each slot, so thinning again (as every build does) keeps what it
/// kept: a point leaves only when a newer one shares its slot.
enum HistoryTiers {
    static let everyPoint: UInt32 = 2 * 86_400
    static let halfDays: UInt32 = 90 * 86_400
    static let weeks: UInt32 = 730 * 86_400

    /// The slot a point belongs to, seen from `newest`: points sharing one keep only the newest.
    enum Slot: Hashable {
        case point(UInt32)
        case halfDay(UInt32)
        case week(UInt32)
        case month(Int)
    }

    static func slot(of seconds: UInt32, newest: UInt32) -> Slot {
        let age = newest >= seconds ? newest - seconds : 0
        if age < everyPoint { return .point(seconds) }
        if age < halfDays { return .halfDay(seconds / 43_200) }
        // 1970-01-01 was a Thursday: three days on, weeks start on Mondays.
        if age < weeks { return .week((seconds + 3 * 86_400) / 604_800) }
        return .month(monthNumber(days: Int(seconds / 86_400)))
    }

    /// Months since year 0 of the UTC day `days` after 1970-01-01 (the civil calendar, computed: a
    /// `Calendar` per point would cost more than the rest of a large history's thinning).
    static func monthNumber(days: Int) -> Int {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return year * 12 + month - 1
    }

    /// `points` (oldest first) thinned by the tiers, then cut to the newest `limit`.
    static func thin(_ points: [HistoryPoint], limit: Int) -> [HistoryPoint] {
        guard let newest = points.last?.seconds else { return points }
        var kept: [HistoryPoint] = []
        kept.reserveCapacity(min(points.count, limit))
        var index = points.count - 1
        var previous: Slot?
        // Newest first: the first point met in each slot is its newest, and slots never interleave.
        while index >= 0 {
            let point = points[index]
            let slot = slot(of: point.seconds, newest: newest)
            // The oldest point stays too: where the history starts (a backfilled creation day).
            if slot != previous || index == 0 { kept.append(point) }
            previous = slot
            index -= 1
        }
        return Array(kept.prefix(limit).reversed())
    }
}
