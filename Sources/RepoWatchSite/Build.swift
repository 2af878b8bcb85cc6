import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSources
import RepoWatchSupport

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
    /// Ask again for what the cache would reuse without asking (answers without validators, redirects).
    public var refresh = false
    /// Skip pruning the cache at the end of the build.
    public var keepCache = false
    /// Seconds to wait for another build holding the output folder's or the cache's lock.
    public var lockWait: Double = 60
    /// Whether this build adds a point to the history; `serve`'s rebuilds after an edit do not, or
    /// every saved template would become a data point.
    public var recordsHistory = true
    /// Fixed "now" for reproducible builds and tests (else `REPOWATCH_NOW`, else the clock).
    public var now: Date?
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    package var configURL: URL { URL(fileURLWithPath: configPath).standardizedFileURL }
    package var outputURL: URL {
        if let outputPath { return URL(fileURLWithPath: outputPath).standardizedFileURL }
        return configURL.deletingLastPathComponent().appendingPathComponent("public", isDirectory: true)
    }
    package var cacheURL: URL {
        if let cachePath { return URL(fileURLWithPath: cachePath).standardizedFileURL }
        return configURL.deletingLastPathComponent().appendingPathComponent(".repowatch", isDirectory: true)
    }
}

public struct BuildResult: Sendable {
    package var snapshot: Snapshot
    /// Requests made, 304s, quota: nil for sample builds.
    package var requests: RequestLedger.Counts?
    /// Issues and pull requests counted apart: nil for sample builds.
    package var openCounts: OpenCountsFetcher.Report?
    public var output: URL
    public var fileCount: Int
    /// Files the previous site already held with the same bytes, kept rather than written.
    public var unchangedCount = 0
    /// Owners that could not be listed (`owners:`), with the reason.
    public var ownerFailures: [String] = []
    package var unavailable: [RepoSnapshot] { snapshot.repos.filter { !$0.isAvailable } }
    package var stale: [RepoSnapshot] { snapshot.repos.filter { $0.isAvailable && $0.stale } }

    /// 0 when every widget has data (fresh or stale); 1 when a repository or an owner has none.
    public var exitCode: Int32 { ownerFailures.isEmpty && snapshot.repos.allSatisfy(\.isAvailable) ? 0 : 1 }
}

/// The pipeline, as DESIGN.md draws it: load the config → gather a snapshot from a source (GitHub,
/// the sample data, the previous site where GitHub fails) → record the history → render → write
/// → report. Each step is its own small type; a step that fails for a reason other than the
/// user's input names itself in the error.
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
        var site = try await step("load the config") { try SiteInputs.load(options, log: log) }
        FreedMemory.release()
        // Two builds of one site never fetch or write at the same time (a second one waits, then refuses).
        let locks = try await BuildLocks.acquire(
            output: site.output, cache: options.sample ? nil : options.cacheURL, wait: options.lockWait, log: log)
        defer { locks.release() }
        let gathered = try await step("gather the snapshot") { try await gather(site) }
        FreedMemory.release()
        // `owners:` completes the site: their repositories and default widgets are known only now.
        site.config = gathered.config
        let snapshot = Snapshot(
            generatedAt: site.now, nextUpdate: site.now.addingTimeInterval(site.config.refresh),
            sample: options.sample, repos: gathered.repos)
        let historyStep = HistoryStep(options: options, log: log)
        let history = await historyStep.record(
            snapshot, repos: site.config.repos, baseURL: site.config.baseURL, now: site.now)
        FreedMemory.release()
        let written = try await step("render and write the site") {
            try SiteOutput(
                site: site, sample: options.sample, history: history, avatars: gathered.avatars,
                ownerHeadings: gathered.owners.headings, log: log
            )
            .write(snapshot)
        }
        historyStep.save(copying: site.output.appendingPathComponent(SiteLayout.history))
        if let cache = gathered.cache { keepTidy(cache) }
        var result = BuildResult(
            snapshot: snapshot, requests: gathered.requests, output: site.output, fileCount: written.fileCount)
        result.ownerFailures = gathered.owners.failures
        result.openCounts = gathered.openCounts
        result.unchangedCount = written.unchangedCount
        report(result, elapsed: Date().timeIntervalSince(started))
        return result
    }

    /// Step 2: sample numbers, or GitHub's with the previous site standing in where GitHub fails.
    package func gather(_ site: SiteInputs) async throws -> Gathered {
        var gathered =
            options.sample
            ? try await SampleSource(now: site.now).gather(site.config)
            : try await GitHubSource(options: options.fetching, log: log, now: site.now, output: site.output)
                .gather(site.config)
        await gathered.addPlaceholderFaces()
        return gathered
    }

    /// Runs one step; an unexpected error is wrapped to say which step failed. The user's own
    /// mistakes already say where they are (`site.yml:LINE:COL`, a flag) and pass through as they are.
    package func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as UsageError {
            throw error
        } catch let error as DiagnosticsError {
            throw error
        } catch let error as NothingToBuild {
            throw error
        } catch {
            throw BuildStepError(step: name, underlying: error)
        }
    }

    package func report(_ result: BuildResult, elapsed: TimeInterval) {
        // Two passes rather than two lists: an offline build of 10,000 repositories has 10,000 stale ones.
        var staleCount = 0
        var unavailableCount = 0
        for repo in result.snapshot.repos where repo.isAvailable && repo.stale {
            staleCount += 1
            let asOf = repo.fetchedAt.map(Formatting.dayAndTime) ?? "an earlier build"
            log.warning("\(repo.configName): \(repo.error ?? "could not be fetched"); showing data as of \(asOf)")
        }
        for repo in result.snapshot.repos where !repo.isAvailable {
            unavailableCount += 1
            log.error("\(repo.configName): \(repo.error ?? "no data")")
        }
        for failure in result.ownerFailures { log.error(failure) }
        let repos = result.snapshot.repos
        let fresh = repos.count - staleCount - unavailableCount
        let kind = result.snapshot.sample ? "sample" : "fresh"
        log.info(
            "Built \(result.fileCount) files (\(result.fileCount - result.unchangedCount) written, "
                + "\(result.unchangedCount) unchanged) into \(result.output.path) in \(String(format: "%.1f", elapsed))s: "
                + "\(repos.count) repositories (\(fresh) \(kind), \(staleCount) stale, "
                + "\(unavailableCount) unavailable)")
        if let counts = result.requests {
            log.info(Self.accounting(counts) + (result.openCounts.map { "; " + $0.summary } ?? ""))
        }
    }

    /// "27 requests, 20 answered 304 (no quota); quota remaining 4,963 of 5,000".
    package static func accounting(_ counts: RequestLedger.Counts) -> String {
        var line = "\(counts.requests) requests, \(counts.notModified) answered 304 (no quota)"
        if counts.keptAnswers > 0 { line += ", \(counts.keptAnswers) cache hits without a request" }
        if counts.fromCacheOnly > 0 { line += ", \(counts.fromCacheOnly) answered from the cache alone" }
        if counts.retries > 0 { line += ", \(counts.retries) retried" }
        if let remaining = counts.quotaRemaining {
            line += "; quota remaining \(Formatting.grouped(remaining))"
            if let limit = counts.quotaLimit { line += " of \(Formatting.grouped(limit))" }
        }
        return line
    }
}

extension BuildOptions {
    package var fetching: GitHubSource.Options {
        GitHubSource.Options(
            apiURL: apiURL, environment: environment, cacheURL: cacheURL, jobs: jobs, offline: offline,
            timeout: timeout, maxWait: maxWait, retry: retry, verbose: verbose, refresh: refresh)
    }
}
