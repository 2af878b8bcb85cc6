import Foundation

/// What `repowatch-site build` was asked to do.
public struct BuildOptions: Sendable {
    public var configPath = "site.yml"
    /// Default: `public/` beside site.yml.
    public var outputPath: String?
    public var apiURL: String?
    public var offline = false
    public var sample = false
    public var jobs = 8
    public var baseURL: String?
    /// Default: `.repowatch/` beside site.yml.
    public var cachePath: String?
    /// Seconds one request may take.
    public var timeout: Double = 30
    /// Longest wait for a rate limit to reset before using the cache for the rest.
    public var maxWait: Double = 60
    public var retry = RetryPolicy()
    /// Every request on stderr (never its headers).
    public var verbose = false
    /// Whether this build adds a point to the history; `serve`'s rebuilds after an edit do not, or
    /// every saved template would become a data point.
    public var recordsHistory = true
    /// Fixed "now" for reproducible builds and tests (else `REPOWATCH_NOW`, else the clock).
    public var now: Date?
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    var configURL: URL { URL(fileURLWithPath: configPath).standardizedFileURL }
    var outputURL: URL {
        if let outputPath { return URL(fileURLWithPath: outputPath).standardizedFileURL }
        return configURL.deletingLastPathComponent().appendingPathComponent("public", isDirectory: true)
    }
    var cacheURL: URL {
        if let cachePath { return URL(fileURLWithPath: cachePath).standardizedFileURL }
        return configURL.deletingLastPathComponent().appendingPathComponent(".repowatch", isDirectory: true)
    }
}

public struct BuildResult: Sendable {
    public var snapshot: Snapshot
    /// Requests made, 304s, quota: nil for sample builds.
    public var requests: RequestLedger.Counts?
    public var output: URL
    public var fileCount: Int
    /// Files the previous site already held with the same bytes, kept rather than written.
    public var unchangedCount = 0
    public var unavailable: [RepoSnapshot] { snapshot.repos.filter { !$0.isAvailable } }
    public var stale: [RepoSnapshot] { snapshot.repos.filter { $0.isAvailable && $0.stale } }

    /// 0 when every widget has data (fresh or stale); 1 when a repository has none.
    public var exitCode: Int32 { unavailable.isEmpty ? 0 : 1 }
}

/// Exit 2: the user's input is wrong and nothing was written.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The pipeline: site.yml → Config → GitHub → Snapshot → Render → Output.
public struct Build: Sendable {
    public let options: BuildOptions
    public let log: any BuildLog

    public init(options: BuildOptions, log: any BuildLog) {
        self.options = options
        self.log = log
    }

