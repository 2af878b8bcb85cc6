import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSources
import RepoWatchSupport

/// What `repowatch-site build` was asked to do: where the site is, how to fetch (`FetchOptions`,
/// handed whole to the GitHub source), and what the build does around that.
package struct BuildOptions: Sendable {
    package var configPath = "site.yml"
    /// Default: `public/` beside site.yml.
    package var outputPath: String?
    /// How to fetch; the GitHub source and its network stack take it as it is.
    package let fetch: FetchOptions
    /// `--sample`: made-up numbers, no network.
    package let sample: Bool
    /// `--base-url`: overrides site.yml's `base_url`.
    package let baseURL: URL?
    /// Default: `.repowatch/` beside site.yml.
    package var cachePath: String?
    /// Skip pruning the cache at the end of the build.
    package var keepCache = false
    /// `--strict`: warnings about site.yml and the templates stop the build before anything is
    /// fetched or written.
    package var strict = false
    /// Seconds to wait for another build holding the output folder's or the cache's lock.
    package let lockWait: Double
    /// Whether this build adds a point to the history; `serve`'s rebuilds after an edit do not, or
    /// every saved template would become a data point.
    package var recordsHistory = true
    /// False for `serve`: only builds of the site to publish queue what `notify` sends.
    package var queuesNotifications = true
    /// Whether a site without `base_url` is warned about; `serve` says it once, at its first build.
    package var warnsWithoutBaseURL = true
    /// The most the site may take before the history's published cut (`HistoryCut`) applies; tests
    /// make it small.
    var siteCeiling = SiteSize.ceiling
    /// Fixed "now" for reproducible builds and tests (else `REPOWATCH_NOW`, else the clock).
    package var now: Date?
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    /// - Parameters:
    ///   - baseURL: `--base-url`, an http(s) URL.
    ///   - lockWait: `--lock-wait`, 0 or more seconds.
    /// - Throws: `UsageError` naming the flag: `--offline` with `--sample` (the sample has no cache to
    ///   build from), a `--base-url` that is not http(s), a negative `--lock-wait`.
    package init(fetch: FetchOptions = .defaults, sample: Bool = false, baseURL: String? = nil, lockWait: Double = 60)
        throws
    {
        if fetch.offline && sample { throw UsageError("--offline and --sample cannot be used together") }
        if let baseURL {
            guard let url = SafeURL.base(baseURL) else {
                throw UsageError("--base-url must be an http(s) URL, like https://me.github.io/watch/")
            }
            self.baseURL = url
        } else {
            self.baseURL = nil
        }
        guard lockWait >= 0, lockWait.isFinite else { throw UsageError("--lock-wait must be 0 or more seconds") }
        self.fetch = fetch
        self.sample = sample
        self.lockWait = lockWait
    }

    /// Every default: a build of site.yml in this folder from GitHub.
    package init() {
        fetch = .defaults
        sample = false
        baseURL = nil
        lockWait = 60
    }

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

package struct BuildResult: Sendable {
    package var snapshot: Snapshot
    /// Requests made, 304s, quota: nil for sample builds.
    package var requests: RequestLedger.Counts?
    /// Issues and pull requests counted apart: nil for sample builds.
    package var openCounts: OpenCountsFetcher.Report?
    /// What the REST budget allowed and held back, and what pacing cost: nil offline and for samples.
    package var budget: RequestBudget.Usage?
    package var pacing: Pacing?
    /// Each other forge's requests and quota (GitLab's hosts), by host.
    package var forges: [ForgeUsage] = []
    /// What reading star and fork dates cost and gave (its points are in the history): nil for
    /// samples and with `history: backfill: false`.
    package var backfill: StarBackfill.Report?
    package var output: URL
    package var fileCount: Int
    /// The site's size on disk as GitHub Pages counts it (every file whole, hard links too).
    package var byteCount = 0
    /// Files the previous site already held with the same bytes, kept rather than written.
    package var unchangedCount = 0
    /// Seconds from start to finish.
    package var elapsed: TimeInterval = 0
    /// Where the site will be published (`base_url`, `--base-url`), when known.
    package var baseURL: URL?
    /// `private: include`: the site shows private repositories, so the result may name them.
    var includesPrivate = false
    /// Owners that could not be listed (`owners:`), with the reason.
    var ownerFailures: [String] = []
    /// How long each of the build's steps took, in order.
    var timings: [StepTiming] = []
    package var unavailable: [RepoSnapshot] { snapshot.repos.filter { !$0.isAvailable && !$0.pending } }
    package var stale: [RepoSnapshot] { snapshot.repos.filter { $0.isAvailable && $0.stale } }

    /// 0 when every widget has data (fresh or stale) or waits for a later build (pending); 1 when a
    /// repository or an owner has none.
    package var exitCode: Int32 {
        ownerFailures.isEmpty && snapshot.repos.allSatisfy { $0.isAvailable || $0.pending } ? 0 : 1
    }
}

/// The pipeline: `Build.steps` lists its steps in order (load the config → lock → gather a snapshot
/// from a source: GitHub, the sample data, the previous site where GitHub fails → record the history
/// → update the feed → render → write → report → tidy the cache), and `run(_:on:)` runs them.
package struct Build: Sendable {
    package let options: BuildOptions
    package let log: any BuildLog

    package init(options: BuildOptions, log: any BuildLog) {
        self.options = options
        self.log = log
    }

    /// Config and template problems are thrown (`DiagnosticsError`, `UsageError`) before anything is
    /// fetched or written.
    package func run() async throws -> BuildResult {
        let started = Date()
        FreedMemory.limitArenas(to: ProcessInfo.processInfo.activeProcessorCount)
        FreedMemory.keepLargeBlocksApart()
        let actions = GitHubActions(environment: options.environment)
        do {
            let result = try await build(started: started)
            if actions.writesSummary, let problem = actions.appendSummary(StepSummary(result: result).markdown) {
                log.warning(problem)
            }
            return result
        } catch {
            if actions.writesSummary,
                let problem = actions.appendSummary(StepSummary.failure(error, configPath: options.configPath))
            {
                log.warning(problem)
            }
            throw error
        }
    }

    private func build(started: Date) async throws -> BuildResult {
        var work = BuildWork(self, started: started)
        try await run(Self.steps, on: &work)
        var result = try work.needs(work.result, "the result")
        result.timings = work.timings
        return result
    }
}
