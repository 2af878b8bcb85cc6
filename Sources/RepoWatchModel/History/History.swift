import Foundation
import RepoWatchStorage

/// How each repository's counts moved from build to build: one point per build with fresh data,
/// kept in `.repowatch/history.json` (the Actions cache keeps it between runs) and published as
/// `public/data/history.json`.
///
/// A site of 10,000 repositories with a year of points holds 3.65 million points, so points are
/// kept packed (`PackedPoints`, 2 to 4 bytes each instead of 20), and the file is read and written
/// in chunks (`HistoryReader`, `HistoryWriter`), never as one string. The packed points wait in a
/// spool (`RecordSpool`): in a build, a nameless file beside the cache, so the history costs memory
/// only for its index (`KeyedRecords`, about 100 bytes per repository), however many points it has.
package struct History: Sendable, Equatable {
    package static let schemaVersion = 1
    /// One point per build: a year of daily builds, or half a year of the default 12-hour schedule.
    package static let pointLimit = 365
    package static let fields = ["time", "stars", "forks", "open_issues", "contributors"]

    package typealias Point = HistoryPoint

    /// Each repository's packed points (`PackedPoints.record`), by key (the site.yml name,
    /// lowercased), oldest first.
    private var series: KeyedRecords

    /// Made up for a `--sample` build (`SampleHistory`): shown, published marked as a sample, never
    /// recorded nor read back as a history.
    package var isSample = false

    package init(spool: RecordSpool = RecordSpool()) { series = KeyedRecords(spool: spool) }

    package var isEmpty: Bool { series.isEmpty }

    package func points(for name: RepoName) -> [Point] { points(forKey: name.key) }

    /// Every point of every repository, for the log line.
    package var pointCount: Int {
        var count = 0
        series.readEach { _, record in count += PackedPoints(record: record).count }
        return count
    }

    /// Repository keys in the order the file lists them.
    package var sortedKeys: [String] { series.sortedKeys }

    package func points(forKey key: String) -> [Point] {
        series.value(forKey: key).map { PackedPoints(record: $0).points } ?? []
    }

    /// Adds this build's point for every repository with fresh data. Stale data is a value already
    /// recorded (or never measured now), so it adds nothing; a rebuild at the same time replaces
    /// its own point. Repositories no longer in site.yml are dropped.
    package mutating func record(_ snapshot: Snapshot, repos: [RepoName]) {
        guard !snapshot.sample else { return }
        let keys = repos.map(\.key)
        series = series.keeping(keys)
        let configured = Set(keys)
        for repo in snapshot.repos where repo.isAvailable && !repo.stale {
            let key = repo.configName.lowercased()
            guard configured.contains(key) else { continue }
            // `open_issues` holds issues only: REST's count with pull requests in it is left out (null)
            // rather than mixed into the same series.
            let point = Point(
                time: snapshot.generatedAt, stars: repo.stars, forks: repo.forks,
                openIssues: repo.openIssuesIncludePulls ? nil : repo.openIssues,
                contributors: repo.contributorsNote == nil ? repo.contributors.count : nil)
            var points = points(forKey: key)
            if let last = points.last, last.seconds >= point.seconds { points.removeLast() }
            points.append(point)
            set(key, points)
        }
    }

    /// Only these repositories' series: one that left the site (removed from site.yml, or private and
    /// left out) leaves the published history with it.
    package mutating func keepOnly(_ repos: [RepoName]) { series = series.keeping(repos.map(\.key)) }

    /// Keeps the newest `pointLimit` points.
    package mutating func set(_ key: String, _ points: [Point]) {
        series.set(key, PackedPoints(points.suffix(Self.pointLimit)).record)
    }

    /// The same repositories with the same points, wherever they are kept.
    package static func == (a: History, b: History) -> Bool {
        a.isSample == b.isSample && a.series.count == b.series.count && a.sortedKeys == b.sortedKeys
            && a.sortedKeys.allSatisfy { a.points(forKey: $0) == b.points(forKey: $0) }
    }

    package struct CorruptFile: Error, CustomStringConvertible {
        package var description: String
    }
}

/// A repository's change between its last two points: what the page and the gallery show.
package struct HistoryDelta: Sendable, Equatable {
    package var stars: Int?
    package var forks: Int?
    package var openIssues: Int?
    package var contributors: Int?
    /// When the earlier point was taken.
    package var since: Date

    /// Nil with fewer than two points: a first snapshot has nothing to compare with ("+0" would lie).
    package init?(_ points: [History.Point]) {
        guard points.count >= 2 else { return nil }
        let (earlier, latest) = (points[points.count - 2], points[points.count - 1])
        func change(_ value: (History.Point) -> Int?) -> Int? {
            guard let new = value(latest), let old = value(earlier) else { return nil }
            return new - old
        }
        stars = change(\.stars)
        forks = change(\.forks)
        openIssues = change(\.openIssues)
        contributors = change(\.contributors)
        since = earlier.time
    }
}
