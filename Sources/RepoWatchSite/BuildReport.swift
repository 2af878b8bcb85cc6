import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSources
import RepoWatchSupport

/// The build's summary on stderr: each repository GitHub failed for, then what was built, what it
/// cost (requests, quota, GraphQL points, waits) and what was left for a later build.
extension Build {
    package func report(_ result: BuildResult, elapsed: TimeInterval) {
        let tally = reportRepositories(result)
        for failure in result.ownerFailures { log.error(failure) }
        let repos = result.snapshot.repos
        let fresh = repos.count - tally.stale - tally.unavailable - tally.pending
        let kind = result.snapshot.sample ? "sample" : "fresh"
        log.info(
            "Built \(Formatting.plural(result.fileCount, "file", "files")) "
                + "(\(Formatting.grouped(result.fileCount - result.unchangedCount)) written, "
                + "\(Formatting.grouped(result.unchangedCount)) unchanged), \(SiteSize.text(result.byteCount)), "
                + "into \(result.output.path) in \(String(format: "%.1f", elapsed))s: "
                + "\(Formatting.plural(repos.count, "repository", "repositories")) (\(fresh) \(kind), "
                + "\(tally.stale) stale, \(tally.unavailable) unavailable"
                + (tally.pending > 0 ? ", \(tally.pending) pending)" : ")"))
        if let warning = SiteSize.warning(bytes: result.byteCount, files: result.fileCount) { log.warning(warning) }
        if tally.builtOffline > 0 {
            let asOf = tally.oldestOffline.map(Formatting.dayAndTime) ?? "an earlier build"
            log.warning(
                "\(Formatting.plural(tally.builtOffline, "repository", "repositories")) built offline from the cache; "
                    + "the oldest data as of \(asOf)")
        }
        if let counts = result.requests {
            log.info(Self.accounting(counts) + (result.openCounts.map { "; " + $0.summary } ?? ""))
            if let limits = Self.limitAnswers(counts) { log.info(limits) }
            // What a token allows, where the limit says which kind of token this build had.
            if let limit = counts.quotaLimit, limit < 5_000 { log.info(QuotaOutlook.allowance(limit: limit)) }
        }
        if let pacing = result.pacing, let line = Self.pacing(pacing) { log.info(line) }
        for forge in result.forges { log.info(Self.forgeLine(forge)) }
        for line in result.backfill?.summaryLines ?? [] { log.info(line) }
        if let budget = result.budget,
            let line = Self.deferral(budget, deferred: tally.deferred, pending: tally.pending)
        {
            log.info(line)
        }
    }

    private struct Tally {
        var stale = 0
        var unavailable = 0
        var pending = 0
        /// Held back by the budget: kept their last good data, or pending.
        var deferred = 0
        /// Stale because the build was `--offline`, and the oldest of their data.
        var builtOffline = 0
        var oldestOffline: Date?
    }

    /// One line per repository that failed; the budget's deferrals and `--offline`'s cached data are
    /// counted, not listed (a large site defers thousands each build, by design; an offline build of
    /// 10,000 repositories printed 10,000 lines that each said what the user had asked for).
    private func reportRepositories(_ result: BuildResult) -> Tally {
        var tally = Tally()
        for repo in result.snapshot.repos {
            if repo.pending {
                tally.pending += 1
                tally.deferred += 1
            } else if repo.isAvailable && repo.stale {
                tally.stale += 1
                switch repo.staleness {
                case .deferred?:
                    tally.deferred += 1
                case .offline?:
                    tally.builtOffline += 1
                    if let fetchedAt = repo.fetchedAt, fetchedAt < tally.oldestOffline ?? .distantFuture {
                        tally.oldestOffline = fetchedAt
                    }
                default:
                    let asOf = repo.fetchedAt.map(Formatting.dayAndTime) ?? "an earlier build"
                    log.warning(
                        "\(repo.configName): \(repo.staleness?.description ?? "could not be fetched"); showing data as of \(asOf)"
                    )
                }
            } else if !repo.isAvailable {
                tally.unavailable += 1
                switch repo.staleness {
                // The card says only that there is nothing yet; the build's own log says why.
                case .noDataYet?: log.error("\(repo.configName): \(Staleness.noDataYet): \(GitHubError.notCached)")
                case let reason?: log.error("\(repo.configName): \(reason)")
                case nil: log.error("\(repo.configName): no data")
                }
            }
        }
        return tally
    }

