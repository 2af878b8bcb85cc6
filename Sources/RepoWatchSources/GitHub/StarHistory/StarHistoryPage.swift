import Foundation

/// One page of `GET /repos/{owner}/{repo}/stargazers/history` (GitHub, 2026-09-04): an array of weeks,
/// newest first, `{"week": <the week's start, seconds>, "total": n, "days": [7 counts]}`. The counts
/// are the stars still held, on the day each was given: an un-star lowers the day it was given.
/// Everything a forge sends is untrusted: a page that breaks the shape is refused whole.
struct StarHistoryWeek: Sendable, Equatable {
    static let seconds = 7 * 86_400

    /// The week's start, seconds since 1970; GitHub does not promise it falls on UTC midnight.
    var start: Int
    /// Seven counts; day `i` is the UTC day that contains `start + i × 86,400`.
    var days: [Int]

    /// The UTC day (days since 1970) of day `index`.
    func day(_ index: Int) -> Int { Int((Double(start + index * 86_400) / 86_400).rounded(.down)) }
}

/// Why a page (or the weeks read so far) cannot be used; said in the warning.
struct StarHistoryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum StarHistoryPage {
    /// At most this many weeks a page (GitHub's limit), asked for every time.
    static let weeksPerPage = 30
    /// GitHub answers at most this many pages; a history longer than that is cut (and said).
    static let pageLimit = 100

    /// GitHub's week as sent: a missing key, a fraction or a string in place of a count fails the page.
    private struct WeekPayload: Decodable {
        var week: Int
        var total: Int
        var days: [Int]
    }

    /// The weeks of one page, in its order (newest first), each checked: seven counts, none negative,
    /// `total` their sum.
    static func parse(_ data: Data) throws(StarHistoryProblem) -> [StarHistoryWeek] {
        let payload: [WeekPayload]
        do {
            payload = try JSONDecoder().decode([WeekPayload].self, from: data)
        } catch {
            throw StarHistoryProblem("a page is not an array of weeks")
        }
        return try payload.enumerated().map { (index, week) throws(StarHistoryProblem) in
            let place = "week \(index + 1) of a page"
            guard week.week >= 0 else { throw StarHistoryProblem("\(place) starts before 1970") }
            guard week.days.count == 7 else { throw StarHistoryProblem("\(place) has \(week.days.count) days, not 7") }
            guard week.days.allSatisfy({ $0 >= 0 }) else { throw StarHistoryProblem("\(place) has a negative count") }
            guard week.total == week.days.reduce(0, +) else {
                throw StarHistoryProblem("\(place) has a total that is not the sum of its days")
            }
            return StarHistoryWeek(start: week.week, days: week.days)
        }
    }
}
