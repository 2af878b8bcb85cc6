import Foundation
import RepoWatchSupport

extension FeedState {
    /// A repository pushed after more than this many quiet days "woke up": its card's pink number
    /// turns green (the card's own threshold).
    package static let quietDays = 50

    /// Tells what changed since the last build and remembers what this one saw (in `repos`). A
    /// repository seen for the first time brings at most one entry, its latest release: no backlog
    /// of milestones it passed long ago. Stale data (the cache or the previous site standing in)
    /// tells nothing.
    /// - Returns: the news: the entries told of repositories an earlier build saw (`observe(_:ids:now:forges:recall:remember:)`).
    @discardableResult
    package mutating func observe(_ snapshot: Snapshot, ids: FeedIDs, now: Date, forges: Forges = Forges())
        -> [FeedEntry]
    {
        var memories = repos
        repos = [:]
        memories.reserveCapacity(snapshot.repos.count)
        let news = observe(
            snapshot, ids: ids, now: now, forges: forges, recall: { memories[$0] }, remember: { memories[$0] = $1 })
        repos = memories
        return news
    }

    /// The same, the memory kept elsewhere: `recall` gives what the last build saw of a key,
    /// `remember` is told what the next build will recall, once for each repository of the site
    /// that has any (a streamed table: `FeedMemoryTable`). Repositories no longer in the site are
    /// not remembered: back later, they are new again.
    /// `forges`: what each repository's host runs, whose words its entries say.
    /// - Returns: the news, for the notifications: what was told of repositories an earlier build saw
    ///   and not told before. A repository seen for the first time (a first build, one just added, or
    ///   every one after the memory was lost) brings none: its latest release is the feed's, not news.
    @discardableResult
    package mutating func observe(
        _ snapshot: Snapshot, ids: FeedIDs, now: Date, forges: Forges = Forges(), recall: (String) -> FeedMemory?,
        remember: (String, FeedMemory) -> Void
    ) -> [FeedEntry] {
        if started == nil { started = now }
        var told: [FeedEntry] = []
        var news: [FeedEntry] = []
        var hiddenReleases: Set<String> = []
        for repo in snapshot.repos {
            // A first build of 100,000 repositories tells 100,000 releases, of which the feed keeps
            // `limit`: only the newest are held as they come (ids name their repository, which a
            // site lists once, so none is dropped here and told again later).
            if told.count >= 4 * Self.limit { told = Self.newest(untold(told)) }
            let key = repo.configName.lowercased()
            let memory = Self.withoutHiddenRelease(recall(key), of: repo, key: key, hidden: &hiddenReleases)
            if repo.stale {
                if let memory { remember(key, memory) }
                continue
            }
            // Only a name whose first part is a host is another forge's (`OWNER/NAME` is GitHub's).
            let onForge = repo.configName.prefix { $0 != "/" }.contains(".")
            let forge = onForge ? RepoName.parse(repo.configName).value.map(forges.kind(of:)) ?? .github : .github
            let events = FeedEvents(repo: repo, key: key, ids: ids, now: now, forge: forge)
            if !repo.isAvailable {
                guard repo.isGone, !repo.failureIsTransient, var memory, !memory.gone else {
                    if let memory { remember(key, memory) }
                    continue
                }
                told.append(events.gone())
                news.append(events.gone())
                memory.gone = true
                remember(key, memory)
                continue
            }
            guard let memory else {
                told += events.release(since: nil).map { [$0] } ?? []
                remember(key, FeedMemory(repo))
                continue
            }
            let changes = events.changes(since: memory)
            told += changes
            news += changes
            var next = FeedMemory(repo)
            next.milestones = Array(Set(memory.milestones + next.milestones)).sorted()
            // The release comes from GraphQL, which may fail alone: not knowing is not "no release".
            next.release = next.release ?? memory.release
            remember(key, next)
        }
        if !hiddenReleases.isEmpty {
            entries.removeAll { $0.kind == .release && hiddenReleases.contains($0.repo) }
        }
        withheldReleases = hiddenReleases
        news = untold(news)
        add(told)
        return news
    }
}

extension FeedState {
    /// Releases its forge now shows to the project's members only: the ones told go (`hidden` gathers
    /// the keys) and the last tag is forgotten; a stale card knows it from the cache as well.
    static func withoutHiddenRelease(
        _ memory: FeedMemory?, of repo: RepoSnapshot, key: String, hidden: inout Set<String>
    ) -> FeedMemory? {
        guard repo.membersOnly.contains(.release) else { return memory }
        hidden.insert(key)
        guard var memory else { return nil }
        memory.release = nil
        return memory
    }
}

/// The entries one repository's new data tells, against what the last build saw.
struct FeedEvents {
    let repo: RepoSnapshot
    let key: String
    let ids: FeedIDs
    let now: Date
    var forge = ForgeKind.github

