import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Counts open issues and open pull requests apart through GitHub's GraphQL API, a batch of
/// repositories per query. GraphQL needs a token; without one, or when GitHub fails, cards keep
/// REST's combined count and say so, and the build goes on.
package struct OpenCountsFetcher: Sendable {
    /// Nil when GraphQL is not asked, for the reason `skipped` gives (GraphQL needs a token).
    package let client: GraphQLClient?
    package let skipped: Report.Skipped?
    package let cache: OpenCountsCache
    package let log: any BuildLog
    package let now: Date

    /// - Parameter url: nil when there is no usable GraphQL URL.
    package init(
        url: URL?, token: String?, userAgent: String, stack: NetworkStack, cacheDirectory: URL, log: any BuildLog,
        now: Date
    ) {
        switch (stack.reachesNetwork, token.flatMap { $0.isEmpty ? nil : $0 }, url) {
        case (false, _, _): (client, skipped) = (nil, .offline)
        case (_, nil, _): (client, skipped) = (nil, .noToken)
        case (_, _, nil): (client, skipped) = (nil, .noEndpoint)
        case (_, let token?, let url?):
            (client, skipped) = (GraphQLClient(url: url, token: token, userAgent: userAgent, stack: stack), nil)
        }
        cache = OpenCountsCache(cacheDirectory: cacheDirectory)
        self.log = log
        self.now = now
    }

    /// What this build learnt, for `apply(to:)` and the summary line.
    package struct Report: Sendable, Equatable {
        package enum Skipped: Sendable, Equatable { case noToken, offline, noEndpoint }

        /// Counted in this build, by position in the site's list.
        package var fresh = CountsTable()
        /// Counted by an earlier build, and when: used offline, and where GraphQL did not count a
        /// repository now (its card then says it is stale).
        package var cached: [String: OpenCountsCache.Kept] = [:]
        package var queries = 0
        package var cost = 0
        package var remaining: Int?
        package var limit: Int?
        package var skipped: Skipped?
        /// Why some or all repositories were not counted apart.
        package var problem: String?
        /// What GitHub could not resolve (a repository `NOT_FOUND`, a field it refused).
        var unresolved: [String] = []
    }

    package func fetch(_ repos: [RepoName]) async -> Report {
        await RepositoryCards(self, repos: repos, order: Array(repos.indices), wantsCard: { _ in false }).report()
    }

    /// The end of the queries: what could not be counted apart is said once, and the counts are
    /// kept for offline builds.
    /// `leavingOut`: whether the site leaves the repository at a position, counted so, out (private).
    package func finish(
        _ report: inout Report, keeping configured: [RepoName],
        leavingOut: (Int, OpenCounts) -> Bool = { _, _ in false }
    ) {
        guard client != nil else { return }
        // Not warnings: the build is complete and honest without the split (the cards say what they
        // count), and a GitHub Enterprise server without GraphQL would warn on every build.
        if let problem = report.problem {
            log.info(
                "open issues and pull requests could not be counted apart (\(problem)); "
                    + "those cards show GitHub's combined count")
        } else if !report.unresolved.isEmpty {
            let unresolved = report.unresolved
            report.problem = unresolved[0]
            log.info(
                "GraphQL could not count \(Formatting.plural(unresolved.count, "repository", "repositories")) "
                    + "apart (\(unresolved[0])); their cards show GitHub's combined count")
        }
        if report.fresh.count > 0 {
            cache.save(report.fresh, of: configured, now: now, leavingOut: leavingOut)
        }
    }
}

extension OpenCountsFetcher.Report {
    /// Splits each repository's count where it is known: counted now, or (offline, or when the
    /// repository's own data is stale) counted by an earlier build. Elsewhere REST's combined count
    /// stays, flagged `openIssuesIncludePulls`. `repos`: the site's list, in its order.
    package func apply(to repos: [RepoSnapshot]) -> [RepoSnapshot] {
        repos.enumerated().map { position, repo in
            var repo = repo
            apply(to: &repo, at: position)
            return repo
        }
    }

    /// - Parameters:
    ///   - position: the repository's in the site's list.
    ///   - earlier: counts from elsewhere (the previous site) for when the cache has none.
    package func apply(
        to repo: inout RepoSnapshot, at position: Int, earlier: OpenCountsCache.Kept? = nil
    ) {
        guard repo.isAvailable else { return }
        let key = repo.configName.lowercased()
        var counts = fresh[position]
        // Asked and not answered (GraphQL failing, the repository left out of its answer): the last
        // counts stand in, so no number, release or language the site showed is lost, and the card
        // says how old they are. Without a token nothing was asked: REST's combined count is the answer.
        if counts == nil, skipped == .offline || repo.stale || skipped == nil, let kept = cached[key] ?? earlier {
            counts = kept.counts
            if !repo.stale {
                repo.stale = true
                repo.staleness = .uncounted(problem ?? "GraphQL failed")
            }
            if let fetchedAt = repo.fetchedAt, kept.storedAt < fetchedAt { repo.fetchedAt = kept.storedAt }
        }
        guard let counts else { return }
        repo.openIssues = counts.issues
        repo.openPulls = counts.pulls
        repo.openIssuesIncludePulls = false
        repo.release = counts.release ?? repo.release
        repo.language = counts.language ?? repo.language
        // Private if either answer says so: a stale one of the two must not publish a repository
        // that has become private (one that has become public waits a build at most).
        repo.isPrivate = repo.isPrivate || counts.isPrivate == true
    }

