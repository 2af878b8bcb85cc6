import ArgumentParser
import RepoWatchNetwork
import RepoWatchSite
import RepoWatchSupport

/// `build`'s options as a group, so `serve` takes exactly the same ones from one definition.
struct BuildArguments: ParsableArguments {
    @OptionGroup var configOption: ConfigOption

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Where to write the site (default: public/ beside site.yml).", valueName: "dir"))
    var output: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "GitHub API base URL; GitHub Enterprise is https://HOST/api/v3. Other forges' APIs are site.yml's forges:.",
            valueName: "url"))
    var apiURL: String?

    @Flag(help: "Use no network: build from the cache (marked stale); repositories missing from it are errors.")
    var offline = false

    @Flag(help: "Build from bundled sample data (no network, no token); the site says it shows sample data.")
    var sample = false

    @Option(name: .shortAndLong, help: ArgumentHelp("How many requests may run at once.", valueName: "n"))
    var jobs = 8

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The site's public URL, for the sitemap and absolute embed links (overrides site.yml's base_url).",
            valueName: "url"))
    var baseURL: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where responses, ETags and avatars are cached between builds (default: .repowatch/ beside site.yml).",
            valueName: "dir"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds one request may take before it is retried.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        name: .customLong("max-wait"),
        help: ArgumentHelp(
            "Longest wait, in seconds, for a rate limit to reset; past it the rest is built from the cache.",
            valueName: "seconds"))
    var maxWait: Double = 60

    @Option(help: ArgumentHelp("Attempts per request for connection errors, timeouts and 5xx.", valueName: "n"))
    var retries = 3

    @Flag(
        name: .shortAndLong,
        help: "Print every request and its status (never its headers or the token), and how long each step took.")
    var verbose = false

    @Flag(
        help: """
            Ask GitHub again for what the cache reuses without asking: answers without validators (an empty \
            repository, a list too large to count) within their day, and remembered redirects.
            """)
    var refresh = false

    @Option(
        help: ArgumentHelp(
            """
            At most this many requests that cost quota in this build, every host's counted together \
            (GitHub's and each other forge's; a 304 from GitHub is free); what does not fit keeps its last \
            good data, or shows as pending, and is fetched first next build. The star history is read with \
            what the cards leave, page by page over builds. Default: all but 10 % of the GitHub quota that \
            remains (GITHUB_TOKEN in Actions: 1,000 an hour per repository; a personal token: 5,000), \
            counting GitHub's requests alone; another forge is held by its own limits and its forges: rate.
            """, valueName: "n"))
    var budget: Int?

    @Option(
        name: .customLong("graphql-budget"),
        help: ArgumentHelp(
            """
            At most this many GraphQL points for reading fork dates (the forks' history from a repository's \
            creation) in this build, spent after the cards' queries; what does not fit is read by later \
            builds. Default: all but 10 % of the GraphQL points the hour has left. The star history is read \
            over REST, within --budget.
            """, valueName: "points"))
    var graphQLBudget: Int?

    @Option(
        name: .customLong("rate-limits"),
        help: ArgumentHelp(
            """
            GitHub's secondary limits the build paces itself under (default \(RateLimits.github)); a GitHub \
            Enterprise administrator may set others. `minute=6s` shortens the minute, for a test server. \
            Another forge is paced by its forges: entry's rate.
            """, valueName: "rest=N/min,graphql=N/min,concurrency=N"))
    var rateLimits: String?

    @Flag(
        name: .customLong("keep-cache"),
        help: "Do not prune cache entries unused for over \(CacheLifetimes.retentionDays) days at the end of the build."
    )
    var keepCache = false

    @OptionGroup var lockOption: LockWaitOption

    /// The checks are the values' own (`FetchOptions`, `BuildOptions`, with `--lock-wait`), made here
    /// while parsing so a wrong flag is a usage error with this command's usage.
    func validate() throws { _ = try options }

    /// The build's options; the fetching ones as one value, handed whole down to the network stack.
    var options: BuildOptions {
        get throws {
            do {
                let fetch = try FetchOptions(
                    apiURL: apiURL, jobs: jobs, offline: offline, timeout: timeout, maxWait: maxWait, retries: retries,
                    verbose: verbose, refresh: refresh, limits: try rateLimits.map(Self.limits) ?? .github,
                    budget: budget, graphQLBudget: graphQLBudget)
                var options = try BuildOptions(
                    fetch: fetch, sample: sample, baseURL: baseURL, lockWait: lockOption.lockWait)
                options.configPath = configOption.config
                options.outputPath = output
                options.cachePath = cacheDir
                options.keepCache = keepCache
                return options
            } catch let error as UsageError {
                throw ValidationError(error.description)
            }
        }
    }

    private static func limits(_ text: String) throws -> RateLimits {
        do {
            return try RateLimits.parse(text)
        } catch {
            throw ValidationError("--rate-limits: \(error)")
        }
    }
}

/// How long to wait for another build's lock (shared by `build`, `serve` and `cache`).
struct LockWaitOption: ParsableArguments {
    @Option(
        name: .customLong("lock-wait"),
        help: ArgumentHelp(
            "Seconds to wait while another build holds the output folder or the cache; then exit 2.",
            valueName: "seconds"))
    /// Checked by `BuildOptions`, which the commands taking it make in their `validate()`.
    var lockWait: Double = 60
}