    var name: String { repo.fullName ?? repo.configName }

    func changes(since memory: FeedMemory) -> [FeedEntry] {
        var told: [FeedEntry] = []
        if let renamed = renamed(since: memory) { told.append(renamed) }
        if let release = release(since: memory.release) { told.append(release) }
        if let milestone = milestone(told: memory.milestones) { told.append(milestone) }
        if let woke = woke(since: memory.pushedAt) { told.append(woke) }
        if repo.archived == true, !memory.archived {
            told.append(
                entry(
                    .archived, "archived/\(Self.day(now))", "\(name) was archived",
                    "The repository is now read-only on \(forgeName).", at: now, facts: facts))
        }
        return told
    }

    func release(since previous: String?) -> FeedEntry? {
        guard let release = repo.release, release.tag != previous else { return nil }
        let date = release.publishedAt.map { " on \(Formatting.day($0))" } ?? ""
        var facts = facts
        facts.tag = release.tag
        facts.date = release.publishedAt
        return entry(
            .release, "release/\(FeedIDs.segment(release.tag))", "\(name) released \(release.tag)",
            "\(name) published the release \(release.tag)\(date).", at: release.publishedAt ?? now, facts: facts)
    }

    /// The highest milestone newly passed; the ones under it are remembered as told too.
    func milestone(told: [Int]) -> FeedEntry? {
        guard let stars = repo.stars, let top = StarMilestones.passed(by: stars).last(where: { !told.contains($0) })
        else { return nil }
        var facts = facts
        facts.milestone = top
        facts.stars = stars
        return entry(
            .milestone, "stars/\(top)", "\(name) passed \(Formatting.grouped(top)) stars",
            "\(name) has \(Formatting.grouped(stars)) stars.", at: now, facts: facts)
    }

    func woke(since previous: Date?) -> FeedEntry? {
        guard let previous, let pushed = repo.pushedAt,
            pushed.timeIntervalSince(previous) > Double(FeedState.quietDays) * 86_400
        else { return nil }
        let quiet = Snapshot.daysSince(previous, now: pushed)
        var facts = facts
        facts.date = pushed
        facts.quietDays = quiet
        // The forge's date says what it counts: GitLab's any activity, Gitea's any update.
        let happened =
            switch forge {
            case .github: "was pushed to"
            case .gitlab: "had activity"
            case .gitea, .forgejo: "was updated"
            }
        return entry(
            .woke, "woke/\(Formatting.iso(pushed))", "\(name) is active again",
            "\(name) \(happened) on \(Formatting.day(pushed)) after \(quiet) quiet days.", at: pushed, facts: facts)
    }

    func renamed(since memory: FeedMemory) -> FeedEntry? {
        guard let old = memory.fullName, let new = repo.fullName, old.lowercased() != new.lowercased() else {
            return nil
        }
        var facts = facts
        facts.oldName = old
        facts.newName = new
        facts.configName = repo.configName
        return entry(
            .renamed, "renamed/\(FeedIDs.segment(new.lowercased()))", "\(old) was renamed to \(new)",
            "\(forgeName) now calls \(old) \(new); this site still lists it as \(repo.configName).", at: now,
            facts: facts)
    }

    func gone() -> FeedEntry {
        var facts = facts
        facts.configName = repo.configName
        return entry(
            .gone, "gone/\(Self.day(now))", "\(name) is gone from \(forgeName)",
            "\(forgeName) answers 404 for \(repo.configName): deleted, made private, or out of the token's reach.",
            at: now, facts: facts)
    }

    /// What every kind's text names: the repository, and its description, as its forge has them now.
    var facts: FeedFacts {
        var facts = FeedFacts(name: name, about: repo.description.flatMap { $0.isEmpty ? nil : $0 })
        facts.forge = forge == .github ? nil : forge
        facts.host = forge == .github ? nil : RepoName.parse(repo.configName).value?.host
        return facts
    }

    /// Who answers for the repository, as its archived, renamed and gone entries say it: GitHub, or
    /// another forge's host (`gitlab.com`), which is what a reader knows the repository by.
    var forgeName: String { facts.host ?? "GitHub" }

    /// The summary ends with the repository's description. The English text is stored with the facts
    /// it came from: a feed in another language is told from the facts (`FeedText`).
    private func entry(
        _ kind: FeedEntry.Kind, _ detail: String, _ title: String, _ summary: String, at date: Date,
        facts: FeedFacts
    ) -> FeedEntry {
        let about = facts.about.map { "\n\n" + $0 } ?? ""
        return FeedEntry(
            id: ids.id("\(key)/\(detail)"), repo: key, kind: kind, title: title, summary: summary + about,
            updated: date, facts: facts)
    }

    private static func day(_ date: Date) -> String { String(Formatting.iso(date).prefix(10)) }
}
