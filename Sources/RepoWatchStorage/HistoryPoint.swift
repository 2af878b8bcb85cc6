import Foundation

/// One build's counts of one repository, as the history keeps them: 20 bytes, and 2 to 4 once packed
/// (`PackedPoints`).
package struct HistoryPoint: Sendable, Equatable {
    /// Seconds since 1970 (UTC): the build's snapshot time.
    package var seconds: UInt32
    // -1 where the API gave no value; counts past Int32.max are kept as Int32.max.
    package var starCount: Int32
    package var forkCount: Int32
    package var issueCount: Int32
    package var contributorCount: Int32

    package init(time: Date, stars: Int?, forks: Int?, openIssues: Int?, contributors: Int?) {
        self.init(
            seconds: UInt32(clamping: Int64(time.timeIntervalSince1970.rounded(.down))),
            counts: (Self.pack(stars), Self.pack(forks), Self.pack(openIssues), Self.pack(contributors)))
    }

    package init(seconds: UInt32, counts: (Int32, Int32, Int32, Int32)) {
        self.seconds = seconds
        (starCount, forkCount, issueCount, contributorCount) = counts
    }

    package var time: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    package var stars: Int? { Self.unpack(starCount) }
    package var forks: Int? { Self.unpack(forkCount) }
    package var openIssues: Int? { Self.unpack(issueCount) }
    package var contributors: Int? { Self.unpack(contributorCount) }

    package static func pack(_ value: Int?) -> Int32 {
        guard let value, value >= 0 else { return -1 }
        return Int32(clamping: value)
    }

    private static func unpack(_ value: Int32) -> Int? { value < 0 ? nil : Int(value) }

    package var values: [Int?] { [Int(seconds), stars, forks, openIssues, contributors] }
}
