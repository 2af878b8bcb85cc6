import Foundation
import RepoWatchModel
import RepoWatchSources
import RepoWatchSupport

/// The history step records the history: the earlier snapshots (for deltas and sparklines) plus this one.
/// Sample numbers are made up: they are never recorded, and real history is not shown beside them;
/// a sample site shows a made-up history of its own (`SampleHistory`), marked as such.
package struct HistoryStep: Sendable {
    package let file: HistoryFile
    /// False for `--sample`.
    let isReal: Bool
    /// False for `serve`'s rebuilds after an edit.
    let recordsThisBuild: Bool
    /// Where a history lost with the cache is restored from (GitHub's: the published site).
    package let source: any SiteSource
    package let log: any BuildLog

    package init(options: BuildOptions, source: any SiteSource, log: any BuildLog) {
        file = HistoryFile(cacheDirectory: options.cacheURL)
        isReal = !options.sample
        recordsThisBuild = options.recordsHistory
        self.source = source
        self.log = log
    }

    /// A lost cache (GitHub evicts them) is restored first. Star and fork dates this build read
    /// (`backfill`) go before each repository's first snapshot; with `backfill: false` in site.yml a
    /// chart not already backfilled says it starts at its first snapshot because of that.
    package func record(
        _ snapshot: Snapshot, repos: [RepoName], baseURL: URL?, now: Date, backfill: StarBackfill.Report? = nil,
        backfillOn: Bool = true
    ) async -> History {
        guard isReal else { return SampleHistory.history(for: snapshot) }
        await source.restoreHistory(file, baseURL: baseURL, log: log)
        let found = file.exists
        var history = file.load(now: now) { log.warning($0) }
        // An unreadable file was moved aside: restored as a missing one is, before anything new starts.
        if found, !file.exists {
            await source.restoreHistory(file, baseURL: baseURL, log: log)
            history = file.load(now: now) { log.warning($0) }
        }
        if recordsThisBuild {
            history.record(snapshot, repos: repos)
        } else {
            history.keepOnly(repos)
        }
        if let backfill {
            for name in repos {
                guard let update = backfill.updates[name.key] else { continue }
                history.mergeBackfill(name.key, update.points, start: update.start, complete: update.complete)
            }
        } else if !backfillOn {
            for name in repos where history.start(forKey: name.key)?.isBackfilled != true {
                history.setStart(name.key, .firstSnapshot(.backfillOff))
            }
        }
        return history
    }

    /// The whole history written to the cache's folder on a thread of its own while the site renders,
    /// to take the file's place after the site has taken its own (`save`); nil where this build
    /// saves none.
    func prepareSave(_ history: History) -> BackgroundWork<PendingFile>? {
        guard isReal, recordsThisBuild else { return nil }
        let file = file
        return BackgroundWork { try file.prepare(history) }
    }

    /// Saves the history: `prepared` put in place where the render wrote it; else as published (the
    /// site's `data/history.json`, copied in chunks: it can be large), or `whole` where the site
    /// published a cut of it. A failure costs a point of history, not the build.
    package func save(
        copying published: URL, whole: History? = nil, cut: Int? = nil,
        prepared: BackgroundWork<PendingFile>? = nil
    ) {
        guard isReal, recordsThisBuild else { return }
        do {
            if let prepared {
                try prepared.value().commit()
            } else if cut != nil, let whole {
                try file.save(whole)
            } else {
                try file.save(copying: published)
            }
        } catch {
            log.warning("could not save the history: \(ErrorText.describe(error))")
        }
    }
}
