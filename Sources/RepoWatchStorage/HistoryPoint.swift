import Foundation

/// One build's counts of one repository, as the history keeps them: 28 bytes, and 2 to 4 once packed
/// (`PackedPoints`).
package struct HistoryPoint: Sendable, Equatable {
    /// Seconds since 1970 (UTC): the build's snapshot time, or the end of the day a backfilled point
    /// counts up to.
    package var seconds: UInt32
    // -1 where the API gave no value; counts past Int32.max are kept as Int32.max.
    package var starCount: Int32
    package var forkCount: Int32
    var issueCount: Int32
    package var contributorCount: Int32
    var pullCount: Int32 = -1
    /// Counted from GitHub's star and fork dates, not observed by a build: only stars and forks.
    package var backfilled = false

    package init(
        time: Date, stars: Int?, forks: Int?, openIssues: Int?, contributors: Int?, openPulls: Int? = nil,
        backfilled: Bool = false
    ) {
        self.init(
            seconds: UInt32(clamping: Int64(time.timeIntervalSince1970.rounded(.down))),
            counts: (Self.pack(stars), Self.pack(forks), Self.pack(openIssues), Self.pack(contributors)),
            pulls: Self.pack(openPulls), backfilled: backfilled)
    }

    package init(
        seconds: UInt32, counts: (Int32, Int32, Int32, Int32), pulls: Int32 = -1, backfilled: Bool = false
    ) {
        self.seconds = seconds
        (starCount, forkCount, issueCount, contributorCount) = counts
        pullCount = pulls
        self.backfilled = backfilled
    }

    package var time: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    package var stars: Int? { Self.unpack(starCount) }
    package var forks: Int? { Self.unpack(forkCount) }
    package var openIssues: Int? { Self.unpack(issueCount) }
    package var contributors: Int? { Self.unpack(contributorCount) }
    package var openPulls: Int? { Self.unpack(pullCount) }

    package static func pack(_ value: Int?) -> Int32 {
        guard let value, value >= 0 else { return -1 }
        return Int32(clamping: value)
    }

    private static func unpack(_ value: Int32) -> Int? { value < 0 ? nil : Int(value) }

    /// In the order of the file's `fields`.
    package var values: [Int?] { [Int(seconds), stars, forks, openIssues, contributors, openPulls] }
}
