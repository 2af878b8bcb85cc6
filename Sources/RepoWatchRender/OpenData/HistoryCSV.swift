import Foundation
import RepoWatchModel
import RepoWatchSupport

/// `repos/OWNER/NAME/history.csv`: a repository's recorded points, oldest first, a row a point
/// (RFC 4180, a header row); an empty cell where the build did not know the value (a point counted
/// from GitHub's star dates knows only its stars and forks).
enum HistoryCSV {
    static let columns = ["date", "stars", "forks", "open_issues", "open_pulls"]

    static func csv(_ points: [History.Point]) -> Data {
        var text = columns.joined(separator: ",") + "\r\n"
        text.reserveCapacity(points.count * 40 + 32)
        func cell(_ value: Int?) -> String { value.map(String.init) ?? "" }
        for point in points {
            text +=
                Formatting.iso(point.time) + "," + cell(point.stars) + "," + cell(point.forks) + ","
                + cell(point.openIssues) + "," + cell(point.openPulls) + "\r\n"
        }
        return Data(text.utf8)
    }
}
