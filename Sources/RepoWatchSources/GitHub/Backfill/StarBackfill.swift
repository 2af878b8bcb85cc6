import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Reads each repository's fork dates once, a page of 100 at a time, oldest first, so its forks'
/// history starts at its creation too (the stars' comes from `StarHistoryReading`). Runs after the
/// cards' queries and spends only GraphQL points: at most `--graphql-budget`, else all but a tenth of
/// what the hour has left, so the cards of the next build are never starved. What was read is kept
/// in `.repowatch/backfill.json` (`BackfillState`, with the star dates earlier versions read) and the
/// next build goes on from there; where GitHub refuses, it is asked again no sooner than 30 days later.
package struct StarBackfill: Sendable {
    /// Nil when GraphQL cannot be asked (`skipped` says why).
    package let client: GraphQLClient?
    package let skipped: OpenCountsFetcher.Report.Skipped?
    package let file: BackfillFile
    /// `--graphql-budget`: points this build may spend on fork dates; nil: all but a tenth of what remains.
    package let budget: Int?
    package let log: any BuildLog
    package let now: Date

    package init(counts: OpenCountsFetcher, cacheDirectory: URL, budget: Int?, log: any BuildLog, now: Date) {
        client = counts.client
        skipped = counts.skipped
        file = BackfillFile(cacheDirectory: cacheDirectory)
        self.budget = budget
        self.log = log
        self.now = now
    }

    /// What a build's backfill gives the history, and what it cost.
    package struct Report: Sendable, Equatable {
        /// A repository's backfilled points (nil: none to give) and where its chart starts.
        package struct Update: Sendable, Equatable {
            package var points: [History.Point]?
            package var start: HistoryStart
            /// Its star history read whole: the points may replace any earlier ones.
            package var complete: Bool
        }

        package var updates: [String: Update] = [:]
        package var queries = 0
        package var cost = 0
        /// The points this build allowed itself; nil when GraphQL was not asked.
        package var allowance: Int?
        package var remaining: Int?
        /// Fork dates read in this build.
        var datesRead = 0
        /// Repositories whose fork dates are complete, refused, or still being read.
        package var complete = 0
        package var refused = 0
        package var waiting = 0
        package var skipped: OpenCountsFetcher.Report.Skipped?
        package var problem: String?
        /// What the star history's reading (REST) gave, said beside the fork dates.
        package var starHistory: StarHistoryReading.Report?

        package init() {}

        /// The build's last lines and the step summary say these, beside the REST budget.
        package var summaryLines: [String] {
            [starHistory?.summary, forkSummary].compactMap { $0 }
        }

        private var forkSummary: String? {
            switch skipped {
            case .noToken?: return "Fork dates: not read (they need a token for GraphQL)"
            case .noEndpoint?: return "Fork dates: not read (no GraphQL URL)"
            case .offline?: return nil
            case nil: break
            }
            guard let allowance else { return nil }
            var line =
                "Fork dates: \(Formatting.plural(queries, "query", "queries")), "
                + "\(Formatting.grouped(cost)) of \(Formatting.plural(allowance, "GraphQL point", "GraphQL points")) "
                + "allowed, \(Formatting.plural(datesRead, "date", "dates")) read; "
                + "\(Formatting.grouped(complete)) complete, \(Formatting.grouped(refused)) refused by GitHub"
            if waiting > 0 { line += ", \(Formatting.grouped(waiting)) continued next build" }
            if let problem { line += " (stopped: \(problem))" }
            return line
        }
    }

    /// - Parameters:
    ///   - repos: the site's repositories; `eligible` says which may be asked about (available, and
    ///     not a private repository the site leaves out).
    ///   - remaining: the GraphQL points the hour had left after the cards' queries, when known.
    package func run(_ repos: [RepoName], eligible: (Int) -> Bool, remaining: Int?) async -> Report {
        var report = Report()
        report.skipped = skipped
        let candidates = repos.indices.filter(eligible).map { repos[$0] }
        guard let client else {
            // Nothing is read, so nothing is saved: only where each chart starts is kept of the file.
            let wanted = Set(candidates.map(\.key))
            let standings = file.entries { key, entry in wanted.contains(key) ? Standing(entry) : nil }
            tally(candidates, standings: standings, points: [:], reading: false, into: &report)
            return report
        }
        var reading = Reading(state: file.load())
        await read(&reading, candidates, client: client, remaining: remaining, report: &report)
        file.save(reading.state, keeping: repos)
        var standings: [String: Standing] = [:]
        var points: [String: [History.Point]] = [:]
        for name in candidates {
            guard let entry = reading.state.repos[name.key] else { continue }
            standings[name.key] = Standing(entry)
            // Points only where this build read something: earlier builds' are in the history already
            // (a site of many repositories would otherwise carry every one's days through the build).
            if reading.changed(name.key) { points[name.key] = entry.points }
        }
        tally(candidates, standings: standings, points: points, reading: true, into: &report)
        return report
    }

    /// What the report needs of an entry: where the chart starts and how far its dates were read.
    struct Standing: Sendable {
        var start: HistoryStart
        var starsDone: Bool
        var forksSettled: Bool
        var forksRefused: Bool

        init(_ entry: BackfillState.Entry) {
            start = entry.start
            starsDone = entry.stars.done
            forksSettled = entry.forks.done || entry.forks.refused
            forksRefused = entry.forks.refused
        }
    }

    /// The state read from the file, and the earlier value of each entry this build set (nil: new).
    struct Reading {
        var state: BackfillState
        private var earlier: [String: BackfillState.Entry?] = [:]

        init(state: BackfillState) { self.state = state }

        mutating func set(_ key: String, _ entry: BackfillState.Entry) {
            if earlier.index(forKey: key) == nil { earlier.updateValue(state.repos[key], forKey: key) }
            state.repos[key] = entry
        }

        func changed(_ key: String) -> Bool {
            guard let index = earlier.index(forKey: key) else { return false }
            return earlier[index].value != state.repos[key]
        }
    }

    private func tally(
        _ candidates: [RepoName], standings: [String: Standing], points: [String: [History.Point]], reading: Bool,
        into report: inout Report
    ) {
        for name in candidates {
            guard let standing = standings[name.key] else {
                report.updates[name.key] = .init(points: nil, start: .firstSnapshot(.notReadYet), complete: false)
                if reading { report.waiting += 1 }
                continue
            }
            let read = points[name.key] ?? []
            report.updates[name.key] = .init(
                points: read.isEmpty ? nil : read, start: standing.start, complete: standing.starsDone)
            if standing.forksRefused {
                report.refused += 1
            } else if standing.forksSettled {
                report.complete += 1
            } else if reading {
                report.waiting += 1
            }
        }
    }

    /// Pages until every candidate is read or refused, or the allowance is spent.
    private func read(
        _ reading: inout Reading, _ candidates: [RepoName], client: GraphQLClient, remaining: Int?,
        report: inout Report
    ) async {
        var allowance = budget ?? remaining.map(Self.share)
        report.allowance = allowance
        report.remaining = remaining
        var stalled = 0
        while true {
            let items = nextItems(&reading, candidates)
            guard !items.isEmpty else { return }
            // A query costs at least a point.
            if let allowance, report.cost + 1 > allowance { return }
            let query = BackfillQuery(items: Array(items.prefix(BackfillQuery.batchSize)))
            let answer: BackfillQuery.Answer
            do {
                answer = try query.parse(try await client.post(query.body))
            } catch {
                report.problem = String(describing: error)
                return
            }
            report.queries += 1
            report.cost += answer.cost ?? 1
            report.remaining = answer.remaining ?? report.remaining
            if allowance == nil, let left = answer.remaining {
                allowance = Self.share(left + (answer.cost ?? 1))
                report.allowance = allowance
            }
            let moved = apply(answer, of: query, to: &reading, report: &report)
            // A page that moves nothing (a cursor GitHub gives back unchanged) ends the reading.
            stalled = moved ? 0 : stalled + 1
            if stalled >= 2 { return }
        }
    }

    /// All but a tenth of what the hour has left.
    package static func share(_ remaining: Int) -> Int { max(0, remaining - (remaining + 9) / 10) }

    /// What each candidate needs next: its first pages (the repositories never asked first, in the
    /// site's order), then the further pages of the oldest repositories first.
    private func nextItems(_ reading: inout Reading, _ candidates: [RepoName]) -> [BackfillQuery.Item] {
        var fresh: [BackfillQuery.Item] = []
        var further: [(created: Int, item: BackfillQuery.Item)] = []
        for name in candidates {
            var entry = reading.state.repos[name.key] ?? BackfillState.Entry()
            guard entry.forks.wantsPage(now: now) else { continue }
            // A refusal 30 days old is asked again from the first page.
            if entry.forks.refused { entry.forks = BackfillState.Series() }
            reading.set(name.key, entry)
            let item = BackfillQuery.Item(repo: name, forks: entry.forks.cursor)
            if let created = entry.created {
                further.append((created, item))
            } else {
                fresh.append(item)
            }
        }
        return fresh + further.sorted { $0.created < $1.created }.map(\.item)
    }

    /// - Returns: whether any entry moved.
    private func apply(
        _ answer: BackfillQuery.Answer, of query: BackfillQuery, to reading: inout Reading, report: inout Report
    ) -> Bool {
        var moved = false
        for item in query.items {
            let key = item.repo.key
            let before = reading.state.repos[key]
            var entry = before ?? BackfillState.Entry()
            if let created = answer.created[key] {
                entry.created = Int((created.timeIntervalSince1970 / 86_400).rounded(.down))
            }
            switch answer.forks[key] {
            case .dates(let dates, let cursor, let next)?:
                entry.forks.add(dates, endCursor: cursor, hasNextPage: next)
                report.datesRead += dates.count
            case .refused?: entry.forks.refuse(at: now)
            case nil: break
            }
            moved = moved || entry != before
            reading.set(key, entry)
        }
        return moved
    }
}
