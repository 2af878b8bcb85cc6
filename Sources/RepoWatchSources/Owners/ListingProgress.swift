import Foundation
import RepoWatchSupport

/// "Listing gitlab.com/gitlab-org: 200/1,340 repositories…": an owner's listing on another forge,
/// page after page, against the total its forge announces (GitLab's `x-total`, Gitea's
/// `X-Total-Count`), where GitHub's listing knows its last page from `Link`. A line every tenth of
/// the way, and none for a list of one page, one without a total, or one read from the cache alone.
struct ListingProgress {
    let owner: String
    let log: any BuildLog
    let quiet: Bool
    private var received = 0
    private var printed = 0

    init(owner: String, log: any BuildLog, reachesNetwork: Bool) {
        self.owner = owner
        self.log = log
        quiet = !(reachesNetwork && log.showsProgress)
    }

    /// A page of `count` entries came; `total`: what the forge says the whole list holds.
    mutating func add(_ count: Int, of total: Int?) {
        received += count
        guard !quiet, let total, total > 0, received < total || printed > 0 else { return }
        let step = max(1, total / 10)
        guard received >= total || received - printed >= step else { return }
        printed = received
        log.info(
            "Listing \(ConsoleText.inline(owner)): \(Formatting.grouped(min(received, total)))/"
                + "\(Formatting.plural(total, "repository", "repositories"))…")
    }
}
