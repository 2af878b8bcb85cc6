import Foundation
import RepoWatchNetwork
import RepoWatchSupport

/// `repowatch-site cache info|prune|clear`: the HTTP cache beside site.yml (or `--cache-dir`).
package struct CacheUpkeep: Sendable {
    package enum Action: String, Sendable, CaseIterable {
        case info, prune, clear
    }

    /// The cache's location comes from the same options as a build's.
    package let options: BuildOptions
    package let log: any BuildLog

    package init(options: BuildOptions, log: any BuildLog) {
        self.options = options
        self.log = log
    }

    /// - Returns: the lines to print. Pruning and clearing wait for a build using the cache
    ///   (`--lock-wait`), like a second build would.
    package func run(_ action: Action) async throws -> [String] {
        let now = try SiteInputs.now(options)
        let directory = options.cacheURL
        let maintenance = CacheMaintenance(cache: ResponseCache(directory: directory, now: now))
        switch action {
        case .info:
            return maintenance.inventory().summary(directory: directory)
        case .prune, .clear:
            guard FileManager.default.fileExists(atPath: directory.path) else {
                return ["\(directory.path): no cache yet"]
            }
            let locks = try await BuildLocks.acquire(output: nil, cache: directory, wait: options.lockWait, log: log)
            defer { locks.release() }
            if action == .prune {
                return [maintenance.prune().summary(" unused for over \(CacheLifetimes.retentionDays) days")]
            }
            return [maintenance.clear().summary() + "; the history is kept"]
        }
    }
}

extension Build {
    /// The end of every build that used the cache (what it used was marked used today as it went):
    /// unless `--keep-cache`, what nobody used for the retention period goes.
    func keepTidy(_ cache: ResponseCache) {
        guard !options.keepCache else { return }
        let removal = CacheMaintenance(cache: cache).prune(keeping: cache.usage.contains)
        if removal.entries > 0 {
            log.info(removal.summary(" unused for over \(CacheLifetimes.retentionDays) days"))
        }
    }
}
