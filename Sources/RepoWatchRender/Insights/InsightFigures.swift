import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The figures of the insights page for one scope — the whole site, or one `owners:` entry — from
/// what the build already holds: the snapshot, the recorded history and the feed's entries. No
/// request is made for them. Every figure is defined so a script can recompute it from
/// `data/snapshot.json` and `data/history.json` (docs/output.md, "Insights"):
///
/// - a change over N days is, per repository, its current count minus the count of its newest
///   recorded point at or before N days before the build, added up over the repositories that have
///   both; when no repository's history reaches that far, the figure is unknown (and the page says
///   since when the history runs);
/// - rising: the most stars gained over 7 and 30 days, and the largest relative gain over 30 days
///   among repositories with at least `relativeFloor` stars at its start;
/// - releases: latest releases published in the last 30 days, newest first;
/// - waking: the feed's "active again" entries of the last 30 days (a push after more than 50 quiet
///   days); quiet: unarchived repositories last pushed more than 50 and at most 80 days ago, which
///   crossed the 50-day line in the last 30 days;
/// - languages: repositories and stars per primary language;
/// - recent: the most recently pushed.
struct InsightFigures: Sendable {
    static let spans = [7, 30]
    /// A repository needs this many stars at the start of the span to lead on relative growth: a
    /// 3 → 6 repository doubled, but says little.
    static let relativeFloor = 50
    static let listLength = 10
    static let releaseDays = 30
    static let quietLine = FeedState.quietDays
    static let day: TimeInterval = 86_400

    /// A count and how it moved.
    struct Total: Sendable, Equatable {
        var now = 0
        /// By span in days; absent where no repository's history reaches back that far.
        var change: [Int: Int] = [:]
        /// Whether any repository gave a value.
        var known = false
    }

    /// One repository in a list.
    struct Entry: Sendable, Equatable {
        var key: String
        var name: String
        /// The figure the list is sorted by (stars gained, days since push, …).
        var value: Int
        /// A second figure where the list has one (stars at the start of the span; the quiet days).
        var base: Int?
        var date: Date?
        var text: String?
        /// The repository on GitHub, for a repository without a page of its own.
        var url: String?
    }

    struct Language: Sendable, Equatable {
        var name: String
        var color: String?
        var repos = 0
        var stars = 0
    }

    var repos = 0
    var stars = Total()
    var forks = Total()
    var issues = Total()
    var pulls = Total()
    /// The oldest point of any repository's history: since when the figures can know.
    var knownSince: Date?
    /// The spans (in days) that some repository's history covers.
    var coveredSpans: Set<Int> = []
    /// Most stars gained, by span.
    var rising: [Int: [Entry]] = [:]
    /// Largest relative gain over 30 days (value: gain, base: stars at the start).
    var relative: [Entry] = []
    var releases: [Entry] = []
    var releaseCount = 0
    var waking: [Entry] = []
    var quiet: [Entry] = []
    var quietCount = 0
    var languages: [Language] = []
    var recent: [Entry] = []

    init() {}
}

/// Gathers the figures of every scope in one pass over the repositories.
struct InsightCollector {
    let now: Date
    private(set) var figures = InsightFigures()
    private var languages: [String: InsightFigures.Language] = [:]

    init(now: Date) { self.now = now }

    private static let keep = 4 * InsightFigures.listLength

