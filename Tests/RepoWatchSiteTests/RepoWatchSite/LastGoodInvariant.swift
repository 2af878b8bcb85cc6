import Foundation

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources

/// What the last good build published, read back from its `public/`.
struct PublishedValues {
    var repos: [String: RepoSnapshot] = [:]
    /// Each repository's history point times.
    var history: [String: Set<UInt32>] = [:]
    /// The times of the points counted from GitHub's star history and fork dates.
    var backfilled: [String: Set<UInt32>] = [:]
    /// Where each chart starts.
    var starts: [String: HistoryStart] = [:]
    /// Each feed entry's id, with the repository it tells of.
    var feed: [String: String] = [:]
    /// Each owner card of `data/owners.json`, by owner.
    var owners: [String: OwnerCardValues] = [:]

    /// What an owner card showed.
    struct OwnerCardValues: Equatable {
        var state: String
        var stars: Int?
        var commits: Int?
        var languages: [String]
    }

    init(site: URL) throws {
        let snapshot = try Snapshot.decoder.decode(
            Snapshot.self, from: Data(contentsOf: site.appendingPathComponent(SiteLayout.snapshot)))
        for repo in snapshot.repos { repos[repo.configName.lowercased()] = repo }
        if let data = FileManager.default.contents(atPath: site.appendingPathComponent(SiteLayout.history).path) {
            let parsed = try History.parse(data)
            for key in parsed.sortedKeys {
                let points = parsed.points(forKey: key)
                history[key] = Set(points.map(\.seconds))
                backfilled[key] = Set(points.filter(\.backfilled).map(\.seconds))
                starts[key] = parsed.start(forKey: key)
            }
        }
        if let data = FileManager.default.contents(atPath: site.appendingPathComponent(SiteLayout.ownersJSON).path),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            for owner in object["owners"] as? [[String: Any]] ?? [] {
                owners[owner["owner"] as? String ?? "?"] = OwnerCardValues(
                    state: owner["state"] as? String ?? "?", stars: owner["stars"] as? Int,
                    commits: (owner["contributions"] as? [String: Any])?["commits"] as? Int,
                    languages: (owner["languages"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            }
        }
        if let data = FileManager.default.contents(atPath: site.appendingPathComponent("feed.xml").path) {
            for entry in try AtomReader(baseURL: URL(string: "https://site.test/")!).entries(data) {
                feed[entry.id] = entry.repo
            }
        }
    }
}

/// The promise, checked after one cell's build: what the reader sees, and what went wrong.
struct LastGoodInvariant {
    let cell: MatrixCell
    let before: PublishedValues
    let world: FaultWorld

    /// The words of the matrix's table for what the build showed.
    static func seen(_ repos: [RepoSnapshot], exitCode: Int32, cell: MatrixCell) -> String {
        var states: [String] = []
        for (name, holds) in [
            ("fresh", { (r: RepoSnapshot) in r.isAvailable && !r.stale }), ("stale", { $0.isAvailable && $0.stale }),
            ("no data", { !$0.isAvailable && !$0.isGone }), ("gone", { !$0.isAvailable && $0.isGone }),
        ] where repos.contains(where: holds) {
            states.append(name)
        }
        // An owner nothing could list, and nothing held, has no repositories on the site.
        var text = states.isEmpty ? "none shown" : states.joined(separator: " + ")
        // A rate limit, secondary or primary, holds every request after it, so whether it also catches
        // another source's contributor list is a race between requests (a primary limit on the REST
        // documents went both ways on a loaded machine); the table names only what the faulted source
        // decides.
        let raced = [.secondaryLimit, .primaryLimit].contains(cell.fault) && cell.source != .contributors
        if !raced, repos.contains(where: { $0.isAvailable && $0.contributorsNote == ContributorsNote.unavailable }) {
            text += "; contributors unavailable"
        }
        return text + (exitCode == 0 ? "" : "; exit \(exitCode)")
    }

    /// What the owner cards' rows add to the table: the card's state, and (`parts`) what it left out.
    static func ownerCardSeen(_ after: PublishedValues, owner: String = "b", parts: Bool = true) -> String {
        guard let card = after.owners[owner] else { return "; no owner card" }
        var text = "; owner card \(card.state)"
        guard parts else { return text }
        if card.commits == nil { text += " without contributions" }
        if card.languages.isEmpty { text += " without languages" }
        return text
    }

    /// A limit the build can wait out within `--max-wait` is waited out: every card it decides fresh.
    static func waitedOut(_ decided: [RepoSnapshot], cell: MatrixCell) -> [String] {
        guard cell.fault?.isWaitedOut == true else { return [] }
        return decided.filter { !$0.isAvailable || $0.stale }.map {
            "\($0.configName): \($0.staleness?.description ?? "not fresh") after a wait within --max-wait"
        }
    }

    /// What the star history and fork date rows add to the table: how far the repository with several
    /// pages got, against what the last good build published, and whether the fault was remembered as
    /// a refusal (asked again in 30 days).
    static func datesSeen(before: PublishedValues, after: PublishedValues, cache: URL) -> String {
        let key = FaultWorld.manyWeeks
        let (earlier, now) = (before.backfilled[key] ?? [], after.backfilled[key] ?? [])
        var text = "; backfill lost"
        if now == earlier {
            text = "; backfill as published"
        } else if earlier.isSubset(of: now) {
            text = "; backfill read on"
        }
        if !refusals(cache: cache).isEmpty { text += ", refusal remembered" }
        return text
    }

    /// The repositories whose fork dates GitHub refused, or whose star history the API did not offer,
    /// as the cache remembers, besides the one whose API never offers it.
    static func refusals(cache: URL) -> [String] {
        let forks = BackfillFile(cacheDirectory: cache).load().repos.filter { $0.value.forks.refused }.keys
        let now = MatrixTime.now
        let stars = StarHistoryFile(cacheDirectory: cache).load().repos
            .filter { $0.key != FaultWorld.notOffered && $0.value.notOffered(now: now) }.keys
        return forks.map { "\($0): fork dates" } + stars.map { "\($0): star history" }
    }

    func problems(_ repos: [RepoSnapshot], after: PublishedValues, exitCode: Int32, site: URL) -> [String] {
        var problems = remembered(cache: site.deletingLastPathComponent().appendingPathComponent(".repowatch"))
        // Another forge's failures are its own: no card sends its reader to GitHub for one.
        for repo in repos where RepoName.parse(repo.configName).value?.host != nil {
            if let words = repo.staleness?.description, words.contains("GitHub") {
                problems.append("\(repo.configName.lowercased()): says GitHub of another forge (\(words))")
            }
        }
        let allHaveData = repos.allSatisfy { $0.isAvailable || $0.pending }
        if exitCode != (allHaveData ? 0 : 1), cell.source?.listsOwner != true {
            problems.append("exit \(exitCode) though \(allHaveData ? "every" : "not every") repository has data")
        }
        if let reason = cell.byDesign {
            // A gone owner keeps no card, whatever held the last one (a 5xx keeps it: `ownerCards`).
            if cell.source?.listsOwner == true, cell.fault == .notFound, let owner = cell.source?.owner,
                after.owners[owner] != nil
            {
                problems.append("the owner is gone, yet its card stays")
            }
            return problems + designed(repos, exitCode: exitCode, reason: reason, site: site)
        }
        if repos.count != before.repos.count, cell.keepsCards {
            problems.append("\(repos.count) repositories, was \(before.repos.count)")
        }
        for repo in repos { problems += check(repo) }
        problems += ownerCards(after)
        problems += Self.complete(site, repos: repos, owners: Array(after.owners.keys))
        if !(cell.state == .neither && cell.source == .publishedHistory) {
            problems += kept(
                after, shown: Set(repos.map { $0.configName.lowercased() }),
                withData: Set(repos.filter(\.isAvailable).map { $0.configName.lowercased() }), site: site)
        }
        return problems
    }

    /// The repository's card: fresh only with this build's numbers; old ones said stale; nothing
    /// the last good build showed lost while anything here still holds it.
    private func check(_ repo: RepoSnapshot) -> [String] {
        let name = repo.configName.lowercased()
        guard let earlier = before.repos[name] else { return ["\(name) was not in the last good build"] }
        guard repo.isAvailable else {
            return cell.keepsCards
                ? ["\(name): \(repo.staleness?.description ?? "no data"), though the last good build had it"] : []
        }
        var problems: [String] = []
        let now = world.numbers(name)
        if !repo.stale {
            if repo.stars != now.stars {
                problems.append("\(name): fresh with \(repo.stars ?? -1) stars, not \(now.stars)")
            }
            if let pulls = repo.openPulls, pulls != now.pulls { problems.append("\(name): fresh with old pulls") }
            if !repo.contributors.isEmpty,
                repo.contributors.map(\.contributions) != world.people(name).map(\.contributions)
            {
                problems.append("\(name): fresh with old contributors")
            }
            if let release = repo.release, release.tag != world.release(name) {
                problems.append("\(name): fresh with an old release")
            }
        }
        guard cell.keepsCards else { return problems }
        if repo.stale, repo.stars != now.stars, repo.stars != earlier.stars {
            problems.append("\(name): stale with \(repo.stars ?? -1) stars, neither now's nor the last good")
        }
        if earlier.openPulls != nil, repo.openPulls == nil { problems.append("\(name): lost its pull requests count") }
        if earlier.release != nil, repo.release == nil { problems.append("\(name): lost its release") }
        if earlier.language != nil, repo.language == nil { problems.append("\(name): lost its language") }
        if !earlier.contributors.isEmpty, repo.contributors.isEmpty {
            problems.append("\(name): lost its contributors (\(repo.contributorsNote ?? "no note"))")
        }
        let faces = [repo.ownerAvatar] + repo.contributors.map(\.avatar)
        if earlier.ownerAvatar?.hasSuffix(".svg") == false, faces.contains(where: { $0?.hasSuffix(".svg") ?? true }) {
            problems.append("\(name): a face became a placeholder")
        }
        return problems
    }

    /// The owner's cards: fresh only with this build's numbers; the last good ones said stale; nothing
    /// the last good cards showed lost while anything here holds them.
    private func ownerCards(_ after: PublishedValues) -> [String] {
        var problems: [String] = []
        for (owner, earlier) in before.owners {
            let stars = (FaultWorld.ownedBy[owner] ?? []).reduce(0) { $0 + world.numbers($1).stars }
            guard let card = after.owners[owner] else {
                if cell.keepsCards { problems.append("owner \(owner): its cards are gone") }
                continue
            }
            if card.state == "fresh" {
                if card.stars != stars { problems.append("owner \(owner): fresh with \(card.stars ?? -1) stars") }
                // What nothing holds and GitHub did not give is left out, never old.
                if let commits = card.commits, commits != world.commits {
                    problems.append("owner \(owner): fresh with old contributions")
                }
                if let first = card.languages.first, first != world.language(FaultWorld.owned[0]) {
                    problems.append("owner \(owner): fresh with old languages (\(card.languages))")
                }
            }
            guard cell.keepsCards else { continue }
            if card.state == "stale", let commits = card.commits, commits != world.commits, commits != earlier.commits {
                problems.append("owner \(owner): stale with contributions neither now's nor the last good")
            }
            if earlier.commits != nil, card.commits == nil { problems.append("owner \(owner): lost its contributions") }
            if !earlier.languages.isEmpty, card.languages.isEmpty {
                problems.append("owner \(owner): lost its languages")
            }
        }
        return problems
    }

    /// `public/` whole: every repository the site shows has its page, its widgets and their SVGs,
    /// every owner card its page and its SVG.
    static func complete(_ site: URL, repos: [RepoSnapshot], owners: [String]) -> [String] {
        let widgets = ["index.html", "medium.html", "large.html", "medium.svg", "large-dark.svg"]
        let files =
            repos.flatMap { repo in widgets.map { SiteLayout.repoFolder(configName: repo.configName) + $0 } }
            + owners.flatMap { owner in ["index.html", "stats.svg"].map { "owners/\(owner.lowercased())/\($0)" } }
            + [SiteLayout.index, SiteLayout.snapshot, SiteLayout.reposJSON, SiteLayout.ownersJSON]
        return files.filter { !FileManager.default.fileExists(atPath: site.appendingPathComponent($0).path) }.map {
            "public/ lacks \($0)"
        }
    }

    /// Only a refusal is remembered (a fault would hide the history for 30 days), and a remembered one
    /// is not asked about again. `NOT_FOUND` on the fork dates' query and a 404 on the star history
    /// are how GitHub refuses them, so there it is remembered, by design.
    private func remembered(cache: URL) -> [String] {
        let refusalAsked = cell.fault == .notFound && (cell.source == .backfill || cell.source == .starHistory)
        var problems =
            refusalAsked ? [] : Self.refusals(cache: cache).map { "\($0): a fault remembered as a refusal" }
        if cell.state.hasCache {
            let asked = world.requests.compactMap(\.url?.path)
            if asked.contains("/repos/\(FaultWorld.notOffered)/stargazers/history") {
                problems.append("\(FaultWorld.notOffered): star history asked again within 30 days of a 404")
            }
        }
        return problems
    }

    /// Every history point and feed entry of the last good build is still published, and every chart
    /// that started at GitHub's star history still does.
    private func kept(_ after: PublishedValues, shown: Set<String>, withData: Set<String>, site: URL) -> [String] {
        var problems: [String] = []
        for (key, start) in before.starts where start.isBackfilled && shown.contains(key) {
            if after.starts[key] != start {
                let now = after.starts[key].map { "\($0.from.rawValue) \($0.reason?.rawValue ?? "")" } ?? "none"
                problems.append("\(key): its chart no longer starts at the \(start.from.rawValue) (now: \(now))")
            }
            // A repository without data now has a page that says so, without a chart.
            guard withData.contains(key) else { continue }
            let page =
                (try? String(contentsOf: site.appendingPathComponent("repos/\(key)/index.html"), encoding: .utf8))
            if page?.contains("data-history-start=\"\(start.from.rawValue)\"") != true {
                problems.append("\(key): its page's chart does not say it starts at the \(start.from.rawValue)")
            }
        }
        // A repository not on the site now (an owner nothing could list) has no history there.
        for (key, times) in before.history where shown.contains(key) && !times.isSubset(of: after.history[key] ?? []) {
            problems.append(
                "\(key): history points lost (\(times.count) before, \(after.history[key]?.count ?? 0) now)")
        }
        let lost = before.feed.filter { shown.contains($0.value) && after.feed[$0.key] == nil }
        if !lost.isEmpty { problems.append("feed entries lost (\(lost.count))") }
        return problems
    }

    /// The cells where the promise gives way, by design: each still holds its own rule.
    private func designed(_ repos: [RepoSnapshot], exitCode: Int32, reason: String, site: URL) -> [String] {
        var problems: [String] = []
        if exitCode != 1 && !cell.isSameAsAnother { problems.append("\(reason), yet exit \(exitCode)") }
        if cell.offline {
            let page =
                (try? String(contentsOf: site.appendingPathComponent("repos/a/one/large.html"), encoding: .utf8)) ?? ""
            if page.contains("--offline") || page.isEmpty {
                problems.append("the public card names a command-line option")
            }
        }
        return problems
    }
}
