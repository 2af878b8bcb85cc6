import RepoWatchModel

/// The string-table keys a card and its badges use for what the forge counts: GitHub's pull
/// requests and last push; GitLab's merge requests and last activity (`last_activity_at` moves with
/// an issue or a comment too, so calling it a push would be wrong); Gitea's and Forgejo's pull
/// requests and last update (`updated_at` moves with any change to the repository, a push or not).
struct ForgeWords: Sendable, Equatable {
    var openPulls = "open_pulls"
    var pullsTitle = "pulls_title"
    var lastPushed = "last_pushed"
    var lastPushedToday = "last_pushed_today"
    var noPushes = "no_pushes"
    var neverPushed = "never_pushed"
    var badgePulls = "badge_pulls"
    var badgeDays = "badge_days"

    static let gitHub = ForgeWords()
    static let gitLab = ForgeWords(
        openPulls: "open_merge_requests", pullsTitle: "merge_requests_title", lastPushed: "last_activity",
        lastPushedToday: "last_activity_today", noPushes: "no_activity", neverPushed: "never_active",
        badgePulls: "badge_merge_requests", badgeDays: "badge_activity")
    static let gitea = ForgeWords(
        lastPushed: "last_updated", lastPushedToday: "last_updated_today", noPushes: "no_updates",
        neverPushed: "never_updated", badgeDays: "badge_updated")

    init(
        openPulls: String = "open_pulls", pullsTitle: String = "pulls_title", lastPushed: String = "last_pushed",
        lastPushedToday: String = "last_pushed_today", noPushes: String = "no_pushes",
        neverPushed: String = "never_pushed", badgePulls: String = "badge_pulls", badgeDays: String = "badge_days"
    ) {
        self.openPulls = openPulls
        self.pullsTitle = pullsTitle
        self.lastPushed = lastPushed
        self.lastPushedToday = lastPushedToday
        self.noPushes = noPushes
        self.neverPushed = neverPushed
        self.badgePulls = badgePulls
        self.badgeDays = badgeDays
    }

    init(_ kind: ForgeKind) {
        switch kind {
        case .github: self = .gitHub
        case .gitlab: self = .gitLab
        case .gitea, .forgejo: self = .gitea
        }
    }
}
