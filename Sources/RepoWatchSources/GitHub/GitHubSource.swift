import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// GitHub's numbers, through the cache; where GitHub is failing, the previous site's, marked stale
/// (`LastGoodData`); and the history the published site holds when the cache lost it (`HistorySeed`).
package struct GitHubSource: SiteSource {
    /// How to fetch, as the command line said.
    package let options: FetchOptions
    /// Where answers, ETags and what the last builds fetched are kept.
    package let cacheURL: URL
    /// Where the token and Actions' API address come from.
    package let environment: [String: String]
    package let log: any BuildLog
    package let now: Date
    /// The site being replaced, whose data stands in for a repository GitHub cannot answer for.
    package let output: URL

    /// "Fetching 1 repository from https://api.github.com…"
    private func announce(_ count: Int, api: APIConfiguration, network: FetchNetwork) {
        let repos = Formatting.plural(count, "repository", "repositories")
        log.info(
            !network.reachesNetwork
                ? "Building \(repos) from the cache (offline)…"
                : "Fetching \(repos) from \(api.baseURL.absoluteString)…")
    }

    package func gather(_ config: SiteConfig) async throws -> SiteData {
        let (api, ledger) = (try apiConfiguration(), RequestLedger())
        // Stored answers are stamped with the build's "now", so REPOWATCH_NOW builds are reproducible.
        let cache = ResponseCache(directory: cacheURL, now: now)
        // Under `private: exclude` a private repository's answers are cached sealed and not named
        // in request lines (`PrivateAnswers`); nothing more is asked of it (`SnapshotFetcher`).
        let leavesOutPrivate = config.privateRepos == .exclude
        var options = self.options
        options.sealsPrivateAnswers = leavesOutPrivate
        let sweep = PrivateCacheSweep(cache: cache, api: api)
        let swept = sweep.begin(leavingOut: leavesOutPrivate)
        let used = config.forges.used(by: config.repos, owners: config.owners)
        let network = FetchNetwork(api: api, options: options, environment: environment, log: log, forges: used)
        let client = makeClient(api, network: network, ledger: ledger, cache: cache)
        // What a build gathers is spooled on disk beside the site (see `RecordSpool`).
        let spool = RecordSpool(inFirstOf: [output.deletingLastPathComponent(), cacheURL])
        let store = AvatarStore(client: client, spool: spool)
        let previous = LastGoodData(output: output, now: now)
        let listers = forgeSources(used, network, cache, store, nil, previous, leavesOutPrivate)
        var owners = try await ListedOwners.list(
            config, client: client, avatars: store, previous: previous, log: log,
            spool: spool, jobs: options.jobs, forges: listers)
        let config = owners.config
        announce(config.repos.count, api: api, network: network)
        let plans = owners.fetchPlans()
        // The owners' whole lists are gone now: their pages go back before the fetch begins.
        FreedMemory.release()
        let records = FetchRecords(cacheDirectory: cacheURL, repos: config.repos)
        let order = records.oldestFirst()
        let forges = forgeSources(used, network, cache, store, records, previous, leavesOutPrivate, after: listers)
        // GraphQL runs beside the REST fetches (another rate limit), in the order they want the cards.
        let counts = network.openCounts(api, cacheURL: cacheURL, log: log, now: now)
        let cards = repositoryCards(counts, config, order: order, plans: plans, spool: spool, cache: cache, api: api)
        if network.reachesNetwork {
            await QuotaOutlook(client: client, budget: network.budget, log: log)
                .warnIfShort(plans: plans, records: records, withCards: network.graphQL != nil, now: now)
        }
        let fetcher = snapshotFetcher(
            client: client, avatars: store, cards: cards, records: records, previous: previous,
            leavesOutPrivate: leavesOutPrivate, configFile: config.file, forges: forges)
        let progress = FetchProgress(total: config.repos.count, quiet: !(network.reachesNetwork && log.showsProgress))
        var repos = await fetcher.fetchAll(plans, jobs: options.jobs, progress: progress, spool: spool, order: order)
        // A private repository's counts are not kept for later builds (`open-counts.json`) either.
        var countReport = await cards.report(leavingOut: { position, counts in
            leavesOutPrivate && (counts.isPrivate == true || repos[position].isPrivate)
        })
        if network.reachesNetwork || records.forgotSomething { records.save() }
        // An earlier build's counts stand in offline and where GraphQL counted nothing now.
        if countReport.fresh.count < config.repos.count {
            countReport.cached = cards.fetcher.cache.load()
        }
        complete(&repos, of: config, counts: countReport, previous: previous, owners: owners)
        // After the cards: the star history spends the requests they left, the fork dates GraphQL's.
        let backfill = await backfill(repos, of: config, counts: counts, after: countReport, client: client)
        let showsPrivate = await seal(sweep, swept, repos, owners: owners, avatars: store, forges: forges)
        return await siteData(
            config, repos: repos, avatars: store, previous: previous, ledger: ledger, cache: cache,
            owners: owners, counts: countReport, network: network, backfill: backfill, graphQL: counts,
            previousShowsPrivate: showsPrivate, forges: forges)
    }

    /// GraphQL's batches of cards, of GitHub's repositories alone, in the order the fetch wants them.
    private func repositoryCards(
        _ counts: OpenCountsFetcher, _ config: SiteConfig, order: [Int], plans: [SnapshotFetcher.Plan],
        spool: RecordSpool, cache: ResponseCache, api: APIConfiguration
    ) -> RepositoryCards {
        RepositoryCards(
            counts, repos: config.repos, order: order.filter { config.repos[$0].isGitHub }, spool: spool,
            shelf: CardShelf(cache: cache, api: api, keepsPrivate: config.privateRepos == .include),
            wantsCard: { plans[$0].needsDocument })
    }

    /// The other forges' sources, made with the same stack, cache, faces, records and previous site
    /// as GitHub's fetch: first to list the owners (no fetch records yet), then to fetch, `after` the
    /// listing's, whose request counts they carry on.
    private func forgeSources(
        _ used: [Forge], _ network: FetchNetwork, _ cache: ResponseCache, _ avatars: AvatarStore,
        _ records: FetchRecords?,
        _ previous: LastGoodData, _ leavesOutPrivate: Bool, after earlier: ForgeSources? = nil
    ) -> ForgeSources {
        var context = ForgeContext(
            stack: network.stack, cache: cache, avatars: avatars, records: records, environment: environment,
            log: log, now: now)
        context.leavesOutPrivate = leavesOutPrivate
        context.refresh = options.refresh
        context.previous = previous
        return ForgeSources(used, context: context, ledgers: earlier?.ledgers ?? [:])
    }

    /// How the owner cards may ask GraphQL: not offline, nor once the budget held a repository back.
    private func ownerCardMaker(counts: OpenCountsFetcher, network: FetchNetwork) -> OwnerCardMaker {
        let asking: OwnerCardMaker.Asking
        if !network.reachesNetwork || (network.budget?.usage.refused ?? 0) > 0 || counts.skipped == .offline {
            asking = .notNow
        } else if let client = counts.client {
            asking = .ask(client)
        } else {
            asking = .cannot
        }
        var maker = OwnerCardMaker(asking: asking, shelf: OwnerCardShelf(cacheDirectory: cacheURL), log: log, now: now)
        // The previous site stands in while GitHub fails, not for --offline ("the cache, or an error").
        if network.reachesNetwork { maker.previous = PublishedOwnerCards.read(output) }
        return maker
    }

    private func siteData(
        _ config: SiteConfig, repos: RepoList, avatars store: AvatarStore, previous: LastGoodData,
        ledger: RequestLedger, cache: ResponseCache, owners: ListedOwners, counts: OpenCountsFetcher.Report,
        network: FetchNetwork, backfill: StarBackfill.Report?, graphQL: OpenCountsFetcher,
        previousShowsPrivate: Bool, forges: ForgeSources
    ) async -> SiteData {
        // Last, after the repositories: the owner cards' queries are asked only while the budget holds.
        let ownerCards = await ownerCardMaker(counts: graphQL, network: network).cards(owners)
        // What remains for the summary: the counts themselves are in the snapshot now.
        var countReport = counts
        countReport.fresh = CountsTable()
        countReport.cached = [:]
        var avatars = await store.files
        await warnIfStopped(ledger)
        avatars.add(AvatarFiles(previous.avatars()))
        var data = SiteData(
            config: config, repos: repos, avatars: avatars, requests: await ledger.counts, cache: cache,
            owners: owners.summary, openCounts: countReport)
        data.budget = network.budget?.usage
        data.pacing = network.pacing
        data.backfill = backfill
        data.previousShowsPrivate =
            previousShowsPrivate || Self.previousShowsMembersOnly(repos, of: config, previous: previous)
        data.reachedNetwork = network.reachesNetwork
        data.owners.cards = ownerCards
        data.forges = await forges.usage(pacers: network.forgePacers)
        return data
    }

    private func snapshotFetcher(
        client: GitHubClient, avatars: AvatarStore, cards: RepositoryCards, records: FetchRecords,
        previous: LastGoodData, leavesOutPrivate: Bool, configFile: String, forges: ForgeSources
    ) -> SnapshotFetcher {
        var fetcher = SnapshotFetcher(client: client, avatars: avatars, log: log, now: now, configFile: configFile)
        fetcher.forges = forges
        fetcher.cards = cards
        fetcher.records = records
        fetcher.refresh = options.refresh
        fetcher.previous = previous
        fetcher.leavesOutPrivate = leavesOutPrivate
        return fetcher
    }

    /// `--offline` asks nothing of any network, the published site included (the stack has none):
    /// the previous output stands in.
    package func restoreHistory(_ file: HistoryFile, baseURL: URL?, log: any BuildLog) async {
        await seed.restoreIfMissing(file, baseURL: baseURL, previousSite: output, log: log)
    }

    package func restoreFeed(_ file: FeedFile, baseURL: URL?, log: any BuildLog) async {
        await FeedSeed(seed: seed).restoreIfMissing(file, baseURL: baseURL, previousSite: output, log: log)
    }

    private var seed: HistorySeed { HistorySeed(options: options) }

    private func apiConfiguration() throws -> APIConfiguration {
        do {
            return try APIConfiguration.resolve(apiURL: options.apiURL, environment: environment)
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
            // GraphQL counts GitHub's repositories alone; another forge's card is whole already.
            if index >= config.repos.count || config.repos[index].isGitHub {
                counts.apply(to: &repo, at: index, earlier: earlierCounts(index, config, counts, previous))
            }
            // The previous site stands in only while GitHub is failing, never for a repository that
            // is gone (404) or for --offline, whose promise is "the cache, or an error" (no network
            // is no transient failure: `SnapshotFetcher.failed`).
            if !repo.isAvailable, repo.failureIsTransient, index < config.repos.count,
                let stale = previous.snapshot(for: config.repos[index], reason: repo.staleness)
            {
                repo = stale
            }
            owners.label(&repo, at: index)
            repos[index] = repo
        }
    }

    /// The previous build's counts of a repository GraphQL did not count now and the cache has none
    /// of (the cache lost): online only, as everything the previous site gives.
    private func earlierCounts(
        _ index: Int, _ config: SiteConfig, _ counts: OpenCountsFetcher.Report, _ previous: LastGoodData
    ) -> OpenCountsCache.Kept? {
        guard counts.skipped == nil, index < config.repos.count, counts.fresh[index] == nil,
            counts.cached[config.repos[index].key] == nil, let shown = previous.shown(config.repos[index]),
            let issues = shown.openIssues, let pulls = shown.openPulls, !shown.openIssuesIncludePulls
        else { return nil }
        return .init(
            OpenCounts(issues: issues, pulls: pulls, release: shown.release, language: shown.language),
            storedAt: shown.fetchedAt ?? now)
    }

    private func warnIfStopped(_ ledger: RequestLedger) async {
        if let until = await ledger.stoppedUntil, await ledger.counts.fromCacheOnly > 0 {
            log.warning(
                "GitHub's rate limit is used up until \(Formatting.dayAndTime(until)); "
                    + "the remaining repositories were built from the cache")
        }
    }

    private func makeClient(
        _ api: APIConfiguration, network: FetchNetwork, ledger: RequestLedger, cache: ResponseCache
    ) -> GitHubClient {
        let log = self.log
        let limiter = network.limiter
        return GitHubClient(
            configuration: api, stack: network.stack, cache: cache, ledger: ledger,
            onSecondaryLimit: {
                limiter.reduce()
                log.warning("GitHub's secondary rate limit: lowering concurrency to \(limiter.limit)")
            })
    }

    package init(
        options: FetchOptions, cacheURL: URL, environment: [String: String], log: any BuildLog, now: Date, output: URL
    ) {
        self.options = options
        self.cacheURL = cacheURL
        self.environment = environment
        self.log = log
        self.now = now
        self.output = output
    }
}
