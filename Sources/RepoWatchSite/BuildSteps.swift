import Foundation
import RepoWatchConfig
import RepoWatchModel
import RepoWatchOutput
import RepoWatchRender
import RepoWatchSources
import RepoWatchSupport

extension Build {
    /// The build, in order; docs/architecture.md draws the same list. Each step reads what the ones
    /// before it left in the `BuildWork` and adds its own; `run(_:on:)` times them, frees memory
    /// between them and names a failing one.
    package static let steps: [BuildStep] = [
        BuildStep("load the config", loadConfig),
        BuildStep("lock the site and the cache", lockFolders),
        BuildStep("gather the snapshot", gatherSnapshot),
        BuildStep("record the history", recordHistory),
        BuildStep("update the feed", updateFeed),
        BuildStep("queue the notifications", queueNotifications),
        BuildStep("render the site", renderSite),
        BuildStep("write the open data", writeOpenData),
        BuildStep("publish the history", publishHistory),
        BuildStep("write the site", writeSite),
        BuildStep("report", reportResult),
        BuildStep("tidy the cache", tidyCache),
    ]

    /// site.yml with the command line's overrides, the templates, "now" and a checked output
    /// folder: everything the user can get wrong is found here, before anything is fetched or written.
    private static func loadConfig(_ work: inout BuildWork) async throws {
        let site = try SiteInputs.load(work.options, log: work.log)
        if site.config.baseURL == nil, work.options.warnsWithoutBaseURL, !work.options.sample {
            work.log.warning(relativeEmbeds(configPath: work.options.configPath))
        }
        work.site = site
    }

    /// Two builds of one site never fetch or write at the same time (a second one waits, then refuses).
    private static func lockFolders(_ work: inout BuildWork) async throws {
        let site = try work.needs(work.site, "the config")
        let options = work.options
        work.locks = try await BuildLocks.acquire(
            output: site.output, cache: options.sample ? nil : options.cacheURL, wait: options.lockWait, log: work.log)
    }

    /// Whichever the source, every widget ends up with a face, and private repositories are left out
    /// unless the site includes them; `owners:` completes the config (their repositories and default
    /// widgets are known only now).
    private static func gatherSnapshot(_ work: inout BuildWork) async throws {
        var site = try work.needs(work.site, "the config")
        let source = source(for: site, options: work.options, log: work.log)
        var gathered = try await source.gather(site.config)
        await gathered.addPlaceholderFaces()
        // Before anything is recorded or rendered: a private repository reaches no file of the site.
        let widgets = gathered.config.widgets
        let (kept, leftOut) = PrivateRepoFilter(gathered.config.privateRepos).apply(to: gathered)
        let options = work.options
        PrivateReport(
            reporter: DiagnosticReporter(
                log: work.log, environment: options.environment, configPath: options.configPath),
            log: work.log, configPath: options.configPath
        )
        .report(leftOut, widgets: widgets)
        gathered = kept
        site.config = gathered.config
        work.snapshot = Snapshot(
            generatedAt: site.now, nextUpdate: site.now.addingTimeInterval(site.config.refresh),
            sample: work.options.sample, repos: gathered.repos)
        (work.site, work.source, work.gathered) = (site, source, gathered)
    }

    /// Sample numbers, or GitHub's with the previous site standing in where GitHub fails.
    package static func source(for site: SiteInputs, options: BuildOptions, log: any BuildLog) -> any SiteSource {
        options.sample
            ? SampleSource(now: site.now)
            : GitHubSource(
                options: options.fetch, cacheURL: options.cacheURL, environment: options.environment, log: log,
                now: site.now, output: site.output)
    }

    private static func recordHistory(_ work: inout BuildWork) async throws {
        let site = try work.needs(work.site, "the config")
        let snapshot = try work.needs(work.snapshot, "the snapshot")
        let step = HistoryStep(options: work.options, source: try work.needs(work.source, "the source"), log: work.log)
        let history = await step.record(
            snapshot, repos: site.config.repos, baseURL: site.config.baseURL, now: site.now,
            backfill: try work.needs(work.gathered, "the snapshot").backfill, backfillOn: site.config.historyBackfill)
        work.history = (step, history)
    }

    private static func updateFeed(_ work: inout BuildWork) async throws {
        let site = try work.needs(work.site, "the config")
        let snapshot = try work.needs(work.snapshot, "the snapshot")
        let step = FeedStep(options: work.options, source: try work.needs(work.source, "the source"), log: work.log)
        let listed = site.config.privateRepos == .exclude ? site.config.repos : nil
        let told = await step.told(
            snapshot, baseURL: site.config.baseURL, now: site.now, listed: listed, forges: site.config.forges)
        work.feed = (step, told.state)
        work.news = told.news
    }

    /// What the feed told that is news goes to each `notify:` target's queue, saved with the site.
    private static func queueNotifications(_ work: inout BuildWork) async throws {
        let site = try work.needs(work.site, "the config")
        let reached = try work.needs(work.gathered, "the snapshot").reachedNetwork
        let step = NotifyStep(options: work.options, reachedNetwork: reached, log: work.log)
        // Releases a forge now shows to members only leave the queue too, even where nothing is queued.
        step.files.forget(try work.needs(work.feed, "the feed").state.withheldReleases, kind: .release)
        work.notifications = step.queue(news: work.news, targets: site.config.notify, now: site.now).map { (step, $0) }
        work.news = []
    }