    /// Adds one repository: its current values and its recorded points.
    mutating func add(_ repo: RepoSnapshot, points: [History.Point]) {
        figures.repos += 1
        let key = repo.configName.lowercased()
        let name = repo.fullName ?? repo.configName
        let url = SafeURL.http(repo.htmlURL)
        if let first = points.first?.time { figures.knownSince = min(figures.knownSince ?? first, first) }
        guard repo.isAvailable else { return }
        // A repository with issues turned off has no open issues to count, whatever GitHub still reports.
        let issuesNow = repo.openIssuesIncludePulls || repo.hasIssues == false ? nil : repo.openIssues
        add(repo.stars, to: \.stars)
        add(repo.forks, to: \.forks)
        add(issuesNow, to: \.issues)
        add(repo.openIssuesIncludePulls ? nil : repo.openPulls, to: \.pulls)
        for span in InsightFigures.spans {
            let cutoff = UInt32(
                clamping: Int64(now.addingTimeInterval(-Double(span) * InsightFigures.day).timeIntervalSince1970))
            guard let base = points.last(where: { $0.seconds <= cutoff }) else { continue }
            figures.coveredSpans.insert(span)
            change(repo.stars, base.stars, span, \.stars)
            change(repo.forks, base.forks, span, \.forks)
            change(issuesNow, base.openIssues, span, \.issues)
            change(repo.openIssuesIncludePulls ? nil : repo.openPulls, base.openPulls, span, \.pulls)
            guard let stars = repo.stars, let before = base.stars else { continue }
            let gained = stars - before
            if gained > 0 {
                figures.rising[span, default: []].append(
                    .init(key: key, name: name, value: gained, base: before, url: url))
                if figures.rising[span]!.count > Self.keep { figures.rising[span] = Self.top(figures.rising[span]!) }
                if span == 30, before >= InsightFigures.relativeFloor {
                    figures.relative.append(.init(key: key, name: name, value: gained, base: before, url: url))
                    if figures.relative.count > Self.keep { figures.relative = Self.topRelative(figures.relative) }
                }
            }
        }
        if let release = repo.release, let published = release.publishedAt,
            published > now.addingTimeInterval(-Double(InsightFigures.releaseDays) * InsightFigures.day),
            published <= now.addingTimeInterval(InsightFigures.day)
        {
            figures.releaseCount += 1
            figures.releases.append(.init(key: key, name: name, value: 0, date: published, text: release.tag, url: url))
            if figures.releases.count > Self.keep { figures.releases = Self.newest(figures.releases) }
        }
        if let days = repo.daysSincePush, repo.archived != true, days > InsightFigures.quietLine,
            days <= InsightFigures.quietLine + InsightFigures.releaseDays
        {
            figures.quietCount += 1
            figures.quiet.append(.init(key: key, name: name, value: days, date: repo.pushedAt, url: url))
            if figures.quiet.count > Self.keep { figures.quiet = Self.soonest(figures.quiet) }
        }
        if let pushed = repo.pushedAt {
            figures.recent.append(.init(key: key, name: name, value: repo.daysSincePush ?? 0, date: pushed, url: url))
            if figures.recent.count > Self.keep { figures.recent = Self.newest(figures.recent) }
        }
        if let language = repo.language {
            var entry = languages[language.name] ?? .init(name: language.name, color: language.color)
            entry.repos += 1
            entry.stars += repo.stars ?? 0
            languages[language.name] = entry
        }
    }

    /// A woken repository, from the feed.
    mutating func woke(_ entry: FeedEntry) {
        figures.waking.append(
            .init(
                key: entry.repo, name: entry.facts?.name ?? entry.repo, value: entry.facts?.quietDays ?? 0,
                date: entry.facts?.date ?? entry.updated))
    }

    /// The figures, lists sorted and cut to their length.
    func finished() -> InsightFigures {
        var done = figures
        for span in InsightFigures.spans { done.rising[span] = Self.top(done.rising[span] ?? []) }
        done.relative = Self.topRelative(done.relative)
        done.releases = Self.newest(done.releases)
        done.quiet = Self.soonest(done.quiet)
        done.recent = Self.newest(done.recent)
        done.waking = Self.newest(done.waking)
        // Changes are known only where some repository's history covers the span.
        for span in InsightFigures.spans where !done.coveredSpans.contains(span) {
            for path in [\InsightFigures.stars, \.forks, \.issues, \.pulls] { done[keyPath: path].change[span] = nil }
        }
        done.languages = languages.values.sorted { ($0.repos, $1.name) > ($1.repos, $0.name) }
        return done
    }

    private mutating func add(_ value: Int?, to path: WritableKeyPath<InsightFigures, InsightFigures.Total>) {
        guard let value else { return }
        figures[keyPath: path].now += value
        figures[keyPath: path].known = true
    }

    private mutating func change(
        _ now: Int?, _ before: Int?, _ span: Int, _ path: WritableKeyPath<InsightFigures, InsightFigures.Total>
    ) {
        guard let now, let before else { return }
        figures[keyPath: path].change[span, default: 0] += now - before
    }

    private static func byName(_ a: InsightFigures.Entry, _ b: InsightFigures.Entry) -> Bool {
        a.name.lowercased() < b.name.lowercased()
    }

    static func top(_ list: [InsightFigures.Entry]) -> [InsightFigures.Entry] {
        Array(
            list.sorted { $0.value != $1.value ? $0.value > $1.value : byName($0, $1) }.prefix(
                InsightFigures.listLength))
    }

    /// By gain ÷ start, compared without division: a/b > c/d ⇔ a·d > c·b.
    static func topRelative(_ list: [InsightFigures.Entry]) -> [InsightFigures.Entry] {
        let sorted = list.sorted { a, b in
            let left = a.value * (b.base ?? 1)
            let right = b.value * (a.base ?? 1)
            return left != right ? left > right : byName(a, b)
        }
        return Array(sorted.prefix(InsightFigures.listLength))
    }

    static func newest(_ list: [InsightFigures.Entry]) -> [InsightFigures.Entry] {
        let sorted = list.sorted { a, b in
            let (left, right) = (a.date ?? .distantPast, b.date ?? .distantPast)
            return left != right ? left > right : byName(a, b)
        }
        return Array(sorted.prefix(InsightFigures.listLength))
    }

    /// Those that crossed the line most recently first: the fewest days past it.
    static func soonest(_ list: [InsightFigures.Entry]) -> [InsightFigures.Entry] {
        Array(
            list.sorted { $0.value != $1.value ? $0.value < $1.value : byName($0, $1) }.prefix(
                InsightFigures.listLength))
    }
}