    /// Config and template problems are thrown (`DiagnosticsError`, `UsageError`) before anything is
    /// fetched or written.
    public func run() async throws -> BuildResult {
        let started = Date()
        let loaded = try ConfigLoader.load(path: options.configPath)
        for warning in loaded.warnings { log.info(warning.description) }
        var config = loaded.config
        if let baseURL = options.baseURL {
            guard let url = SafeURL.base(baseURL) else {
                throw UsageError("--base-url must be an http(s) URL, like https://me.github.io/watch/")
            }
            config.baseURL = url
        }
        guard options.jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
        let templates = try TemplateSet.load(siteDirectory: options.configURL.deletingLastPathComponent())
        let now = try resolveNow()
        let output = options.outputURL
        try OutputLocation(
            output: output, protecting: [options.configURL.deletingLastPathComponent(), options.cacheURL]
        )
        .check()
        let previous = LastGoodData(output: output, now: now)

        var avatarFiles: [String: Data] = [:]
        let ledger = RequestLedger()
        var repos: [RepoSnapshot]
        if options.sample {
            let store = AvatarStore(client: nil)
            var sampled: [RepoSnapshot] = []
            for name in config.repos {
                var repo = SampleData.snapshot(for: name, now: now)
                repo.ownerAvatar = await store.avatar(
                    url: nil, pixels: SnapshotFetcher.ownerAvatarPixels, placeholderFor: name.owner)
                for index in repo.contributors.indices {
                    repo.contributors[index].avatar = await store.avatar(
                        url: nil, pixels: SnapshotFetcher.contributorAvatarPixels,
                        placeholderFor: repo.contributors[index].login)
                }
                sampled.append(repo)
            }
            repos = sampled
            avatarFiles = await store.allFiles()
        } else {
            let api: APIConfiguration
            do {
                api = try APIConfiguration.resolve(apiURL: options.apiURL, environment: options.environment)
            } catch {
                throw UsageError("--api-url: \(error)")
            }
            let transport = LimitedTransport(
                URLSessionTransport(timeout: options.timeout, connections: options.jobs), limit: options.jobs)
            var policy = NetworkPolicy()
            policy.offline = options.offline
            policy.maxWait = options.maxWait
            policy.retry = options.retry
            policy.verbose = options.verbose
            let limiter = transport.limiter
            let log = self.log
            let client = GitHubClient(
                configuration: api, transport: transport, cache: ResponseCache(directory: options.cacheURL),
                policy: policy, ledger: ledger, log: log,
                onSecondaryLimit: {
                    await limiter.reduce()
                    log.warning("GitHub's secondary rate limit: lowering concurrency to \(await limiter.limit)")
                })
            let store = AvatarStore(client: client)
            log.info(
                options.offline
                    ? "Building \(config.repos.count) repositories from the cache (offline)…"
                    : "Fetching \(config.repos.count) repositories from \(api.baseURL.absoluteString)…")
            let fetcher = SnapshotFetcher(client: client, avatars: store, log: log, now: now)
            let progress = FetchProgress(total: config.repos.count, quiet: options.offline)
            let fetched = await fetcher.fetchAll(config.repos, jobs: options.jobs, progress: progress)
            // The previous site stands in only while GitHub is failing, never for a repository that
            // is gone (404) or for --offline, whose promise is "the cache, or an error".
            repos = zip(config.repos, fetched).map { name, repo in
                guard !repo.isAvailable, repo.failureIsTransient, !options.offline,
                    let stale = previous.snapshot(for: name, reason: repo.error)
                else { return repo }
                return stale
            }
            avatarFiles = await store.allFiles()
            if let until = await ledger.stoppedUntil, await ledger.counts.fromCacheOnly > 0 {
                log.warning(
                    "GitHub's rate limit is used up until \(Formatting.dayAndTime(until)); "
                        + "the remaining repositories were built from the cache")
            }
        }
        avatarFiles.merge(previous.avatars()) { fresh, _ in fresh }
        // A widget without data still shows a face, never a broken image.
        let placeholders = AvatarStore(client: nil)
        for index in repos.indices where repos[index].ownerAvatar == nil {
            let owner = repos[index].configName.split(separator: "/").first.map(String.init) ?? "?"
            repos[index].ownerAvatar = await placeholders.avatar(
                url: nil, pixels: SnapshotFetcher.ownerAvatarPixels, placeholderFor: owner)
        }
        avatarFiles.merge(await placeholders.allFiles()) { existing, _ in existing }

        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now.addingTimeInterval(config.refresh), sample: options.sample, repos: repos)
        // Sample numbers are made up: they are never recorded, and real history is not shown beside them.
        let historyFile = HistoryFile(cacheDirectory: options.cacheURL)
        var history = History()
        if !options.sample {
            history = historyFile.load(now: now) { log.warning($0) }
            if options.recordsHistory { history.record(snapshot, repos: config.repos) }
        }
        let staged = try SiteWriter(target: output).begin()
        // The published history is also the one saved: serialized once, it can be large.
        let publishedHistory = FileCollector()
        do {
            var renderer = SiteRenderer(config: config, templates: templates, sample: options.sample)
            renderer.history = history
            renderer.avatarImages = avatarFiles
            try renderer.render(snapshot) { path, data in
                if path == "data/history.json" { publishedHistory.add(path, data) }
                try staged.add(path, data)
            }
            for (path, data) in avatarFiles { try staged.add(path, data) }
            try staged.commit()
        } catch {
            staged.abandon()
            throw error
        }
        if !options.sample, options.recordsHistory {
            do {
                try historyFile.save(publishedHistory.files["data/history.json"] ?? history.json())
            } catch {
                log.warning("could not save the history: \(error)")
            }
        }

