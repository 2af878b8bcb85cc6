import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// Fetches every configured repository (repository document, top contributors, avatars) and turns
/// each into a `RepoSnapshot`; a repository that fails becomes "unavailable" without stopping the rest.
package struct SnapshotFetcher: Sendable {
    package static let ownerAvatarPixels = 100
    package static let contributorAvatarPixels = 88

    package let client: GitHubClient
    package let avatars: AvatarStore
    package let log: any BuildLog
    package let now: Date

    /// Results in the order of `repos`; the transport keeps at most `jobs` requests in flight.
    package func fetchAll(_ repos: [RepoName], jobs: Int, progress: FetchProgress? = nil) async -> RepoList {
        await fetchAll(repos.map(Plan.repository), jobs: jobs, progress: progress)
    }

    /// What fetching one repository of the site takes.
    /// Indirect: a list of 10,000 would otherwise take a whole `RepoSnapshot` (~256 bytes) per entry.
    package indirect enum Plan: Sendable {
        /// From `repos:`: the repository document, then contributors.
        case repository(RepoName)
        /// From an owner's list, which already holds the document: contributors only.
        case listed(ListedRepository, staleness: GitHubClient.Staleness?)
        /// Nothing to fetch (an earlier build's data, or a known failure).
        case ready(RepoSnapshot)
    }

    /// `spool`: where the results wait for the render (in memory unless a folder is given).
    package func fetchAll(
        _ repos: [Plan], jobs: Int, progress: FetchProgress? = nil, spool: RecordSpool = RecordSpool()
    ) async
        -> RepoList
    {
        await withTaskGroup(of: (Int, RepoSnapshot).self) { group in
            // Every slot is filled before the group ends.
            var results = RepoList(repeating: RepoSnapshot(configName: ""), count: repos.count, spool: spool)
            var next = 0
            func startNext() {
                guard next < repos.count else { return }
                let index = next
                let repo = repos[index]
                group.addTask { (index, await fetch(repo)) }
                next += 1
            }
            // Twice as many repositories as request slots: one waiting for an avatar another is
            // downloading, or between its requests, leaves no slot idle. `--jobs 1` stays one
            // repository after another, so a rate limit stops the very next request.
            for _ in 0..<(jobs > 1 ? jobs * 2 : 1) { startNext() }
            while let (index, snapshot) = await group.next() {
                results[index] = snapshot
                progress?.advance()
                startNext()
            }
            return results
        }
    }

    package func fetch(_ plan: Plan) async -> RepoSnapshot {
        switch plan {
        case .repository(let name): return await fetch(name)
        case .listed(let repo, let staleness):
            return await snapshot(of: repo.payload, configName: repo.name.description, staleness: staleness)
        case .ready(let repo): return repo
        }
    }

    package func fetch(_ name: RepoName) async -> RepoSnapshot {
        let payload: RepositoryPayload
        let staleness: GitHubClient.Staleness?
        do {
            (payload, staleness) = try await client.repository(name)
        } catch {
            let transient = (error as? GitHubError)?.isTransient ?? false
            return .unavailable(name, reason: String(describing: error), transient: transient)
        }
        if payload.fullName.lowercased() != name.key {
            log.warning("\(name) was renamed to \(payload.fullName); update site.yml")
        }
        return await snapshot(of: payload, configName: name.description, staleness: staleness)
    }

    /// Contributors and avatars for a repository document, fetched or listed.
    package func snapshot(of payload: RepositoryPayload, configName: String, staleness: GitHubClient.Staleness?) async
        -> RepoSnapshot
    {
        var staleness = staleness
        let name = configName

        async let ownerAvatar = avatars.avatar(
            url: payload.owner.avatarURL, pixels: Self.ownerAvatarPixels, placeholderFor: payload.owner.login)
        var contributors: [Contributor] = []
        var note: String?
        do {
            let (list, contributorsStaleness) = try await client.contributors(of: payload.fullName)
            if let older = contributorsStaleness, older.asOf < (staleness?.asOf ?? .distantFuture) {
                staleness = older
            }
            switch list {
            case .people(let people, let urls):
                contributors = await withTaskGroup(of: (Int, String).self) { group in
                    for (index, person) in people.enumerated() {
                        group.addTask {
                            let path = await avatars.avatar(
                                url: urls[index], pixels: Self.contributorAvatarPixels, placeholderFor: person.login)
                            return (index, path)
                        }
                    }
                    var withAvatars = people
                    for await (index, path) in group { withAvatars[index].avatar = path }
                    return withAvatars
                }
            case .tooLarge:
                note = ContributorsNote.tooLarge
            }
        } catch {
            note = ContributorsNote.unavailable
            log.warning("\(name): could not list contributors: \(error)")
        }

        var repo = RepoSnapshot(
            configName: configName,
            fullName: payload.fullName,
            htmlURL: SafeURL.http(payload.htmlURL),
            description: payload.description,
            stars: payload.stars,
            forks: payload.forks,
            openIssues: payload.openIssues,
            hasIssues: payload.hasIssues,
            openIssuesIncludePulls: true,
            archived: payload.archived,
            pushedAt: payload.pushedAt,
            daysSincePush: payload.pushedAt.map { Snapshot.daysSince($0, now: now) },
            ownerAvatar: await ownerAvatar,
            contributors: contributors,
            contributorsNote: note,
            fetchedAt: staleness?.asOf ?? now,
            stale: staleness != nil,
            error: staleness?.reason)
        // REST names the language without its colour; GraphQL's answer (`OpenCountsFetcher`) adds it.
        repo.language = payload.language.map { RepoLanguage(name: $0, color: nil) }
        repo.topics = payload.topics
        repo.isPrivate = payload.isPrivate
        return repo
    }
}
