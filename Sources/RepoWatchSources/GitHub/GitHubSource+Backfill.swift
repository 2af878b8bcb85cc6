import Foundation
import RepoWatchModel
import RepoWatchNetwork

// The history's backfill, after the cards: GitHub's star history over REST and the fork dates
// through GraphQL, joined into one report for the history step.
extension GitHubSource {
    /// The star history and the fork dates for the history, where site.yml wants them: never for a
    /// repository without data, nor for a private one the site leaves out. The fork dates not while
    /// GraphQL is failing: they wait for a build where the cards could be counted. Where the client
    /// reaches no network (`--offline`) the star history reads nothing.
    func backfill(
        _ repos: RepoList, of config: SiteConfig, counts: OpenCountsFetcher, after cards: OpenCountsFetcher.Report,
        client: GitHubClient
    ) async -> StarBackfill.Report? {
        guard config.historyBackfill else { return nil }
        let graphQLFailing = cards.queries == 0 && cards.problem != nil
        let excludesPrivate = config.privateRepos == .exclude
        var eligible = [Bool](repeating: false, count: config.repos.count)
        var stars = [Int?](repeating: nil, count: config.repos.count)
        for index in repos.indices where index < eligible.count {
            let repo = repos[index]
            // A pending repository's privacy is not known yet: asked about once it is.
            eligible[index] =
                repo.isAvailable && !(excludesPrivate && repo.isPrivate) && config.repos[index].isGitHub
            stars[index] = repo.stars
        }
        var report = StarBackfill.Report()
        if !graphQLFailing {
            let forks = StarBackfill(
                counts: counts, cacheDirectory: cacheURL, budget: options.graphQLBudget, log: log, now: now)
            report = await forks.run(config.repos, eligible: { eligible[$0] }, remaining: cards.remaining)
        }
        // A history backfilled from the star dates earlier versions read whole is kept as it is.
        let readFromDates = Set(report.updates.filter { $0.value.start == .backfill }.keys)
        let reading = StarHistoryReading(
            client: client.reachesNetwork ? client : nil, cacheDirectory: cacheURL, log: log, now: now,
            jobs: options.jobs)
        let starHistory = await reading.run(
            config.repos, eligible: { eligible[$0] && !readFromDates.contains(config.repos[$0].key) },
            stars: { stars[$0] })
        merge(starHistory, into: &report)
        return report
    }

    /// The star history's start for every repository it read; its points, where this build finished
    /// them, with the fork counts of each day where the fork dates are known (and the fork dates' days
    /// before its first week, so none is lost); else the fork dates' own points, before the first
    /// snapshot.
    private func merge(_ starHistory: StarHistoryReading.Report, into report: inout StarBackfill.Report) {
        let finished = Set(starHistory.updates.filter { $0.value.points != nil }.keys)
        let dates = BackfillFile(cacheDirectory: cacheURL).entries { key, entry in
            finished.contains(key) ? entry : nil
        }
        for (key, var update) in starHistory.updates {
            if var points = update.points {
                if let entry = dates[key], entry.forks.done || entry.forks.read > 0 {
                    for index in points.indices {
                        let day = Int(points[index].seconds / 86_400)
                        points[index].forkCount = entry.forks.count(atEndOf: day).map { Int32(clamping: $0) } ?? -1
                    }
                    let first = points.first?.seconds ?? .max
                    points = entry.points.filter { $0.seconds < first } + points
                }
                update.points = points
            } else if !update.complete {
                update.points = report.updates[key]?.points
            }
            report.updates[key] = update
        }
        report.starHistory = starHistory
    }
}
