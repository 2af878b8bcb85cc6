import Foundation
import RepoWatchModel
import RepoWatchSupport

/// The build's part of the notifications: the news it told goes into each `notify:` target's
/// queue (`.repowatch/notify/queue.json`), saved with the feed once the site is written. It never
/// sends: `repowatch-site notify` does, after the site that the messages link to is published.
struct NotifyStep: Sendable {
    let files: NotifyFiles
    /// Sample data, `--offline` and `serve` queue nothing: none of them is news to send.
    let queues: Bool
    let log: any BuildLog

    /// `reachedNetwork` is the network stack's answer (`SiteData.reachedNetwork`): a build that
    /// could not ask GitHub (samples, `--offline`) has nothing new to tell.
    init(options: BuildOptions, reachedNetwork: Bool, log: any BuildLog) {
        files = NotifyFiles(cacheDirectory: options.cacheURL)
        queues = reachedNetwork && !options.sample && options.recordsHistory && options.queuesNotifications
        self.log = log
    }

    /// The next queue; nil when this build leaves it as it is.
    func queue(news: [FeedEntry], targets: [NotifyTarget], now: Date) -> NotifyQueue? {
        guard queues else { return nil }
        let present = FileManager.default.fileExists(atPath: files.queueURL.path)
        guard !targets.isEmpty || present else { return nil }
        var queue = files.loadQueue { log.warning($0) }
        let notifyLog = files.loadLog { log.warning($0) }
        let pushedOut = queue.update(targets: targets, news: news, log: notifyLog, now: now)
        if pushedOut > 0 {
            log.warning(
                "\(Formatting.plural(pushedOut, "notification", "notifications")) waited too long and were dropped: "
                    + "no more than \(NotifyQueue.limit) wait for one target (has `repowatch-site notify` run?)")
        }
        return queue
    }

    /// After the site is written: a failure costs this build's entries, not the build.
    func save(_ queue: NotifyQueue) {
        do {
            try files.save(queue)
        } catch {
            log.warning("could not save the notifications' queue: \(ErrorText.describe(error))")
        }
    }
}
