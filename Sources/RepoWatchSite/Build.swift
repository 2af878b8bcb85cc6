import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSources
import RepoWatchSupport

/// What `repowatch-site build` was asked to do: where the site is, how to fetch (`FetchOptions`,
/// handed whole to the GitHub source), and what the build does around that.
public struct BuildOptions: Sendable {
    public var configPath = "site.yml"
    /// Default: `public/` beside site.yml.
    public var outputPath: String?
    /// How to fetch; the GitHub source and its network stack take it as it is.
    package let fetch: FetchOptions
    /// `--sample`: made-up numbers, no network.
    package let sample: Bool
    public var baseURL: String?
    /// Default: `.repowatch/` beside site.yml.
    public var cachePath: String?
    /// Skip pruning the cache at the end of the build.
    public var keepCache = false
    /// `--strict`: warnings about site.yml and the templates stop the build before anything is
    /// fetched or written.
    public var strict = false
    /// Seconds to wait for another build holding the output folder's or the cache's lock.
    public var lockWait: Double = 60
    /// Whether this build adds a point to the history; `serve`'s rebuilds after an edit do not, or
    /// every saved template would become a data point.
    public var recordsHistory = true
    /// Fixed "now" for reproducible builds and tests (else `REPOWATCH_NOW`, else the clock).
    public var now: Date?
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    /// - Throws: `UsageError` for `--offline` with `--sample` (the sample has no cache to build from).
    package init(fetch: FetchOptions = .defaults, sample: Bool = false) throws {
        if fetch.offline && sample { throw UsageError("--offline and --sample cannot be used together") }
        self.fetch = fetch
        self.sample = sample
    }

    /// Every default: a build of site.yml in this folder from GitHub.
    public init() {
        fetch = .defaults
        sample = false
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

public struct BuildResult: Sendable {
    package var snapshot: Snapshot
    /// Requests made, 304s, quota: nil for sample builds.
    package var requests: RequestLedger.Counts?
    /// Issues and pull requests counted apart: nil for sample builds.
    package var openCounts: OpenCountsFetcher.Report?
    /// What the REST budget allowed and held back, and what pacing cost: nil offline and for samples.
    package var budget: RequestBudget.Usage?
    package var pacing: Pacing?
    public var output: URL
    public var fileCount: Int
    /// The site's size on disk as GitHub Pages counts it (every file whole, hard links too).
    public var byteCount = 0
    /// Files the previous site already held with the same bytes, kept rather than written.
    public var unchangedCount = 0
    /// Seconds from start to finish.
    public var elapsed: TimeInterval = 0
    /// Where the site will be published (`base_url`, `--base-url`), when known.
    public var baseURL: URL?
    /// Owners that could not be listed (`owners:`), with the reason.
    public var ownerFailures: [String] = []
    package var unavailable: [RepoSnapshot] { snapshot.repos.filter { !$0.isAvailable && !$0.pending } }
    package var stale: [RepoSnapshot] { snapshot.repos.filter { $0.isAvailable && $0.stale } }

    /// 0 when every widget has data (fresh or stale) or waits for a later build (pending); 1 when a
    /// repository or an owner has none.
    public var exitCode: Int32 {
        ownerFailures.isEmpty && snapshot.repos.allSatisfy { $0.isAvailable || $0.pending } ? 0 : 1
    }
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
        var site = try await step("load the config") { try SiteInputs.load(options, log: log) }
        if site.config.baseURL == nil { log.warning(Self.relativeEmbeds) }
        FreedMemory.release()
        // Two builds of one site never fetch or write at the same time (a second one waits, then refuses).
        let locks = try await BuildLocks.acquire(
            output: site.output, cache: options.sample ? nil : options.cacheURL, wait: options.lockWait, log: log)
        defer { locks.release() }
        let source = source(for: site)
        let gathered = try await step("gather the snapshot") { try await gather(site, from: source) }
        FreedMemory.release()
        // `owners:` completes the site: their repositories and default widgets are known only now.
        site.config = gathered.config
        let snapshot = Snapshot(
            generatedAt: site.now, nextUpdate: site.now.addingTimeInterval(site.config.refresh),
            sample: options.sample, repos: gathered.repos)
        let historyStep = HistoryStep(options: options, source: source, log: log)
        let history = await historyStep.record(
            snapshot, repos: site.config.repos, baseURL: site.config.baseURL, now: site.now)
        let feedStep = FeedStep(options: options, source: source, log: log)
        let feed = await feedStep.update(snapshot, baseURL: site.config.baseURL, now: site.now)
        FreedMemory.release()
        let written: RenderStep.Written
        do {
            written = try await step("render and write the site") {
                try RenderStep(
                    site: site, sample: options.sample, history: history, avatars: gathered.avatars,
                    ownerHeadings: gathered.owners.headings, feed: feed, log: log
                )
                .write(snapshot)
            }
        } catch {
            feedStep.discardStaged()
            throw error
        }
        historyStep.save(copying: site.output.appendingPathComponent(SiteLayout.history))
        feedStep.save(feed)
        if let cache = gathered.cache { keepTidy(cache) }
        var result = BuildResult(
            snapshot: snapshot, requests: gathered.requests, output: site.output, fileCount: written.fileCount)
        result.ownerFailures = gathered.owners.failures
        result.openCounts = gathered.openCounts
        result.unchangedCount = written.unchangedCount
        result.byteCount = written.byteCount
        result.budget = gathered.budget
        result.pacing = gathered.pacing
        result.elapsed = Date().timeIntervalSince(started)
        result.baseURL = site.config.baseURL
        report(result, elapsed: result.elapsed)
        return result
    }

    /// Said once a build: without `base_url` every page still works, but snippets copied elsewhere and
    /// shared links (which need absolute addresses) do not.
    package static let relativeEmbeds =
        "site.yml has no base_url (nor was --base-url given): the embed snippets on repository and widget pages "
        + "will be relative links, which do not work where they are pasted; pages get no canonical link, og:url "
        + "or og:image (link previews show no picture), and no sitemap.xml is written; set base_url to the "
        + "address the site is published at, like https://me.github.io/watch/"

    /// Step 2's source: sample numbers, or GitHub's with the previous site standing in where GitHub fails.
    package func source(for site: SiteInputs) -> any SiteSource {
        options.sample
            ? SampleSource(now: site.now)
            : GitHubSource(
                options: options.fetch, cacheURL: options.cacheURL, environment: options.environment, log: log,
                now: site.now, output: site.output)
    }

    /// Step 2, gather: whichever the source, every widget ends up with a face, and private
    /// repositories are left out unless the site includes them.
    package func gather(_ site: SiteInputs, from source: any SiteSource) async throws -> SiteData {
        var gathered = try await source.gather(site.config)
        await gathered.addPlaceholderFaces()
        // Before anything is recorded or rendered: a private repository reaches no file of the site.
        let widgets = gathered.config.widgets
        let (kept, leftOut) = PrivateRepoFilter(gathered.config.privateRepos).apply(to: gathered)
        PrivateReport(
            reporter: DiagnosticReporter(log: log, environment: options.environment, configPath: options.configPath),
            log: log, configPath: options.configPath
        )
        .report(leftOut, widgets: widgets)
        return kept
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
}
