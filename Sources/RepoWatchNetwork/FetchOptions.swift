import Foundation
import RepoWatchSupport

/// How a build fetches (`--api-url`, `--jobs`, `--offline`, `--timeout`, `--max-wait`, `--retries`,
/// `--verbose`, `--refresh`, `--rate-limits`, `--budget`, `--graphql-budget`): one value, checked here and nowhere else,
/// handed whole from the command line to the network stack and the layers that obey it. The command
/// line, `serve` and the tests all build it through this initializer, so all get the same checks.
package struct FetchOptions: Sendable {
    /// `--api-url`; nil: the environment's (`GITHUB_API_URL` in Actions) or api.github.com.
    package let apiURL: String?
    /// How many requests may run at once (never more than GitHub's concurrency limit).
    package let jobs: Int
    /// No network at all: only the cache answers.
    package let offline: Bool
    /// Seconds one request may take.
    package let timeout: Double
    /// Longest wait for a rate limit to reset before giving up on the network for this build.
    package let maxWait: Double
    let retry: RetryPolicy
    /// Every request on stderr (never its headers).
    package let verbose: Bool
    /// Ask again for what the cache would otherwise reuse without asking (answers without
    /// validators within their day, remembered redirects).
    package let refresh: Bool
    /// GitHub's secondary limits the pacer keeps under; the minute also sets the first backoff.
    package let limits: RateLimits
    /// The REST quota (requests that cost it) one build may spend; nil: all but a tenth of what remains.
    package let budget: Int?
    /// The GraphQL points the star history (backfill) may spend in one build, after the cards' queries;
    /// nil: all but a tenth of what the hour has left.
    package let graphQLBudget: Int?
    /// Tests only: the network and the waits of a build run in-process.
    package var substitute: NetworkSubstitute?
    /// `private: exclude` (site.yml): the cache keeps of a private repository's answer only that it
    /// is private, and `--verbose` does not name it (`PrivateAnswers`).
    package var sealsPrivateAnswers = false

    /// - Throws: `UsageError` naming the flag, for a value the command line would refuse.
    package init(
        apiURL: String? = nil, jobs: Int = 8, offline: Bool = false, timeout: Double = 30, maxWait: Double = 60,
        retries: Int = 3, verbose: Bool = false, refresh: Bool = false, limits: RateLimits = .github,
        budget: Int? = nil, graphQLBudget: Int? = nil
    ) throws {
        if timeout <= 0 { throw UsageError("--timeout must be more than 0 seconds") }
        if maxWait < 0 { throw UsageError("--max-wait cannot be negative") }
        if retries < 1 || retries > 10 { throw UsageError("--retries must be between 1 and 10") }
        if offline && refresh { throw UsageError("--offline and --refresh cannot be used together") }
        if jobs < 1 || jobs > 64 { throw UsageError("--jobs must be between 1 and 64") }
        if let budget, budget < 0 { throw UsageError("--budget must be 0 or more requests") }
        if let graphQLBudget, graphQLBudget < 0 { throw UsageError("--graphql-budget must be 0 or more points") }
        self.apiURL = apiURL
        self.jobs = jobs
        self.offline = offline
        self.timeout = timeout
        self.maxWait = maxWait
        self.retry = RetryPolicy(attempts: retries)
        self.verbose = verbose
        self.refresh = refresh
        self.limits = limits
        self.budget = budget
        self.graphQLBudget = graphQLBudget
    }

    /// Every default, which the checks above accept.
    package static let defaults = FetchOptions(defaults: ())

    private init(defaults: Void) {
        (apiURL, jobs, offline, timeout, maxWait, retry) = (nil, 8, false, 30, 60, RetryPolicy())
        (verbose, refresh, limits, budget, graphQLBudget) = (false, false, .github, nil, nil)
    }
}
