import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport
import Synchronization

/// Reads each repository's star history once, `GET /repos/{owner}/{repo}/stargazers/history`, newest
/// page first, page by page across builds (`StarHistoryFile`), so its chart starts at its creation.
/// It runs after the cards and spends REST requests out of the same budget (`--budget`, else all but
/// a tenth of the hour's quota): the cards of this build are already fetched, and a request past the
/// budget is refused, which ends the reading until the next build. The repositories never read go
/// first, then the largest of those still being read.
package struct StarHistoryReading: Sendable {
    /// Nil where the build reaches no network: nothing is read, what earlier builds read is kept.
    let client: GitHubClient?
    let file: StarHistoryFile
    let log: any BuildLog
    let now: Date
    let jobs: Int

    package init(client: GitHubClient?, cacheDirectory: URL, log: any BuildLog, now: Date, jobs: Int) {
        self.client = client
        file = StarHistoryFile(cacheDirectory: cacheDirectory)
        self.log = log
        self.now = now
        self.jobs = jobs
    }

    /// What a build's reading gives the history, and what it cost.
    package struct Report: Sendable, Equatable {
        /// Each candidate's start, and its points where this build finished reading it.
        package var updates: [String: StarBackfill.Report.Update] = [:]
        /// Repositories whose star history is read whole (in this build or before).
        package var done = 0
        /// Pages read in this build.
        package var pages = 0
        /// Repositories still to read, and the pages known to be left of them.
        package var remaining = 0
        var pagesLeft = 0
        /// Repositories whose API does not offer the star history (asked again after 30 days).
        package var notOffered = 0
        /// Repositories whose history was cut at GitHub's page limit.
        package var cut = 0
        /// Why reading stopped before every repository was read (the budget, a fault).
        package var stopped: String?
        /// Nothing was asked: the build reaches no network (`--offline`), so no pages are counted.
        var askedNothing = false

        package init() {}

        /// The build's last lines and the step summary say this.
        package var summary: String {
            var line =
                "Star history: \(Formatting.grouped(done)) of "
                + "\(Formatting.plural(done + remaining + notOffered, "repository", "repositories")) read"
            if !askedNothing { line += ", \(Formatting.plural(pages, "page", "pages")) read in this build" }
            if remaining > 0 {
                line += "; \(Formatting.grouped(remaining)) remaining"
                if pagesLeft > 0 { line += " (at least \(Formatting.plural(pagesLeft, "page", "pages")))" }
            }
            if notOffered > 0 { line += "; \(Formatting.grouped(notOffered)) not offered by the API" }
            if cut > 0 {
                line +=
                    "; \(Formatting.grouped(cut)) longer than GitHub's \(StarHistoryPage.pageLimit) pages "
                    + "(the older weeks not read)"
            }
            if let stopped { line += " (stopped: \(stopped))" }
            return line
        }
    }

    /// - Parameters:
    ///   - repos: the site's repositories; `eligible` says which may be read (available, not a private
    ///     repository the site leaves out, not already backfilled from star dates).
    ///   - stars: the card's star count of the repository at a position, where known.
    package func run(_ repos: [RepoName], eligible: (Int) -> Bool, stars: (Int) -> Int?) async -> Report {
        var report = Report()
        var candidates: [(name: RepoName, stars: Int?)] = []
        for index in repos.indices where eligible(index) { candidates.append((repos[index], stars(index))) }
        let earlier = file.summaries()
        var summaries = earlier ?? [:]
        var finished: [String: StarHistoryState.Entry] = [:]
        if let client {
            let order = readingOrder(candidates, summaries: summaries)
            let outcomes = await read(order, client: client)
            var updates: [String: StarHistoryState.Entry] = [:]
            for outcome in outcomes {
                let before = summaries[outcome.key]
                updates[outcome.key] = outcome.entry
                summaries[outcome.key] = outcome.entry.summary
                report.pages += outcome.pages
                if outcome.entry.done, before?.done != true { finished[outcome.key] = outcome.entry }
                if let problem = outcome.problem {
                    log.warning(
                        "the star history of \(outcome.name) was not used: \(problem); it is asked again in a later build"
                    )
                }
                if let stop = outcome.stop { report.stopped = stop }
                if report.stopped == nil, let fault = outcome.fault { report.stopped = fault }
            }
            let configured = Set(repos.map(\.key))
            file.save(updating: updates, keeping: configured.contains, overEarlier: earlier != nil)
        } else {
            report.askedNothing = true
        }
        for (name, _) in candidates {
            let summary = summaries[name.key]
            let start: HistoryStart
            if summary?.done == true {
                start = .starHistory
                report.done += 1
                if summary?.cut == true { report.cut += 1 }
            } else if summary?.notOffered(now: now) == true {
                start = .firstSnapshot(.notOffered)
                report.notOffered += 1
            } else {
                start = .firstSnapshot(.notReadYet)
                report.remaining += 1
                report.pagesLeft += summary?.pagesLeft ?? 0
            }
            let points = finished[name.key]?.points(now: now)
            report.updates[name.key] = .init(points: points, start: start, complete: summary?.done == true)
        }
        return report
    }

    /// The repositories still to read: those never read first (in the site's order), then those
    /// being read, the largest first, each with the days read so far. A 404 is asked again after 30
    /// days, from the first page.
    private func readingOrder(
        _ candidates: [(name: RepoName, stars: Int?)], summaries: [String: StarHistoryState.Summary]
    ) -> [Candidate] {
        var fresh: [Candidate] = []
        var further: [(name: RepoName, stars: Int?)] = []
        for (name, stars) in candidates {
            let summary = summaries[name.key] ?? StarHistoryState.Summary()
            guard !summary.done, !summary.notOffered(now: now) else { continue }
            if summary.pages == 0 || summary.notOfferedAt != nil {
                fresh.append(Candidate(name: name, stars: stars, entry: StarHistoryState.Entry()))
            } else {
                further.append((name, stars))
            }
        }
        let keys = Set(further.map(\.name.key))
        let read = file.entries(keys.contains) ?? [:]
        return fresh
            + further.sorted { ($0.stars ?? 0) > ($1.stars ?? 0) }.map {
                Candidate(name: $0.name, stars: $0.stars, entry: read[$0.name.key] ?? StarHistoryState.Entry())
            }
    }

    struct Candidate: Sendable {
        var name: RepoName
        var stars: Int?
        var entry: StarHistoryState.Entry
    }

    /// What reading one repository gave.
    struct Outcome: Sendable {
        var key: String
        var name: RepoName
        var entry: StarHistoryState.Entry
        var pages = 0
        /// Why what was read is not used (a page that breaks the shape).
        var problem: StarHistoryProblem?
        /// Why the reading of every repository stops (the budget spent, a rate limit).
        var stop: String?
        /// Why this repository's reading stopped (a fault): the next build goes on from there.
        var fault: String?
    }

    private func read(_ order: [Candidate], client: GitHubClient) async -> [Outcome] {
        let stopped = Mutex(false)
        var outcomes: [Outcome] = []
        let now = self.now
        await SlidingWindow.run(
            over: order, width: jobs,
            work: { (candidate: Candidate) -> Outcome? in
                if stopped.withLock({ $0 }) { return nil }
                let outcome = await Self.read(candidate, client: client, now: now)
                if outcome.stop != nil { stopped.withLock { $0 = true } }
                return outcome
            },
            take: { (_: Candidate, outcome: Outcome?) in if let outcome { outcomes.append(outcome) } })
        return outcomes
    }

    /// `/repos/OWNER/NAME/stargazers/history?per_page=30&page=N`, built here: GitHub's `rel="next"`
    /// names the repository by number.
    private static func pageURL(_ name: RepoName, _ page: Int, client: GitHubClient) -> URL {
        client.configuration.endpoint(
            "/repos/\(name.owner)/\(name.name)/stargazers/history",
            query: [
                URLQueryItem(name: "per_page", value: String(StarHistoryPage.weeksPerPage)),
                URLQueryItem(name: "page", value: String(page)),
            ])
    }

    /// Pages until the repository is read whole, the API refuses, or the build's budget is spent.
    private static func read(_ candidate: Candidate, client: GitHubClient, now: Date) async -> Outcome {
        let name = candidate.name
        var outcome = Outcome(key: name.key, name: name, entry: candidate.entry)
        var entry = candidate.entry
        while !entry.done {
            let page = entry.pages + 1
            guard page <= StarHistoryPage.pageLimit else {
                entry.done = true
                entry.cut = true
                break
            }
            let url = pageURL(name, page, client: client)
            let response: NetworkResponse
            do {
                response = try await client.get(url, uncached: true)
            } catch {
                // What was read before this page is kept; a later build asks for this page again.
                let failure = error as? GitHubError ?? .network(ErrorText.describe(error))
                switch failure {
                case .deferred, .rateLimited: outcome.stop = failure.description
                default: outcome.fault = failure.description
                }
                break
            }
            if response.status == 404 {
                entry = StarHistoryState.Entry()
                entry.notOfferedAt = now
                break
            }
            guard response.status == 200 else {
                outcome.fault = GitHubClient.failure(response).description
                break
            }
            outcome.pages += 1
            do {
                let weeks = try StarHistoryPage.parse(response.data)
                try entry.add(weeks)
                if page == 1 {
                    entry.stars = candidate.stars
                    entry.lastPage = LinkHeader.target(response.header("link"), rel: "last", relativeTo: url)
                        .flatMap(LinkHeader.pageNumber(of:))
                }
                entry.pages = page
                if weeks.isEmpty || LinkHeader.next(response.header("link"), relativeTo: url) == nil {
                    entry.done = true
                }
            } catch {
                // Nothing of it is used: read again from the first page by a later build.
                outcome.problem = error
                entry = StarHistoryState.Entry()
                break
            }
        }
        outcome.entry = entry
        return outcome
    }
}