    /// The GraphQL part of the build summary, beside the REST quota.
    package var summary: String {
        switch skipped {
        case .noToken: return "issues include pull requests (counting them apart needs a token for GraphQL)"
        case .offline: return "GraphQL counts from the cache"
        case .noEndpoint: return "issues include pull requests (no GraphQL URL)"
        case nil: break
        }
        var line =
            "GraphQL: \(Formatting.plural(queries, "query", "queries")), cost \(Formatting.plural(cost, "point", "points"))"
        if let remaining {
            line += ", \(Formatting.grouped(remaining))"
            if let limit { line += " of \(Formatting.grouped(limit))" }
            line += " remaining"
        }
        if problem != nil { line += "; some issue counts include pull requests" }
        return line
    }
}

/// The last counts GraphQL gave, per repository, in `open-counts.json` beside the response cache:
/// what `--offline` builds and outages show. Holds numbers and names only, never the token.
package struct OpenCountsCache: Sendable {
    package let url: URL

    package init(cacheDirectory: URL) {
        url = KeptFile.openCounts.url(cache: cacheDirectory)
    }

    private struct Entry: Codable {
        var issues: Int
        var pulls: Int
        var storedAt: Date
        /// Absent in files written before they were kept.
        var release: RepoRelease?
        var language: RepoLanguage?

        enum CodingKeys: String, CodingKey {
            case issues, pulls, release, language
            case storedAt = "stored_at"
        }
    }

    /// Counts an earlier build made, and when.
    package struct Kept: Sendable, Equatable {
        package var counts: OpenCounts
        package var storedAt: Date

        package init(_ counts: OpenCounts, storedAt: Date) {
            self.counts = counts
            self.storedAt = storedAt
        }
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// A missing or unreadable file is an empty cache. Read an entry at a time (`JSONEntryStream`): decoded
    /// whole, the file of a site of 100,000 repositories took several times its size in memory.
    package func load() -> [String: Kept] {
        let entries = JSONEntryStream.schema1Entries(url.path, decoder: Self.decoder) { (key, entry: Entry) in
            RepoName.parse(key).value?.key == key
                ? Kept(
                    OpenCounts(
                        issues: entry.issues, pulls: entry.pulls, release: entry.release, language: entry.language),
                    storedAt: entry.storedAt) : nil
        }
        return entries ?? [:]
    }

    /// Adds this build's counts to the file; repositories no longer configured are dropped. The
    /// earlier file is read only when some configured repository was not counted now; the file is
    /// written as text, entry by entry, in the site's order (an encoder holds a tree of the whole
    /// document: for 100,000 repositories, several times the file). A name appears once.
    /// `leavingOut`: positions whose repository the site leaves out (private): not kept, nor an
    /// earlier entry of theirs.
    package func save(
        _ fresh: CountsTable, of configured: [RepoName], now: Date,
        leavingOut: (Int, OpenCounts) -> Bool = { _, _ in false }
    ) {
        var earlier: [String: Entry] = [:]
        if fresh.count < configured.count {
            earlier =
                JSONEntryStream.schema1Entries(url.path, decoder: Self.decoder) { (_, entry: Entry) in entry } ?? [:]
        }
        let stamp = ISO8601.string(now)
        do {
            try JSONEntryStream.writeSchema1(url.path) { add in
                for (position, name) in configured.enumerated() {
                    let key = name.key
                    if let counts = fresh[position], leavingOut(position, counts) {
                        earlier[key] = nil
                    } else if let counts = fresh[position] {
                        // A private repository's release and language are not kept: its text stays off the disk.
                        let shown = counts.isPrivate != true
                        let entry = Entry(
                            issues: counts.issues, pulls: counts.pulls, storedAt: now,
                            release: shown ? counts.release : nil, language: shown ? counts.language : nil)
                        try add(Array(Self.line(key, entry, storedAt: stamp).utf8))
                    } else if let entry = earlier.removeValue(forKey: key) {
                        try add(Array(Self.line(key, entry, storedAt: ISO8601.string(entry.storedAt)).utf8))
                    }
                }
            }
        } catch {
            // Like the response cache: a file that cannot be written costs a fallback later, nothing else.
        }
    }

    /// One entry as JSON; keys are validated names (letters, digits, `.-_/`), so they need no escaping.
    /// The release's and language's names come from GitHub: the encoder escapes them.
    private static func line(_ key: String, _ entry: Entry, storedAt: String) -> String {
        var fields = "\"issues\":\(entry.issues),\"pulls\":\(entry.pulls),\"stored_at\":\"\(storedAt)\""
        if let release = entry.release, let data = try? encoder.encode(release) {
            fields += ",\"release\":" + String(decoding: data, as: UTF8.self)
        }
        if let language = entry.language, let data = try? encoder.encode(language) {
            fields += ",\"language\":" + String(decoding: data, as: UTF8.self)
        }
        return "\"\(key)\":{\(fields)}"
    }
}
