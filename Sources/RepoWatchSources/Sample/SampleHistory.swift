import Foundation
import RepoWatchModel

/// A few made-up weeks of history for a `--sample` site, so its preview shows what a site with a
/// history shows (sparklines, the change since the last build), and before them a made-up star
/// history from a made-up creation day, so its charts start where a real site's do once GitHub's
/// star history is read. Deterministic from each name, like the sample numbers, and ending on them:
/// the newest point is the sample snapshot itself.
///
/// It is made for each sample build and never recorded: the history it returns says it is a sample
/// (`History.isSample`), which `data/history.json` carries, so it is never read back as a real one.
package enum SampleHistory {
    /// One point a day.
    package static let days = 28

    package static func history(for snapshot: Snapshot) -> History {
        var history = History()
        history.isSample = true
        for repo in snapshot.repos where repo.isAvailable {
            let observed = points(for: repo, until: snapshot.generatedAt)
            history.set(
                repo.configName.lowercased(), starHistory(for: repo, before: observed) + observed, start: .starHistory)
        }
        return history
    }

    /// Backfilled daily totals, as GitHub's star history gives them: from a made-up creation day one to
    /// eight years before the first observed point, growing slowly and then faster (most repositories'
    /// stars come late), up to that point's count.
    package static func starHistory(for repo: RepoSnapshot, before observed: [History.Point]) -> [History.Point] {
        guard let first = observed.first, let target = first.stars, target > 0 else { return [] }
        var generator = SeededGenerator(seed: "star-history:" + repo.configName.lowercased())
        let days = generator.next(in: 365...(8 * 365))
        let firstDay = Int((first.time.timeIntervalSince1970 / 86_400).rounded(.down)) - days
        return (0..<days).map { day in
            let share = Double(day + 1) / Double(days + 1)
            return History.Point(
                time: Date(timeIntervalSince1970: TimeInterval((firstDay + day) * 86_400 + 86_399)),
                stars: Int(Double(target) * share * share), forks: nil, openIssues: nil, contributors: nil,
                backfilled: true)
        }
    }

    /// Walks back from the repository's numbers a day at a time: stars and forks only ever grew (a
    /// few quiet days), open issues came and went.
    package static func points(for repo: RepoSnapshot, until now: Date) -> [History.Point] {
        // Seeded apart from `SampleData`'s numbers, so the history never shifts them.
        var generator = SeededGenerator(seed: "history:" + repo.configName.lowercased())
        // Per mille of the stars gained on a busy day: some repositories grow fast, most slowly.
        let starRate = generator.next(in: 1...12)
        var stars = repo.stars ?? 0
        var forks = repo.forks ?? 0
        var issues = repo.openIssuesIncludePulls ? nil : repo.openIssues
        let contributors = repo.contributorsNote == nil ? repo.contributors.count : nil
        let pulls = repo.openIssuesIncludePulls ? nil : repo.openPulls
        var points: [History.Point] = []
        for day in 0..<days {
            points.append(
                History.Point(
                    time: now.addingTimeInterval(-Double(day) * 86_400), stars: stars, forks: forks,
                    openIssues: issues, contributors: contributors, openPulls: pulls))
            let quiet = generator.next(in: 0...4) == 0
            let starsGained = quiet ? 0 : generator.next(in: 0...max(1, stars * starRate / 1000))
            stars = max(0, stars - starsGained)
            forks = max(0, forks - (quiet ? 0 : generator.next(in: 0...max(1, starsGained / 8))))
            issues = issues.map { max(0, $0 + generator.next(in: -3...3)) }
        }
        return points.reversed()
    }
}
