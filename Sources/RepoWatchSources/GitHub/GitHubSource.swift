import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// GitHub's numbers, through the cache; where GitHub is failing, the previous site's, marked stale
/// (`LastGoodData`); and the history the published site holds when the cache lost it (`HistorySeed`).
package struct GitHubSource: SiteSource {
    /// What the build's options say about fetching.
    package struct Options: Sendable {
        package var apiURL: String?
        package var environment: [String: String]
        package var cacheURL: URL
        package var jobs: Int
        package var offline: Bool
        package var timeout: Double
        package var maxWait: Double
        package var retry: RetryPolicy
        package var verbose: Bool
        package var refresh: Bool

        package init(
            apiURL: String?, environment: [String: String], cacheURL: URL, jobs: Int, offline: Bool,
            timeout: Double, maxWait: Double, retry: RetryPolicy, verbose: Bool, refresh: Bool
        ) {
            self.apiURL = apiURL
            self.environment = environment
            self.cacheURL = cacheURL
            self.jobs = jobs
            self.offline = offline
            self.timeout = timeout
            self.maxWait = maxWait
            self.retry = retry
            self.verbose = verbose
            self.refresh = refresh
        }
    }

    package let options: Options
    package let log: any BuildLog
    package let now: Date
    /// The site being replaced, whose data stands in for a repository GitHub cannot answer for.
    package let output: URL

    /// "Fetching 1 repository from https://api.github.com…"
    private func announce(_ count: Int, api: APIConfiguration) {
        let repos = Formatting.plural(count, "repository", "repositories")
        log.info(
            options.offline
                ? "Building \(repos) from the cache (offline)…"
                : "Fetching \(repos) from \(api.baseURL.absoluteString)…")
    }

    package func gather(_ config: SiteConfig) async throws -> SiteData {
        let api = try apiConfiguration()
        let ledger = RequestLedger()
        // Stored answers are stamped with the build's "now", so REPOWATCH_NOW builds are reproducible.
        let cache = ResponseCache(directory: options.cacheURL, now: now)
        let transport = LimitedTransport(
            URLSessionTransport(timeout: options.timeout, connections: options.jobs), limit: options.jobs)
        let stack = NetworkStack(transport: transport, policy: policy, log: log)
        let client = makeClient(api, stack: stack, ledger: ledger, cache: cache, limiter: transport.limiter)
        // What a build gathers is spooled on disk beside the site (see `RecordSpool`).
        let spool = RecordSpool(inFirstOf: [output.deletingLastPathComponent(), options.cacheURL])
        let store = AvatarStore(client: client, spool: spool)
        let previous = LastGoodData(output: output, now: now)
        let owners = try await ListedOwners.list(
            config, client: client, avatars: store, previous: previous, offline: options.offline, log: log)
        let config = owners.config
        announce(config.repos.count, api: api)
        let fetcher = SnapshotFetcher(client: client, avatars: store, log: log, now: now, configFile: config.file)
        let progress = FetchProgress(total: config.repos.count, quiet: options.offline)
        let openCounts = openCountsFetcher(api, stack: stack)
        // GraphQL counts run beside the REST fetches: independent requests, another rate limit.
        async let counted = openCounts.fetch(config.repos)
        var repos = await fetcher.fetchAll(owners.fetchPlans(), jobs: options.jobs, progress: progress, spool: spool)
        let countReport = await counted
        complete(&repos, of: config, counts: countReport, previous: previous, owners: owners)
        var avatars = await store.files
        await warnIfStopped(ledger)
        avatars.add(AvatarFiles(previous.avatars()))
        return SiteData(
            config: config, repos: repos, avatars: avatars, requests: await ledger.counts, cache: cache,
            owners: owners.summary, openCounts: countReport)
    }

    /// `--offline` asks nothing of any network, the published site included.
    package func restoreHistory(_ file: HistoryFile, baseURL: URL?, log: any BuildLog) async {
        await HistorySeed().restoreIfMissing(file, baseURL: baseURL, offline: options.offline, log: log)
    }

    package func restoreFeed(_ file: FeedFile, baseURL: URL?, log: any BuildLog) async {
        await FeedSeed().restoreIfMissing(file, baseURL: baseURL, offline: options.offline, log: log)
    }

    private func apiConfiguration() throws -> APIConfiguration {
        do {
            return try APIConfiguration.resolve(apiURL: options.apiURL, environment: options.environment)
        } catch {
            throw UsageError("--api-url: \(error)")
        }
    }

    /// The GraphQL counts split into each repository, the previous site standing in where GitHub
    /// failed, and each repository's source: one pass, each repository read and written back once.
    private func complete(
        _ repos: inout RepoList, of config: SiteConfig, counts: OpenCountsFetcher.Report, previous: LastGoodData,
        owners: ListedOwners
    ) {
        for index in repos.indices {
            var repo = repos[index]
            counts.apply(to: &repo, offline: options.offline)
            // The previous site stands in only while GitHub is failing, never for a repository that
            // is gone (404) or for --offline, whose promise is "the cache, or an error".
            if !repo.isAvailable, repo.failureIsTransient, !options.offline, index < config.repos.count,
                let stale = previous.snapshot(for: config.repos[index], reason: repo.error)
            {
                repo = stale
            }
            owners.label(&repo)
            repos[index] = repo
        }
    }

    private func warnIfStopped(_ ledger: RequestLedger) async {
        if let until = await ledger.stoppedUntil, await ledger.counts.fromCacheOnly > 0 {
            log.warning(
                "GitHub's rate limit is used up until \(Formatting.dayAndTime(until)); "
                    + "the remaining repositories were built from the cache")
        }
    }

    private func openCountsFetcher(_ api: APIConfiguration, stack: NetworkStack) -> OpenCountsFetcher {
        OpenCountsFetcher(
            url: GraphQLEndpoint.url(
                apiBase: api.baseURL, apiURLGiven: options.apiURL != nil, environment: options.environment),
            token: api.token, userAgent: api.userAgent, stack: stack, cacheDirectory: options.cacheURL, log: log,
            now: now)
    }

    private var policy: NetworkPolicy {
        var policy = NetworkPolicy()
        policy.offline = options.offline
        policy.maxWait = options.maxWait
        policy.retry = options.retry
        policy.verbose = options.verbose
        policy.refresh = options.refresh
        return policy
    }

    private func makeClient(
        _ api: APIConfiguration, stack: NetworkStack, ledger: RequestLedger, cache: ResponseCache,
        limiter: ConcurrencyLimiter
    ) -> GitHubClient {
        let log = self.log
        return GitHubClient(
            configuration: api, stack: stack, cache: cache, ledger: ledger,
            onSecondaryLimit: {
                limiter.reduce()
                log.warning("GitHub's secondary rate limit: lowering concurrency to \(limiter.limit)")
            })
    }

    package init(options: Options, log: any BuildLog, now: Date, output: URL) {
        self.options = options
        self.log = log
        self.now = now
        self.output = output
    }
}
