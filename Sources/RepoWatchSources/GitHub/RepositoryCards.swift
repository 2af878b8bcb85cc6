import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport
import Synchronization

/// The batched GraphQL queries of one build (`OpenCountsQuery`, 100 repositories each), run in the
/// background while REST goes on: at most two at a time, in the order the fetch will want them.
/// A `repos:` entry's fetch takes its card from here (`take`) and needs no REST document; the
/// counts of every repository are collected for the end of the build (`report`).
package final class RepositoryCards: Sendable {
    package enum Lookup: Sendable {
        /// Everything a card shows but contributors.
        case card(RepositoryPayload)
        /// GitHub answered `NOT_FOUND`: gone only once a REST 404 confirms it.
        case missing
        /// Not in the answer (a batch failed, a field missing, no token): ask REST.
        case unknown
    }

    private static let concurrentBatches = 2

    /// What the batches have answered: the tasks write it, the fetches take from it.
    private final class Answers: Sendable {
        let found = Mutex<[Int: Lookup]>([:])
        let collected: Mutex<OpenCountsFetcher.Report>

        init(_ report: OpenCountsFetcher.Report) { collected = Mutex(report) }
    }

    private let batchOf: [Int32]
    private let batches: [Task<Void, Never>]
    private let answers: Answers
    package let fetcher: OpenCountsFetcher
    private let repos: [RepoName]

    /// - Parameters:
    ///   - order: the positions of `repos` in the order the fetch takes them.
    ///   - wantsCard: whether the repository at a position needs its card (a `repos:` entry).
    /// - Parameters:
    ///   - spool: where the counts wait for the end of the fetch.
    ///   - shelf: where each card is kept for `--offline` and outages.
    package init(
        _ fetcher: OpenCountsFetcher, repos: [RepoName], order: [Int], spool: RecordSpool = RecordSpool(),
        shelf: CardShelf? = nil, wantsCard: (Int) -> Bool
    ) {
        self.fetcher = fetcher
        self.repos = repos
        // The counts an earlier build cached are read only if some repository needs them (`complete`).
        var initial = OpenCountsFetcher.Report()
        initial.skipped = fetcher.skipped
        initial.fresh = CountsTable(size: repos.count, spool: spool)
        let answers = Answers(initial)
        self.answers = answers
        guard fetcher.client != nil else {
            batchOf = []
            batches = []
            return
        }
        var batchOf = [Int32](repeating: -1, count: repos.count)
        var chunks: [[Int]] = []
        for (rank, position) in order.enumerated() {
            if rank % OpenCountsQuery.batchSize == 0 { chunks.append([]) }
            chunks[chunks.count - 1].append(position)
            batchOf[position] = Int32(chunks.count - 1)
        }
        self.batchOf = batchOf
        var tasks: [Task<Void, Never>] = []
        for chunk in chunks {
            let earlier = tasks.count >= Self.concurrentBatches ? tasks[tasks.count - Self.concurrentBatches] : nil
            let wanted = chunk.map(wantsCard)
            tasks.append(
                Task {
                    await earlier?.value
                    let batch = await fetcher.batch(chunk.map { repos[$0] })
                    if let shelf {
                        for position in chunk {
                            batch.cards[repos[position].key].map { shelf.keep(repos[position], $0) }
                        }
                    }
                    answers.found.withLock { found in
                        for (slot, position) in chunk.enumerated() where wanted[slot] {
                            let key = repos[position].key
                            found[position] =
                                batch.cards[key].map(Lookup.card) ?? (batch.missing.contains(key) ? .missing : .unknown)
                        }
                    }
                    answers.collected.withLock { report in
                        report.add(batch)
                        for position in chunk { report.fresh[position] = batch.answer.counts[repos[position].key] }
                    }
                })
        }
        batches = tasks
    }

    /// The card of the repository at `position`, once its batch has answered (given once).
    package func take(_ position: Int) async -> Lookup {
        guard batchOf.indices.contains(position), batchOf[position] >= 0 else { return .unknown }
        await batches[Int(batchOf[position])].value
        return answers.found.withLock { $0.removeValue(forKey: position) } ?? .unknown
    }

    /// Every batch's counts, once all have answered; logged and saved for offline builds, but for
    /// the positions `leavingOut` names (private repositories the site leaves out).
    package func report(leavingOut: (Int, OpenCounts) -> Bool = { _, _ in false }) async -> OpenCountsFetcher.Report {
        for batch in batches { await batch.value }
        var report = answers.collected.withLock { $0 }
        fetcher.finish(&report, keeping: repos, leavingOut: leavingOut)
        return report
    }
}

extension OpenCountsFetcher {
    /// What one query gave: its answer, or why there is none.
    package struct Batch: Sendable {
        package var answer = OpenCountsQuery.Answer()
        package var failure: String?
        package var cards: [String: RepositoryPayload] { answer.cards }
        package var missing: Set<String> { answer.missing }
    }

    /// One query; a failure leaves the other batches counted, its repositories fall back to REST.
    package func batch(_ repos: [RepoName]) async -> Batch {
        guard let client, !repos.isEmpty else { return Batch() }
        let query = OpenCountsQuery(repos: repos)
        do {
            return Batch(answer: try query.parse(try await client.post(query.body)))
        } catch is CancellationError {
            return Batch(failure: "cancelled")
        } catch {
            return Batch(failure: ErrorText.describe(error))
        }
    }
}

extension OpenCountsFetcher.Report {
    mutating func add(_ batch: OpenCountsFetcher.Batch) {
        if let failure = batch.failure {
            problem = problem ?? failure
            return
        }
        let answer = batch.answer
        queries += 1
        cost += answer.cost ?? 0
        remaining = answer.remaining ?? remaining
        limit = answer.limit ?? limit
        unresolved += answer.errors
    }
}
