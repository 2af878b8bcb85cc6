import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// A GitLab card says what GitLab counts: merge requests, and the last activity (which moves with an
/// issue or a comment too, so it is no push); a Gitea or Forgejo card the last update (its
/// `updated_at` moves with any change); a GitHub card says what it said. In every shipped language,
/// on the card's stats, its spoken labels and its badges.
@Suite("Forge words: GitLab's cards say merge requests and last activity")
struct ForgeWordsTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    /// Every shipped string table (LocaleTests pins which they are).
    static let locales = LocaleCatalog.builtIn.shipped

    static func repo(days: Int?) -> RepoSnapshot {
        RepoSnapshot(
            configName: "gitlab.com/group/project", fullName: "gitlab.com/group/project",
            htmlURL: "https://gitlab.com/group/project", stars: 12, forks: 3, openIssues: 4, hasIssues: true,
            openPulls: 7, openIssuesIncludePulls: false, daysSincePush: days, fetchedAt: now)
    }

    @Test("GitLab's words on the card and the badges, in English")
    func english() {
        let card = RepoCard(Self.repo(days: 3), sample: false, now: Self.now, forge: .gitlab)
        #expect(card.pulls?.title == "Open merge requests")
        #expect(card.pulls?.label == "7 open merge requests")
        #expect(card.days?.label == "Last activity 3 days ago")
        let today = RepoCard(Self.repo(days: 0), sample: false, now: Self.now, forge: .gitlab)
        #expect(today.days?.label == "Last activity today")
        let never = RepoCard(Self.repo(days: nil), sample: false, now: Self.now, forge: .gitlab)
        #expect(never.days?.label == "No activity yet" && never.days?.caption == "no activity")
        #expect(Badge(.pulls, repo: Self.repo(days: 3), strings: .english, forge: .gitlab).label == "merge requests")
        #expect(Badge(.days, repo: Self.repo(days: 3), strings: .english, forge: .gitlab).label == "last activity")
    }

    @Test("GitHub's cards keep their words")
    func gitHubUnchanged() {
        let card = RepoCard(Self.repo(days: 3), sample: false, now: Self.now)
        #expect(card.pulls?.title == "Open pull requests")
        #expect(card.days?.label == "Last pushed 3 days ago")
        #expect(Badge(.pulls, repo: Self.repo(days: 3), strings: .english).label == "pull requests")
        #expect(Badge(.days, repo: Self.repo(days: 3), strings: .english).label == "last push")
    }

    @Test("every shipped language has GitLab's words of its own, none of them GitHub's", arguments: locales)
    func everyLocale(_ locale: String) {
        let strings = LocaleTables(locales: Self.locales).table(for: locale)
        for days in [0, 1, 2, 3, 11, 100, nil] as [Int?] {
            let gitHub = RepoCard(Self.repo(days: days), sample: false, strings: strings, now: Self.now)
            let gitLab = RepoCard(Self.repo(days: days), sample: false, strings: strings, now: Self.now, forge: .gitlab)
            #expect(gitLab.days?.label != gitHub.days?.label, "\(locale) \(String(describing: days))")
            #expect(!(gitLab.days?.label ?? "").isEmpty && !(gitLab.days?.label ?? "").contains("{"))
        }
        let gitHub = RepoCard(Self.repo(days: 3), sample: false, strings: strings, now: Self.now)
        let gitLab = RepoCard(Self.repo(days: 3), sample: false, strings: strings, now: Self.now, forge: .gitlab)
        #expect(gitLab.pulls?.title != gitHub.pulls?.title, "\(locale)")
        #expect(gitLab.pulls?.label != gitHub.pulls?.label && !(gitLab.pulls?.label ?? "{").contains("{"))
        for kind in [Badge.Kind.pulls, .days] {
            let mine = Badge(kind, repo: Self.repo(days: 3), strings: strings, forge: .gitlab)
            #expect(mine.label != Badge(kind, repo: Self.repo(days: 3), strings: strings).label, "\(locale) \(kind)")
        }
    }

    @Test(
        "a Gitea or Forgejo card says the last update (its updated_at counts any change), not a push",
        arguments: [ForgeKind.gitea, .forgejo])
    func giteaEnglish(_ forge: ForgeKind) {
        let card = RepoCard(Self.repo(days: 3), sample: false, now: Self.now, forge: forge)
        #expect(card.days?.label == "Last updated 3 days ago")
        #expect(card.pulls?.title == "Open pull requests")
        let today = RepoCard(Self.repo(days: 0), sample: false, now: Self.now, forge: forge)
        #expect(today.days?.label == "Last updated today")
        let never = RepoCard(Self.repo(days: nil), sample: false, now: Self.now, forge: forge)
        #expect(never.days?.label == "Never updated" && never.days?.caption == "no updates")
        #expect(Badge(.days, repo: Self.repo(days: 3), strings: .english, forge: forge).label == "last update")
        #expect(Badge(.pulls, repo: Self.repo(days: 3), strings: .english, forge: forge).label == "pull requests")
    }

    @Test("every shipped language has Gitea's words of its own, neither GitHub's nor GitLab's", arguments: locales)
    func giteaEveryLocale(_ locale: String) {
        let strings = LocaleTables(locales: Self.locales).table(for: locale)
        for days in [0, 1, 2, 3, 11, 100, nil] as [Int?] {
            let repo = Self.repo(days: days)
            let gitea = RepoCard(repo, sample: false, strings: strings, now: Self.now, forge: .gitea)
            let others = [ForgeKind.github, .gitlab].map {
                RepoCard(repo, sample: false, strings: strings, now: Self.now, forge: $0).days?.label
            }
            #expect(!others.contains(gitea.days?.label), "\(locale) \(String(describing: days))")
            #expect(!(gitea.days?.label ?? "").isEmpty && !(gitea.days?.label ?? "").contains("{"))
        }
        let badge = Badge(.days, repo: Self.repo(days: 3), strings: strings, forge: .forgejo).label
        for other in [ForgeKind.github, .gitlab] {
            #expect(badge != Badge(.days, repo: Self.repo(days: 3), strings: strings, forge: other).label, "\(locale)")
        }
    }

    @Test("a GitLab card's latest release links to GitLab's permalink of the latest release")
    func releaseLink() {
        var repo = Self.repo(days: 3)
        repo.release = RepoRelease(tag: "v1.0.0", publishedAt: Self.now)
        let gitLab = RepoCard(repo, sample: false, now: Self.now, forge: .gitlab)
        #expect(gitLab.release?.htmlURL == "https://gitlab.com/group/project/-/releases/permalink/latest")
        repo.htmlURL = "https://github.com/octo/cat"
        #expect(
            RepoCard(repo, sample: false, now: Self.now).release?.htmlURL
                == "https://github.com/octo/cat/releases/latest")
    }
}
