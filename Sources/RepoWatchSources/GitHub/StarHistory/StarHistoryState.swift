import Foundation
import RepoWatchModel
import RepoWatchSupport

/// What earlier builds read of each repository's star history, in `.repowatch/star-history.json`: how
/// many pages (newest first), the days that had stars, whether every page was read, and when the API
/// answered that it does not offer the star history. Counts by day only: GitHub names no stargazer.
struct StarHistoryState: Sendable, Equatable {
    /// How long a 404 (the endpoint not offered) is remembered before the API is asked again.
    static let refusalMemory: TimeInterval = 30 * 86_400

    struct Entry: Codable, Sendable, Equatable {
        /// Pages read so far, newest first: the next build asks for page `pages + 1`.
        var pages = 0
        /// The last page as the first page's `rel="last"` said, for the pages still to read.
        var lastPage: Int?
        /// Every page read: an empty page, one without `rel="next"`, or GitHub's page limit reached.
        var done = false
        /// The page limit ended the reading: the weeks before the oldest read were not read.
        var cut = false
        /// The oldest and the newest week read (their starts, seconds since 1970).
        var oldest: Int?
        var newest: Int?
        /// Each day read that had stars, oldest first.
        var days: [StarDay] = []
        /// The card's star count when the first page was read: where a cut history's totals end.
        var stars: Int?
        /// When the API answered 404.
        var notOfferedAt: Date?

        enum CodingKeys: String, CodingKey {
            case pages, done, cut, oldest, newest, days, stars
            case lastPage = "last_page"
            case notOfferedAt = "not_offered_at"
        }

        init() {}

        /// The entry without the days read.
        var summary: Summary {
            Summary(pages: pages, lastPage: lastPage, done: done, cut: cut, notOfferedAt: notOfferedAt)
        }

        /// Whether the API said, within the last 30 days, that it does not offer the star history.
        func notOffered(now: Date) -> Bool { summary.notOffered(now: now) }

        /// Pages known to be left (from `rel="last"`); nil before the first page.
        var pagesLeft: Int? { summary.pagesLeft }

        /// Adds a page's weeks (newest first), the page after those read. A week already read (a new
        /// week began while paging, and the pages moved by one) is dropped; the others must go on
        /// from the oldest read, 7 days apart.
        mutating func add(_ weeks: [StarHistoryWeek]) throws(StarHistoryProblem) {
            var added: [StarDay] = []
            for week in weeks {
                if let oldest, let newest, week.start >= oldest {
                    guard week.start <= newest, (week.start - oldest) % StarHistoryWeek.seconds == 0 else {
                        throw StarHistoryProblem("its weeks are not 7 days apart")
                    }
                    continue
                }
                if let oldest, week.start != oldest - StarHistoryWeek.seconds {
                    throw StarHistoryProblem("its weeks are not 7 days apart")
                }
                oldest = week.start
                if newest == nil { newest = week.start }
                for (index, count) in week.days.enumerated().reversed() where count > 0 {
                    added.append(StarDay(day: week.day(index), count: count))
                }
            }
            days = added.reversed() + days
        }

        /// The history's backfilled points: one a day from the oldest week read to the newest day
        /// that has come, each the running total of GitHub's daily counts at the day's last second
        /// (stars only). A cut history starts where the card's count, less what was read, leaves it.
        func points(now: Date) -> [History.Point] {
            guard done, let oldest, let newest else { return [] }
            let first = StarHistoryWeek(start: oldest, days: []).day(0)
            let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
            let last = min(StarHistoryWeek(start: newest, days: []).day(6), today)
            guard first <= last else { return [] }
            let total = days.reduce(0) { $0 + $1.count }
            var running = cut ? max(0, (stars ?? total) - total) : 0
            var next = days.makeIterator()
            var pending = next.next()
            var points: [History.Point] = []
            points.reserveCapacity(last - first + 1)
            for day in first...last {
                while let entry = pending, entry.day <= day {
                    running += entry.count
                    pending = next.next()
                }
                points.append(
                    History.Point(
                        time: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 86_399)), stars: running,
                        forks: nil, openIssues: nil, contributors: nil, backfilled: true))
            }
            return points
        }
    }

    /// How far an entry's reading has come, without its days: all a build needs of a repository it
    /// reads no page of, decoded from the file without building the days (a long history holds
    /// thousands, and a site of thousands of repositories held them all).
    struct Summary: Decodable, Sendable, Equatable {
        var pages = 0
        var lastPage: Int?
        var done = false
        var cut = false
        var notOfferedAt: Date?

        enum CodingKeys: String, CodingKey {
            case pages, done, cut
            case lastPage = "last_page"
            case notOfferedAt = "not_offered_at"
        }

        func notOffered(now: Date) -> Bool {
            notOfferedAt.map { now.timeIntervalSince($0) < StarHistoryState.refusalMemory } ?? false
        }

        var pagesLeft: Int? { done ? 0 : lastPage.map { max(0, $0 - pages) } }
    }

    /// A day that had stars, kept in the file as `[day, count]` (days since 1970, UTC): a value, not
    /// an array of its own, since a long history holds thousands.
    struct StarDay: Codable, Sendable, Equatable {
        var day: Int
        var count: Int

        init(day: Int, count: Int) {
            self.day = day
            self.count = count
        }

        init(from decoder: any Decoder) throws {
            var pair = try decoder.unkeyedContainer()
            day = try pair.decode(Int.self)
            count = try pair.decode(Int.self)
            guard pair.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: pair, debugDescription: "not a [day, count] pair")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(day)
            try pair.encode(count)
        }
    }

    var repos: [String: Entry] = [:]

    init() {}
}