    /// Every file into a staging folder, which replaces the site only in the write step; nothing,
    /// when the published site was made from the same inputs (`SiteFingerprint`).
    private static func renderSite(_ work: inout BuildWork) async throws {
        let gathered = try work.needs(work.gathered, "the snapshot")
        let data = RenderData(
            history: try work.needs(work.history, "the history").history, avatars: gathered.avatars,
            ownerHeadings: gathered.owners.headings, feed: try work.needs(work.feed, "the feed").state,
            ownerCards: gathered.owners.cards)
        let site = try work.needs(work.site, "the config")
        let snapshot = try work.needs(work.snapshot, "the snapshot")
        let cache = work.options.cacheURL
        if !work.options.sample {
            work.fingerprint = SiteFingerprint.make(site: site, options: work.options, snapshot: snapshot, data: data)
            if let fingerprint = work.fingerprint,
                let kept = PublishedSite.unchanged(cache: cache, output: site.output, fingerprint: fingerprint)
            {
                work.unchanged = kept
                return
            }
        }
        let renderer = RenderStep(site: site, data: data, log: work.log)
        work.staged = try renderer.render(snapshot)
    }

    /// `data/repos.json` and `data/repos.csv` beside the rendered site (`open_data: true`).
    private static func writeOpenData(_ work: inout BuildWork) async throws {
        if work.unchanged != nil { return }
        // The cache's whole history is written on the second core while this step and the next
        // run on the first.
        let history = try work.needs(work.history, "the history")
        work.preparedHistory = history.step.prepareSave(history.history)
        try OpenDataStep(config: try work.needs(work.site, "the config").config)
            .write(
                try work.needs(work.snapshot, "the snapshot"), into: try work.needs(work.staged, "the rendered site"))
    }

    /// `data/history.json` after every other file: whole, or cut to the room the site leaves under
    /// GitHub Pages' limit.
    private static func publishHistory(_ work: inout BuildWork) async throws {
        if let unchanged = work.unchanged {
            work.historyCut = unchanged.historyCut
            return
        }
        work.historyCut = try RenderStep.publish(
            try work.needs(work.history, "the history").history, into: try work.needs(work.staged, "the rendered site"),
            ceiling: work.options.siteCeiling, log: work.log)
    }

    /// The staged site swapped in whole; then the history (whole, where the site has a cut of it) and
    /// the feed's memory are saved.
    private static func writeSite(_ work: inout BuildWork) async throws {
        let site = try work.needs(work.site, "the config")
        if let unchanged = work.unchanged {
            work.written = unchanged.written
        } else {
            let staged = try work.needs(work.staged, "the rendered site")
            try staged.commit(keepingPrevious: !(try work.needs(work.gathered, "the snapshot").previousShowsPrivate))
            work.staged = nil
            let written = RenderStep.Written(staged)
            work.written = written
            if let fingerprint = work.fingerprint {
                PublishedSite(
                    fingerprint: fingerprint, output: site.output, written: written, historyCut: work.historyCut)?
                    .save(cache: work.options.cacheURL)
            }
        }
        let history = try work.needs(work.history, "the history")
        history.step.save(
            copying: site.output.appendingPathComponent(SiteLayout.history), whole: history.history,
            cut: work.historyCut, prepared: work.preparedHistory)
        work.preparedHistory = nil
        let feed = try work.needs(work.feed, "the feed")
        feed.step.save(feed.state)
        if let notifications = work.notifications { notifications.step.save(notifications.queue) }
    }

    /// The summary on stderr, and the result the command and the Actions summary read.
    private static func reportResult(_ work: inout BuildWork) async throws {
        let gathered = try work.needs(work.gathered, "the snapshot")
        let written = try work.needs(work.written, "the written site")
        let site = try work.needs(work.site, "the config")
        var result = BuildResult(
            snapshot: try work.needs(work.snapshot, "the snapshot"), requests: gathered.requests, output: site.output,
            fileCount: written.fileCount)
        result.ownerFailures = gathered.owners.failures
        result.openCounts = gathered.openCounts
        result.unchangedCount = written.unchangedCount
        result.byteCount = written.byteCount
        result.budget = gathered.budget
        result.pacing = gathered.pacing
        result.forges = gathered.forges
        // What the backfill cost; its points are in the history now.
        result.backfill = gathered.backfill.map { report in
            var summary = report
            summary.updates = [:]
            return summary
        }
        result.elapsed = Date().timeIntervalSince(work.started)
        result.baseURL = site.config.baseURL
        result.includesPrivate = site.config.privateRepos == .include
        work.build.report(result, elapsed: result.elapsed)
        work.result = result
    }

    /// What nobody used for the retention period leaves the cache, unless `--keep-cache`.
    private static func tidyCache(_ work: inout BuildWork) async throws {
        if let cache = try work.needs(work.gathered, "the snapshot").cache {
            work.build.keepTidy(cache)
        }
    }

    /// Said once a build (once a `serve` session, never for a sample): without `base_url` every page
    /// still works, but snippets copied elsewhere and shared links (which need absolute addresses) do
    /// not. One line; docs/configuration.md says the rest.
    static func relativeEmbeds(configPath: String) -> String {
        "\((configPath as NSString).lastPathComponent) has no base_url; set it to the site's address for embeds "
            + "that work where pasted, link previews and a sitemap"
    }
}