    /// "gitlab.com (GitLab): 5 requests, 4 cache hits without a request; quota remaining 1,995 of 2,000".
    static func forgeLine(_ forge: ForgeUsage) -> String {
        var line = "\(forge.host) (\(forge.kind.displayName)): " + accounting(forge.requests)
        if forge.paced.requests > 0 {
            line +=
                "; \(Formatting.plural(forge.paced.requests, "request", "requests")) paced, the longest "
                + Formatting.duration(forge.paced.longest)
        }
        return line
    }

    /// "27 requests, 20 answered 304 (no quota); quota remaining 4,963 of 5,000".
    static func accounting(_ counts: RequestLedger.Counts) -> String {
        var line =
            "\(Formatting.plural(counts.requests, "request", "requests")), \(counts.notModified) answered 304 (no quota)"
        if counts.keptAnswers > 0 {
            line += ", \(Formatting.plural(counts.keptAnswers, "cache hit", "cache hits")) without a request"
        }
        if counts.fromCacheOnly > 0 { line += ", \(counts.fromCacheOnly) answered from the cache alone" }
        if counts.retries > 0 { line += ", \(counts.retries) retried" }
        if let remaining = counts.quotaRemaining {
            line += "; quota remaining \(Formatting.grouped(remaining))"
            if let limit = counts.quotaLimit {
                line += " of \(Formatting.grouped(limit))"
            }
        }
        return line
    }

    /// GitHub's rate-limit answers, and how long they held the build.
    static func limitAnswers(_ counts: RequestLedger.Counts) -> String? {
        let answers = counts.secondaryLimitAnswers + counts.primaryLimitAnswers
        guard answers > 0 else { return nil }
        var parts: [String] = []
        if counts.secondaryLimitAnswers > 0 {
            parts.append(
                Formatting.plural(counts.secondaryLimitAnswers, "secondary-limit answer", "secondary-limit answers"))
        }
        if counts.primaryLimitAnswers > 0 {
            parts.append(
                Formatting.plural(counts.primaryLimitAnswers, "quota-exhausted answer", "quota-exhausted answers"))
        }
        return "GitHub's rate limits: \(parts.joined(separator: ", ")); requests waited "
            + "\(Formatting.duration(counts.rateLimitPause)) for them"
    }

    /// Pacing: how long requests waited so that GitHub had no reason to refuse any.
    package static func pacing(_ pacing: Pacing) -> String? {
        let requests = pacing.rest.requests + pacing.graphQL.requests
        guard requests > 0 else { return nil }
        return "Paced under GitHub's secondary limits (\(pacing.limits)): "
            + "\(Formatting.plural(requests, "request", "requests")) waited for their minute, "
            + "the longest \(Formatting.duration(max(pacing.rest.longest, pacing.graphQL.longest)))"
    }

    /// What the budget spent and what it left for later builds.
    static func deferral(_ budget: RequestBudget.Usage, deferred: Int, pending: Int) -> String? {
        guard let cap = budget.cap, budget.refused > 0 || deferred > 0 || budget.spent * 10 >= cap * 9 else {
            return nil
        }
        var line =
            "Budget: \(Formatting.grouped(budget.spent)) of \(Formatting.plural(cap, "request", "requests")) spent"
        if budget.free > 0 { line += " (and \(Formatting.grouped(budget.free)) answered 304, free)" }
        if deferred > 0 {
            line +=
                "; \(Formatting.plural(deferred, "repository", "repositories")) deferred to later builds"
                + (pending > 0 ? " (\(Formatting.grouped(pending)) pending: never fetched yet)" : "")
                + ", the longest waiting first next time"
        }
        return line
    }
}
