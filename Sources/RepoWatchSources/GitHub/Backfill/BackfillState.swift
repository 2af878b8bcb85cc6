import Foundation
import RepoWatchModel
import RepoWatchSupport

/// What earlier builds learnt of each repository's fork dates (and the star dates versions before the
/// star history read), in `.repowatch/backfill.json`: how far the pages were read (GitHub's cursor),
/// the running count at the end of each day read, and when GitHub last refused. Dates only: no login
/// is asked for or kept.
package struct BackfillState: Sendable, Equatable {
    /// How long a refusal is remembered before GitHub is asked again.
    static let refusalMemory: TimeInterval = 30 * 86_400

    /// One kind of dates (stars or forks) of one repository.
    package struct Series: Codable, Sendable, Equatable {
        /// GitHub's `endCursor` after the last page read; nil before the first.
        var cursor: String?
        /// Dates read so far: the count at the end of the last day read.
        package var read = 0
        /// `[day, count]`: the count at the end of each day (days since 1970, UTC) that had a date.
        package var days: [[Int]] = []
        /// Every page read.
        package var done = false
        /// When GitHub last refused (an empty list while `totalCount` > 0, `FORBIDDEN`, `NOT_FOUND`).
        var refusedAt: Date?

        enum CodingKeys: String, CodingKey {
            case cursor, read, days, done
            case refusedAt = "refused_at"
        }

        package init() {}

        /// Whether this build asks for a page: not read to the end, and not refused within 30 days.
        func wantsPage(now: Date) -> Bool {
            if let refusedAt { return now.timeIntervalSince(refusedAt) >= BackfillState.refusalMemory }
            return !done
        }

        package var refused: Bool { refusedAt != nil }

        /// Adds a page of dates (oldest first, as asked).
        package mutating func add(_ dates: [Date], endCursor: String?, hasNextPage: Bool) {
            for date in dates {
                read += 1
                let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
                if let last = days.last, last[0] == day {
                    days[days.count - 1][1] = read
                } else if let last = days.last, last[0] > day {
                    // Out of order (GitHub's order is by date): counted on the latest day read.
                    days[days.count - 1][1] = read
                } else {
                    days.append([day, read])
                }
            }
            cursor = endCursor ?? cursor
            done = !hasNextPage
        }

        /// A refusal starts the series over: when asked again, from the first page.
        mutating func refuse(at now: Date) {
            self = Series()
            refusedAt = now
        }

        /// The count at the end of `day`, where the pages read tell it.
        package func count(atEndOf day: Int) -> Int? {
            guard !refused, done || read > 0 else { return nil }
            if !done, let last = days.last?[0], day > last { return nil }
            var count = 0
            for entry in days {
                if entry[0] > day { break }
                count = entry[1]
            }
            return count
        }
    }

    package struct Entry: Codable, Sendable, Equatable {
        /// The day the repository was created (days since 1970, UTC), once a page said it.
        package var created: Int?
        /// Star dates read by earlier versions (GraphQL's `starredAt`, shown only to admins and
        /// collaborators): no longer asked; a repository read whole keeps its history as it is.
        package var stars = Series()
        package var forks = Series()

        package init() {}

        /// The history's backfilled points: one a day that had a star, a fork or the creation, the
        /// counts at that day's end (`null` where the dates read do not tell).
        package var points: [History.Point] {
            // Star dates only where an earlier version read them whole: part of them would step into
            // the star history's counts.
            let starsKnown = stars.done && !stars.refused
            var days = Set((starsKnown ? stars.days.map { $0[0] } : []) + forks.days.map { $0[0] })
            if let created { days.insert(created) }
            var points: [History.Point] = []
            for day in days.sorted() where day >= 0 {
                let starCount = starsKnown ? stars.count(atEndOf: day) : nil
                let forkCount = forks.count(atEndOf: day)
                guard starCount != nil || forkCount != nil else { continue }
                points.append(
                    History.Point(
                        time: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 86_399)), stars: starCount,
                        forks: forkCount, openIssues: nil, contributors: nil, backfilled: true))
            }
            return points
        }

        /// Where the chart starts, as far as these dates tell: at the star dates an earlier version
        /// read whole, else not decided here (the star history decides).
        package var start: HistoryStart {
            stars.done && !stars.refused ? .backfill : .firstSnapshot(.notReadYet)
        }
    }

    package var repos: [String: Entry] = [:]

    package init() {}
}

/// `.repowatch/backfill.json`: a missing or unreadable file is an empty state (the dates are asked
/// again, which costs points, never data). Read and written an entry at a time (`JSONEntryStream`):
/// decoded whole, the file of a site of 100,000 repositories took several times its size in memory.
package struct BackfillFile: Sendable {
    package let url: URL
    /// Called each time the file is read: tests check a build reads it only when it needs it.
    var onRead: (@Sendable () -> Void)?

    package init(cacheDirectory: URL) {
        url = KeptFile.backfill.url(cache: cacheDirectory)
    }

    package func load() -> BackfillState {
        var state = BackfillState()
        state.repos = entries { _, entry in entry }
        return state
    }

    /// What `keep` makes of each entry, by key; nothing from a file that does not read whole.
    func entries<Kept>(_ keep: (String, BackfillState.Entry) -> Kept?) -> [String: Kept] {
        onRead?()
        let entries = JSONEntryStream.schema1Entries(url.path, decoder: OpenCountsCache.decoder) {
            (key, entry: BackfillState.Entry) in RepoName.parse(key).value?.key == key ? keep(key, entry) : nil
        }
        return entries ?? [:]
    }

    /// Only the configured repositories' entries are kept. Written as `JSONEncoder` would write the
    /// whole (keys sorted), an entry at a time.
    package func save(_ state: BackfillState, keeping configured: [RepoName]) {
        let keys = Set(configured.map(\.key))
        do {
            try JSONEntryStream.writeSchema1(url.path) { add in
                for key in state.repos.keys.sorted() where keys.contains(key) {
                    guard let entry = state.repos[key] else { continue }
                    try add(
                        [UInt8](try OpenCountsCache.encoder.encode(key)) + Array(":".utf8)
                            + [UInt8](try OpenCountsCache.encoder.encode(entry)))
                }
            }
        } catch {
            // A state that cannot be written is asked again next build: points, not data.
        }
    }
}
