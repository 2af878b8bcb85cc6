import Foundation
import RepoWatchModel
import RepoWatchSources
import RepoWatchSupport

/// Step 3b, tell what changed: the feed's memory (restored first when a lost cache took it), this
/// build's events added to it, and saved once the site is written. What each repository looked
/// like is written aside before the render (`FeedFile.stageMemory`), which needs the entries only.
package struct FeedStep: Sendable {
    package let file: FeedFile
    /// False for `--sample`: made-up numbers are told (so the feed has a shape) but never remembered.
    package let isReal: Bool
    /// False for `serve`'s rebuilds after an edit, which are not new data.
    package let savesThisBuild: Bool
    package let source: any SiteSource
    package let log: any BuildLog

    package init(options: BuildOptions, source: any SiteSource, log: any BuildLog) {
        file = FeedFile(cacheDirectory: options.cacheURL)
        isReal = !options.sample
        savesThisBuild = options.recordsHistory
        self.source = source
        self.log = log
    }

    package func update(_ snapshot: Snapshot, baseURL: URL?, now: Date) async -> FeedState {
        var state = FeedState()
        if isReal {
            await source.restoreFeed(file, baseURL: baseURL, log: log)
            state = file.load(now: now) { log.warning($0) }
        }
        state.observe(snapshot, ids: FeedIDs(baseURL: baseURL), now: now)
        if isReal, savesThisBuild {
            do {
                try file.stageMemory(of: &state)
            } catch {
                log.warning("could not stage the feed's memory (\(error)); it is kept until the site is written")
            }
        }
        return state
    }

    /// After the site is written: a failure costs the feed's memory of this build, not the build.
    package func save(_ state: FeedState) {
        guard isReal, savesThisBuild else { return }
        do {
            try file.save(state)
        } catch {
            log.warning("could not save the feed: \(error)")
        }
    }
}
