import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// Fetches every configured repository (its card, top contributors, avatars) and turns each into a
/// `RepoSnapshot`; a repository that fails becomes "unavailable" without stopping the rest, and one
/// the build's budget did not reach becomes "pending".
package struct SnapshotFetcher: Sendable {
    static let ownerAvatarPixels = 100
    static let contributorAvatarPixels = 88

    package let client: GitHubClient
    package let avatars: AvatarStore
    package let log: any BuildLog
    package let now: Date
    /// The `repos:` entries' cards from the batched GraphQL query, by position; nil: REST alone.
    package var cards: RepositoryCards?
    /// When each repository's contributors were last asked: unchanged ones are kept without a request.
    package var records: FetchRecords?
    /// `--refresh`: contributors are asked even when nothing was pushed.
    package var refresh = false
    /// The site being replaced: its contributors and faces stand in where only they failed.
    package var previous: LastGoodData?
    /// `private: exclude`: a repository its document calls private is asked nothing more (no
    /// contributors, no avatar) and becomes a bare snapshot that says so, for the filter to drop.
    var leavesOutPrivate = false

    /// Other forges' projects are asked of their own sources (`ForgeSource`), not of GitHub.
    package var forges = ForgeSources()

    /// Named in the warning about a renamed repository.
    package var configFile = "site.yml"

    package init(
        client: GitHubClient, avatars: AvatarStore, log: any BuildLog, now: Date, configFile: String = "site.yml"
    ) {
        self.client = client
        self.avatars = avatars
        self.log = log
        self.now = now
        self.configFile = configFile
    }

    /// Results in the order of `repos`; the transport keeps at most `jobs` requests in flight.
    func fetchAll(_ repos: [RepoName], jobs: Int, progress: FetchProgress? = nil) async -> RepoList {
        await fetchAll(repos.map(Plan.repository), jobs: jobs, progress: progress)
    }

    /// What fetching one repository of the site takes (~90 bytes; `ready` boxed: a list of 100,000
    /// would otherwise take a whole `RepoSnapshot`, ~256 bytes, per entry).
    package enum Plan: Sendable {
        /// From `repos:`: the card (GraphQL, else the REST document), then contributors.
        case repository(RepoName)
        /// From an owner's list, which already holds the document: contributors only.
        case listed(ListedRepository, staleness: GitHubClient.Staleness?)
        /// Nothing to fetch (an earlier build's data, or a known failure).
        indirect case ready(RepoSnapshot)

        /// A `repos:` entry: its document is asked (GraphQL's card, else REST's).
        var needsDocument: Bool {
            if case .repository = self { return true }
            return false
        }
    }

    /// How many fetches (or listing pages) are under way at once for `--jobs`: twice as many as
    /// request slots, so one waiting for an avatar another is downloading, between its requests or
    /// being decoded leaves no slot idle. `--jobs 1` stays one after another, so a rate limit stops
    /// the very next request.
    static func tasksAtOnce(jobs: Int) -> Int { jobs > 1 ? jobs * 2 : 1 }

    /// `spool`: where the results wait for the render (in memory unless a folder is given).
    /// `order`: the positions in the order to fetch them (the longest waiting first), else the
    /// list's order; the results keep the list's order either way.
    func fetchAll(
        _ repos: [Plan], jobs: Int, progress: FetchProgress? = nil, spool: RecordSpool = RecordSpool(),
        order: [Int]? = nil
    ) async -> RepoList {
        // Every slot is filled before the window closes.
        var results = RepoList(repeating: RepoSnapshot(configName: ""), count: repos.count, spool: spool)
        let positions = repos.indices.lazy.map { order?[$0] ?? $0 }
        await SlidingWindow.run(over: positions, width: Self.tasksAtOnce(jobs: jobs)) { index in
            await fetch(repos[index], at: index)
        } take: { index, snapshot in
            results[index] = snapshot
            progress?.advance()
        }
        return results
    }

    /// - Parameter position: in the site's list, for the GraphQL card and the fetch records.
    package func fetch(_ plan: Plan, at position: Int? = nil) async -> RepoSnapshot {
        switch plan {
        case .repository(let name): return await fetch(name, at: position)
        case .listed(let repo, let staleness):
            return await snapshot(
                of: repo.payload, configName: repo.name.description, staleness: staleness, position: position)
        case .ready(let repo): return repo
        }
    }

    package func fetch(_ name: RepoName, at position: Int? = nil) async -> RepoSnapshot {
        if !name.isGitHub { return await forges.snapshot(of: name, at: position) }
        if let position, let cards {
            switch await cards.take(position) {
            case .card(let payload):
                warnIfRenamed(name, payload)
                return await snapshot(of: payload, configName: name.description, staleness: nil, position: position)
            // GraphQL's NOT_FOUND may be a partial or passing answer: the REST document below says
            // whether the repository is gone, or renamed (followed as any REST rename is).
            case .missing, .unknown: break
            }
        }
        let payload: RepositoryPayload
        let staleness: GitHubClient.Staleness?
        do {
            (payload, staleness) = try await client.repository(name)
        } catch GitHubError.deferred {
            var repo = RepoSnapshot.pending(name)
            // The previous site may hold it only if the cache was lost since (no fetch records):
            // then it stands in, stale. Otherwise it never had data, and reading the whole previous
            // snapshot for it would cost every budgeted build a copy of the site in memory.
            repo.failureIsTransient = !(records?.foundFile ?? false)
            return repo
        } catch {
            return Self.failed(name, error)
        }
        warnIfRenamed(name, payload)
        return await snapshot(of: payload, configName: name.description, staleness: staleness, position: position)
    }

    /// A private repository's new name is not said: the log of a public repository's job is public.
    private func warnIfRenamed(_ name: RepoName, _ payload: RepositoryPayload) {
        guard payload.fullName.lowercased() != name.key else { return }
        if payload.isPrivate {
            log.warning("\(name) was renamed, to a private repository; update \(configFile)")
        } else {
            log.warning("\(name) was renamed to \(ConsoleText.inline(payload.fullName)); update \(configFile)")
        }
    }

    /// No data: why, whether it may pass, and whether GitHub says the repository is gone.
    private static func failed(_ name: RepoName, _ error: any Error) -> RepoSnapshot {
        // No network at all (`--offline`) passes only when the user says so: nothing stands in.
        let transient = (error as? GitHubError).map { $0.isTransient && $0 != .notCached } ?? false
        // The card is public: it says there is nothing yet, not which option the build ran with
        // (the build's last lines say why, `Build.report`).
        let reason: Staleness = (error as? GitHubError) == .notCached ? .noDataYet : .failed(ErrorText.describe(error))
        var repo = RepoSnapshot.unavailable(name, reason: reason, transient: transient)
        repo.isGone = (error as? GitHubError) == .notFound
        return repo
    }
}