        let requests = options.sample ? nil : await ledger.counts
        var result = BuildResult(snapshot: snapshot, requests: requests, output: output, fileCount: staged.fileCount)
        result.unchangedCount = staged.unchangedCount
        report(result, elapsed: Date().timeIntervalSince(started))
        return result
    }

    func resolveNow() throws -> Date {
        if let now = options.now { return now }
        if let text = options.environment["REPOWATCH_NOW"], !text.isEmpty {
            guard let date = ISO8601.parse(text) else { throw UsageError("REPOWATCH_NOW must be an ISO 8601 time") }
            return date
        }
        return Date()
    }

    func report(_ result: BuildResult, elapsed: TimeInterval) {
        for repo in result.stale {
            let asOf = repo.fetchedAt.map(Formatting.dayAndTime) ?? "an earlier build"
            log.warning("\(repo.configName): \(repo.error ?? "could not be fetched"); showing data as of \(asOf)")
        }
        for repo in result.unavailable {
            log.error("\(repo.configName): \(repo.error ?? "no data")")
        }
        let repos = result.snapshot.repos
        let fresh = repos.count - result.stale.count - result.unavailable.count
        let kind = result.snapshot.sample ? "sample" : "fresh"
        log.info(
            "Built \(result.fileCount) files (\(result.fileCount - result.unchangedCount) written, "
                + "\(result.unchangedCount) unchanged) into \(result.output.path) in \(String(format: "%.1f", elapsed))s: "
                + "\(repos.count) repositories (\(fresh) \(kind), \(result.stale.count) stale, "
                + "\(result.unavailable.count) unavailable)")
        if let counts = result.requests { log.info(Self.accounting(counts)) }
    }

    /// "27 requests, 20 answered 304 (no quota); quota remaining 4,963 of 5,000".
    static func accounting(_ counts: RequestLedger.Counts) -> String {
        var line = "\(counts.requests) requests, \(counts.notModified) answered 304 (no quota)"
        if counts.fromCacheOnly > 0 { line += ", \(counts.fromCacheOnly) answered from the cache alone" }
        if counts.retries > 0 { line += ", \(counts.retries) retried" }
        if let remaining = counts.quotaRemaining {
            line += "; quota remaining \(Formatting.grouped(remaining))"
            if let limit = counts.quotaLimit { line += " of \(Formatting.grouped(limit))" }
        }
        return line
    }
}

/// The previous build's data: what a widget shows, marked stale, when GitHub cannot answer now and
/// the cache has nothing either. Read only if a repository needs it.
final class LastGoodData {
    let output: URL
    let now: Date
    private var supplied: [RepoSnapshot] = []

    init(output: URL, now: Date) {
        self.output = output
        self.now = now
    }

    private lazy var repos: [String: RepoSnapshot] = {
        let url = output.appendingPathComponent("data/snapshot.json")
        // Sample data is never passed off as real data.
        guard let data = try? Data(contentsOf: url),
            let snapshot = try? Snapshot.decoder.decode(Snapshot.self, from: data),
            !snapshot.sample
        else { return [:] }
        return Dictionary(
            snapshot.repos.map { ($0.configName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }()

    func snapshot(for name: RepoName, reason: String? = nil) -> RepoSnapshot? {
        guard var repo = repos[name.key], repo.isAvailable else { return nil }
        repo.stale = true
        // The count of days keeps moving while GitHub is away.
        repo.daysSincePush = repo.pushedAt.map { Snapshot.daysSince($0, now: now) }
        repo.error = reason ?? repo.error ?? "not fetched in this build"
        supplied.append(repo)
        return repo
    }

    /// The avatar files of the repositories supplied here, copied from the previous site.
    func avatars() -> [String: Data] {
        var files: [String: Data] = [:]
        for repo in supplied {
            let paths = [repo.ownerAvatar] + repo.contributors.map(\.avatar)
            for case let path? in paths where path.hasPrefix("avatars/") && !path.contains("..") {
                files[path] = try? Data(contentsOf: output.appendingPathComponent(path))
            }
        }
        return files
    }
}

extension Result {
    var value: Success? { try? get() }
}
