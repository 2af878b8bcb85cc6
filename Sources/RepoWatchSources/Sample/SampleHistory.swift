import Foundation
import RepoWatchModel

/// A few made-up weeks of history for a `--sample` site, so its preview shows what a site with a
/// history shows (sparklines, the change since the last build). Deterministic from each name, like
/// the sample numbers, and ending on them: the newest point is the sample snapshot itself.
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
            history.set(repo.configName.lowercased(), points(for: repo, until: snapshot.generatedAt))
        }
        return history
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
