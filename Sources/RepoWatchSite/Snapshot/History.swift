import Foundation

/// How each repository's counts moved from build to build: one point per build with fresh data,
/// kept in `.repowatch/history.json` (the Actions cache keeps it between runs) and published as
/// `public/data/history.json`.
///
/// A site of 10,000 repositories with a year of points holds 3.65 million points, so points are
/// kept packed (`PackedPoints`, 2 to 4 bytes each instead of 20), and the file is read and written
/// in chunks (`HistoryReader`, `HistoryWriter`), never as one string. The packed points wait in a
/// spool (`RecordSpool`): in a build, a nameless file beside the cache, so the history costs memory
/// only for its index (`KeyedRecords`, 20 to 30 bytes per repository), however many points it has.
struct History: Sendable, Equatable {
    static let schemaVersion = 1
    /// One point per build: a year of daily builds, or half a year of the default 12-hour schedule.
    static let pointLimit = 365
    static let fields = ["time", "stars", "forks", "open_issues", "contributors"]

    struct Point: Sendable, Equatable {
        /// Seconds since 1970 (UTC): the build's snapshot time.
        var seconds: UInt32
        // -1 where the API gave no value; counts past Int32.max are kept as Int32.max.
        var starCount: Int32
        var forkCount: Int32
        var issueCount: Int32
        var contributorCount: Int32

        init(time: Date, stars: Int?, forks: Int?, openIssues: Int?, contributors: Int?) {
            self.init(
                seconds: UInt32(clamping: Int64(time.timeIntervalSince1970.rounded(.down))),
                counts: (Self.pack(stars), Self.pack(forks), Self.pack(openIssues), Self.pack(contributors)))
        }

        init(seconds: UInt32, counts: (Int32, Int32, Int32, Int32)) {
            self.seconds = seconds
            (starCount, forkCount, issueCount, contributorCount) = counts
        }

        var time: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        var stars: Int? { Self.unpack(starCount) }
        var forks: Int? { Self.unpack(forkCount) }
        var openIssues: Int? { Self.unpack(issueCount) }
        var contributors: Int? { Self.unpack(contributorCount) }

        static func pack(_ value: Int?) -> Int32 {
            guard let value, value >= 0 else { return -1 }
            return Int32(clamping: value)
        }

        private static func unpack(_ value: Int32) -> Int? { value < 0 ? nil : Int(value) }

        var values: [Int?] { [Int(seconds), stars, forks, openIssues, contributors] }
    }

    /// Each repository's packed points (`PackedPoints.record`), by key (the site.yml name,
    /// lowercased), oldest first.
    private var series: KeyedRecords

    init(spool: RecordSpool = RecordSpool()) { series = KeyedRecords(spool: spool) }

    var isEmpty: Bool { series.isEmpty }

    func points(for name: RepoName) -> [Point] { points(forKey: name.key) }

    /// Every point of every repository, for the log line.
    var pointCount: Int {
        var count = 0
        series.readEach { _, record in count += PackedPoints(record: record).count }
        return count
    }

    /// Repository keys in the order the file lists them.
    var sortedKeys: [String] { series.sortedKeys }

    func points(forKey key: String) -> [Point] {
        series.value(forKey: key).map { PackedPoints(record: $0).points } ?? []
    }

    /// Adds this build's point for every repository with fresh data. Stale data is a value already
    /// recorded (or never measured now), so it adds nothing; a rebuild at the same time replaces
    /// its own point. Repositories no longer in site.yml are dropped.
    mutating func record(_ snapshot: Snapshot, repos: [RepoName]) {
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

    /// Keeps the newest `pointLimit` points.
    mutating func set(_ key: String, _ points: [Point]) {
        series.set(key, PackedPoints(points.suffix(Self.pointLimit)).record)
    }

    /// The same repositories with the same points, wherever they are kept.
    static func == (a: History, b: History) -> Bool {
        a.series.count == b.series.count && a.sortedKeys == b.sortedKeys
            && a.sortedKeys.allSatisfy { a.points(forKey: $0) == b.points(forKey: $0) }
    }

    struct CorruptFile: Error, CustomStringConvertible {
        var description: String
    }
}

/// A repository's change between its last two points: what the page and the gallery show.
struct HistoryDelta: Sendable, Equatable {
    var stars: Int?
    var forks: Int?
    var openIssues: Int?
    var contributors: Int?
    /// When the earlier point was taken.
    var since: Date

    /// Nil with fewer than two points: a first snapshot has nothing to compare with ("+0" would lie).
    init?(_ points: [History.Point]) {
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
