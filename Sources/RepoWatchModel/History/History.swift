import Foundation
import RepoWatchStorage

/// How each repository's counts moved from build to build: one point per build with fresh data,
/// kept in `.repowatch/history.json` (the Actions cache keeps it between runs) and published as
/// `public/data/history.json`.
///
/// Older points are thinned by age (`HistoryTiers`) rather than forgotten; points counted from GitHub's
/// star history and fork dates before the first build (`setBackfill`) are marked `backfilled`.
///
/// A site of 10,000 repositories with a year of points holds 3.65 million points, so points are
/// kept packed (`PackedPoints`, 2 to 4 bytes each instead of 20), and the file is read and written
/// in chunks (`HistoryReader`, `HistoryWriter`), never as one string. The packed points wait in a
/// spool (`RecordSpool`): in a build, a nameless file beside the cache, so the history costs memory
/// only for its index (`KeyedRecords`, about 100 bytes per repository), however many points it has.
package struct History: Sendable, Equatable {
    /// 2: `open_pulls`, backfilled points and where each chart starts (`start`). Schema 1 files are
    /// read and written back as 2.
    package static let schemaVersion = 2
    /// The tiers (`HistoryTiers`) keep twenty years of a repository's history under this; it bounds a
    /// hand-made file or an unusual schedule.
    package static let pointLimit = 600
    package static let fields = ["time", "stars", "forks", "open_issues", "contributors", "open_pulls"]
    /// Schema 1's points: without `open_pulls`.
    static let schema1Fields = Array(fields.prefix(5))

    package typealias Point = HistoryPoint

    /// Each repository's start (`HistoryStart.code`, one byte) and packed points
    /// (`PackedPoints.record`), by key (the site.yml name, lowercased), oldest first.
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
        series.readEach { _, record in count += Self.unpack(record).points.count }
        return count
    }

    /// Repository keys in the order the file lists them.
    package var sortedKeys: [String] { series.sortedKeys }

    /// Each repository's key and packed record (its start and points), in key order, without
    /// unpacking: what a fingerprint of the history reads.
    package func forEachRecord(_ body: (_ key: String, _ record: [UInt8]) throws -> Void) rethrows {
        for key in series.sortedKeys {
            if let record = series.value(forKey: key) { try body(key, record) }
        }
    }

    package func points(forKey key: String) -> [Point] {
        series.value(forKey: key).map { Self.unpack($0).points.points } ?? []
    }

    /// Where the repository's history starts; nil when no build has decided it yet (a schema 1 file,
    /// a repository new to the site).
    package func start(for name: RepoName) -> HistoryStart? { start(forKey: name.key) }

    package func start(forKey key: String) -> HistoryStart? {
        series.value(forKey: key).flatMap { Self.unpack($0).start }
    }

    /// Adds this build's point for every repository with fresh data. Stale data is a value already
    /// recorded (or never measured now), so it adds nothing; a rebuild at the same time replaces
    /// its own point. Repositories no longer in site.yml are dropped.
    package mutating func record(_ snapshot: Snapshot, repos: [RepoName]) {
        guard !snapshot.sample else { return }
        let keys = repos.map(\.key)
        series = series.keeping(keys)
        let configured = Set(keys)
        for repo in snapshot.repos {
            let key = repo.configName.lowercased()
            guard configured.contains(key) else { continue }
            forget(repo.membersOnly, ofKey: key)
            guard repo.isAvailable, !repo.stale else { continue }
            // `open_issues` holds issues only: REST's count with pull requests in it is left out (null)
            // rather than mixed into the same series.
            let point = Point(
                time: snapshot.generatedAt, stars: repo.stars, forks: repo.forks,
                openIssues: repo.openIssuesIncludePulls ? nil : repo.openIssues,
                contributors: repo.contributorsNote == nil ? repo.contributors.count : nil,
                openPulls: repo.openIssuesIncludePulls ? nil : repo.openPulls)
            var points = points(forKey: key)
            if let last = points.last, last.seconds >= point.seconds, !last.backfilled { points.removeLast() }
            points.removeAll { $0.backfilled && $0.seconds >= point.seconds }
            points.append(point)
            set(key, points)
        }
    }

    /// Counts of parts the forge now shows to the project's members only go from every point, the
    /// earlier ones too (`RepoSnapshot.membersOnly`): a stale build knows it from the cache as well.
    private mutating func forget(_ hidden: MembersOnly, ofKey key: String) {
        guard !hidden.isDisjoint(with: [.issues, .pulls, .contributors]) else { return }
        let points = points(forKey: key)
        let kept = points.map { point in
            Point(
                seconds: point.seconds,
                counts: (
                    point.starCount, point.forkCount,
                    hidden.contains(.issues) ? -1 : Point.pack(point.openIssues),
                    hidden.contains(.contributors) ? -1 : point.contributorCount
                ), pulls: hidden.contains(.pulls) ? -1 : Point.pack(point.openPulls), backfilled: point.backfilled)
        }
        if kept != points { set(key, kept, start: start(forKey: key), thinning: false) }
    }

    /// Replaces the repository's backfilled points with `backfilled` (oldest first), keeping only those
    /// before its first observed point: from then on the builds' own counts are the history.
    mutating func setBackfill(_ key: String, _ backfilled: [Point], start: HistoryStart) {
        let observed = points(forKey: key).filter { !$0.backfilled }
        let firstObserved = observed.first?.seconds ?? .max
        var merged = backfilled.filter { $0.seconds < firstObserved }
        for index in merged.indices { merged[index].backfilled = true }
        set(key, merged + observed, start: start)
    }

    /// What a build learnt of a repository's star history and fork dates. Complete ones replace any
    /// backfilled points; partial ones replace those that reach no further (one restored from the
    /// published site keeps its whole backfill until this cache's reading catches up). A refusal never
    /// takes away points already backfilled (they are GitHub's record, and a 404 on a later page may be
    /// a fault): the chart keeps them and its start. A star history read whole names the start again
    /// where an earlier version, rolled back to, wrote it as a plain backfill. A tentative start (not
    /// read yet) never replaces a known one.
    package mutating func mergeBackfill(_ key: String, _ backfilled: [Point]?, start: HistoryStart, complete: Bool) {
        let existing = points(forKey: key)
        let hasBackfilled = existing.first?.backfilled == true
        if hasBackfilled, !start.isBackfilled { return }
        let earlier = existing.prefix { $0.backfilled }
        let reachedBefore = earlier.last?.seconds ?? 0
        if let backfilled, complete || !hasBackfilled || (backfilled.last?.seconds ?? 0) >= reachedBefore {
            setBackfill(key, Self.joined(earlier, backfilled), start: start)
            return
        }
        let known = self.start(forKey: key)
        if known != nil, start.reason == .notReadYet { return }
        setStart(key, start)
    }

    /// The backfilled days of both, oldest first: where both have a day, the new one's values, and the
    /// earlier's where the new one does not know them. A reading that starts over (its state lost, or
    /// the fork dates not read this time) so takes away no day, nor a count, the history had.
    static func joined(_ earlier: ArraySlice<Point>, _ new: [Point]) -> [Point] {
        guard !earlier.isEmpty else { return new }
        var byTime = Dictionary(earlier.map { ($0.seconds, $0) }, uniquingKeysWith: { _, last in last })
        for point in new {
            guard let old = byTime[point.seconds] else {
                byTime[point.seconds] = point
                continue
            }
            var point = point
            if point.starCount < 0 { point.starCount = old.starCount }
            if point.forkCount < 0 { point.forkCount = old.forkCount }
            byTime[point.seconds] = point
        }
        return byTime.values.sorted { $0.seconds < $1.seconds }
    }

    /// Sets where the repository's history starts, its points unchanged.
    /// A repository without points gets none: it has no series to start.
    package mutating func setStart(_ key: String, _ start: HistoryStart?) {
        guard let record = series.value(forKey: key) else { return }
        var unpacked = Self.unpack(record)
        guard unpacked.start != start else { return }
        unpacked.start = start
        series.set(key, Self.pack(unpacked.points, start: start))
    }

    /// Only these repositories' series: one that left the site (removed from site.yml, or private and
    /// left out) leaves the published history with it.
    package mutating func keepOnly(_ repos: [RepoName]) { series = series.keeping(repos.map(\.key)) }

    /// Thinned by age (`HistoryTiers`); the start is kept unless one is given.
    package mutating func set(_ key: String, _ points: [Point]) {
        set(key, points, start: start(forKey: key))
    }

    /// `thinning: false` keeps every point (reading a file: what it holds is what was published).
    package mutating func set(_ key: String, _ points: [Point], start: HistoryStart?, thinning: Bool = true) {
        let kept = thinning ? HistoryTiers.thin(points, limit: Self.pointLimit) : points
        series.set(key, Self.pack(PackedPoints(kept), start: start))
    }

    private static func pack(_ points: PackedPoints, start: HistoryStart?) -> [UInt8] {
        [start?.code ?? 0] + points.record
    }

    private static func unpack(_ record: [UInt8]) -> (start: HistoryStart?, points: PackedPoints) {
        guard let code = record.first else { return (nil, PackedPoints([])) }
        return (HistoryStart(code: code), PackedPoints(record: Array(record.dropFirst())))
    }

    /// The same repositories with the same points and starts, wherever they are kept.
    package static func == (a: History, b: History) -> Bool {
        a.isSample == b.isSample && a.series.count == b.series.count && a.sortedKeys == b.sortedKeys
            && a.sortedKeys.allSatisfy {
                a.points(forKey: $0) == b.points(forKey: $0) && a.start(forKey: $0) == b.start(forKey: $0)
            }
    }

    struct CorruptFile: Error, CustomStringConvertible {
        var description: String
    }
}

/// A repository's change between its last two points: what the page and the gallery show.
package struct HistoryDelta: Sendable, Equatable {
    package var stars: Int?
    package var forks: Int?
    package var openIssues: Int?
    package var contributors: Int?
    package var openPulls: Int?
    /// When the earlier point was taken.
    package var since: Date

    /// Nil with fewer than two observed points: a first snapshot has nothing to compare with ("+0"
    /// would lie), and a backfilled day is not a snapshot.
    package init?(_ points: [History.Point]) {
        let observed = Array(points.drop { $0.backfilled })
        guard observed.count >= 2 else { return nil }
        let (earlier, latest) = (observed[observed.count - 2], observed[observed.count - 1])
        func change(_ value: (History.Point) -> Int?) -> Int? {
            guard let new = value(latest), let old = value(earlier) else { return nil }
            return new - old
        }
        stars = change(\.stars)
        forks = change(\.forks)
        openIssues = change(\.openIssues)
        contributors = change(\.contributors)
        openPulls = change(\.openPulls)
        since = earlier.time
    }
}
