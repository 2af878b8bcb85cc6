import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Before the repositories are fetched: will this build fit in what the token has left this hour?
/// When it will not, the build says so with the numbers (and what a token allows), then goes on:
/// what does not fit keeps its last good data and comes first next build.
package struct QuotaOutlook: Sendable {
    /// Below this many requests the build does not ask GitHub what remains: even an anonymous
    /// hour (60 requests) holds them.
    static let askAbove = 60

    package let client: GitHubClient
    package let budget: RequestBudget?
    package let log: any BuildLog

    /// Requests that cost quota this build, counted before it starts: a card's REST document (unless
    /// GraphQL gives it) and contributors, for every repository whose contributors were never asked
    /// or are older than `FetchRecords.maximumAge`. Others are answered 304 (free) or from the cache.
    /// Another forge's projects cost that host's quota, never GitHub's: they are not counted here.
    package static func estimate(
        _ plans: [SnapshotFetcher.Plan], records: FetchRecords, withCards: Bool, now: Date
    ) -> Int {
        var needed = 0
        for (position, plan) in plans.enumerated() {
            let asked = records[position].askedAt
            guard asked <= 0 || now.timeIntervalSince1970 - asked >= FetchRecords.maximumAge else { continue }
            switch plan {
            case .repository(let name) where !name.isGitHub: continue
            case .repository: needed += withCards ? 1 : 2
            case .listed: needed += 1
            case .ready: break
            }
        }
        return needed
    }

    func warnIfShort(plans: [SnapshotFetcher.Plan], records: FetchRecords, withCards: Bool, now: Date) async {
        let needed = Self.estimate(plans, records: records, withCards: withCards, now: now)
        guard needed > 0 else { return }
        if await client.ledger.counts.quotaRemaining == nil, needed > Self.askAbove { await client.askRateLimit() }
        let counts = await client.ledger.counts
        guard let remaining = counts.quotaRemaining else { return }
        budget?.learn(remaining: remaining)
        let cap = budget?.usage.cap
        let allowance = Self.allowance(limit: counts.quotaLimit)
        if needed > remaining {
            let reset = counts.quotaReset.map { " (it resets at \(Formatting.dayAndTime($0)))" } ?? ""
            log.warning(
                "this build needs about \(Formatting.plural(needed, "request", "requests")) but GitHub has "
                    + "\(Formatting.grouped(remaining))\(counts.quotaLimit.map { " of \(Formatting.grouped($0))" } ?? "") "
                    + "left this hour\(reset); \(allowance). What does not fit keeps its last good data (or shows "
                    + "as pending) and comes first next build")
        } else if let cap, needed > cap {
            log.info(
                "this build needs about \(Formatting.plural(needed, "request", "requests")); its budget is "
                    + "\(Formatting.grouped(cap)): the rest keep their last good data and come first next build")
        }
    }

    /// What a token allows an hour, by the limit GitHub reports.
    package static func allowance(limit: Int?) -> String {
        switch limit {
        case 60?:
            return "without a token GitHub allows 60 requests an hour; GITHUB_TOKEN in GitHub Actions allows "
                + "1,000 per repository, a personal access token 5,000"
        case 1_000?:
            return "GITHUB_TOKEN in GitHub Actions allows 1,000 requests an hour per repository; "
                + "a personal access token allows 5,000"
        default:
            return "a personal access token allows 5,000 requests an hour "
                + "(GITHUB_TOKEN in GitHub Actions: 1,000 per repository)"
        }
    }
}

extension GitHubClient {
    /// `GET /rate_limit`, which costs no quota: its headers tell the ledger what remains. A server
    /// without it (GitHub Enterprise with rate limiting off) leaves the quota unknown.
    func askRateLimit() async {
        _ = try? await get(configuration.endpoint("/rate_limit"))
    }
}
