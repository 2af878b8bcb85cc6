import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

extension SnapshotFetcher {
    /// Contributors and avatars for a repository document (fetched, listed, or GraphQL's card).
    package func snapshot(
        of payload: RepositoryPayload, configName: String, staleness: GitHubClient.Staleness?, position: Int? = nil
    ) async -> RepoSnapshot {
        if leavesOutPrivate, payload.isPrivate { return leftOut(configName, position: position) }
        async let ownerAvatar = avatars.avatar(
            url: payload.owner.avatarURL, pixels: Self.ownerAvatarPixels, placeholderFor: payload.owner.login)
        var team = await contributors(of: payload, configName: configName, position: position)
        var face = await ownerAvatar
        // The previous site is read only when a face could not be downloaded (it is the whole snapshot).
        let missing = [face] + team.people.map { $0.avatar ?? face }
        if missing.contains(where: AvatarStore.isPlaceholder),
            let shown = RepoName.parse(configName).value.flatMap({ previous?.shown($0) })
        {
            face = Self.lastGoodFace(face, shown.ownerAvatar, previous: previous) ?? face
            for index in team.people.indices {
                let earlier = shown.contributors.first { $0.login == team.people[index].login }?.avatar
                team.people[index].avatar = Self.lastGoodFace(team.people[index].avatar, earlier, previous: previous)
            }
        }
        var staleness = staleness
        if let older = team.staleness, older.asOf < (staleness?.asOf ?? .distantFuture) { staleness = older }
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
            ownerAvatar: face,
            contributors: team.people,
            contributorsNote: team.note,
            fetchedAt: staleness?.asOf ?? now,
            stale: staleness != nil,
            staleness: staleness?.reason)
        // REST names the language without its colour; GraphQL's answer (`OpenCountsFetcher`) adds it.
        repo.language = payload.language.map { RepoLanguage(name: $0, color: nil) }
        repo.topics = payload.topics
        repo.isPrivate = payload.isPrivate
        repo.pending = team.pending
        return repo
    }

    /// A private repository the site leaves out: its name and that it is private, nothing GitHub
    /// said of it; and no record that its contributors were ever asked.
    private func leftOut(_ configName: String, position: Int?) -> RepoSnapshot {
        if let position { records?.forget(at: position) }
        var repo = RepoSnapshot(configName: configName)
        repo.isPrivate = true
        return repo
    }

    /// What the contributors part of a card came to.
    private struct Team {
        var people: [Contributor] = []
        var note: String?
        var staleness: GitHubClient.Staleness?
        /// The budget was spent before they were ever asked.
        var pending = false
    }

    /// The top contributors with their avatars: without a request when nothing was pushed since
    /// they were asked (`FetchRecords`), and their fetch recorded when they were asked.
    private func contributors(of payload: RepositoryPayload, configName: String, position: Int?) async -> Team {
        let unchanged =
            !refresh
            && position.map { records?.unchanged(at: $0, pushedAt: payload.pushedAt, now: now) ?? false }
                ?? false
        var team = Team()
        do {
            let answer = try await client.contributorList(of: payload.fullName, unchanged: unchanged)
            team.staleness = answer.staleness
            if answer.asked, answer.staleness == nil, let position {
                records?.asked(at: position, pushedAt: payload.pushedAt, now: now)
            }
            switch answer.list {
            case .people(let people, let urls): team.people = await withAvatars(people, urls)
            case .tooLarge: team.note = ContributorsNote.tooLarge
            }
        } catch GitHubError.deferred(let budget) {
            // Never asked, but shown before the cache was lost: the last good list, stale.
            if let kept = lastGoodTeam(configName, failure: GitHubError.deferred(budget: budget)) { return kept }
            team.note = ContributorsNote.pending
            team.pending = true
        } catch {
            if let kept = lastGoodTeam(configName, failure: error) { return kept }
            team.note = ContributorsNote.unavailable
            log.warning("\(configName): could not list contributors: \(ErrorText.describe(error))")
        }
        return team
    }

    /// The previous build's contributors, when GitHub and the cache have none now: the card then
    /// says it is stale, as of that build.
    private func lastGoodTeam(_ configName: String, failure: any Error) -> Team? {
        guard let previous, let name = RepoName.parse(configName).value, let shown = previous.shown(name),
            !shown.contributors.isEmpty || shown.contributorsNote == ContributorsNote.tooLarge
        else { return nil }
        previous.keep(faces: shown.contributors.map(\.avatar))
        var team = Team(people: shown.contributors, note: shown.contributorsNote)
        team.staleness = (shown.fetchedAt ?? now, .contributorsUnlisted("\(failure)"))
        return team
    }

    /// A face that could not be downloaded now (a placeholder) is the previous build's, if it had one:
    /// a picture is not a number that can go stale, so the card's state does not change for it.
    static func lastGoodFace(_ now: String?, _ earlier: String?, previous: LastGoodData?) -> String? {
        guard let now, AvatarStore.isPlaceholder(now), let earlier, !AvatarStore.isPlaceholder(earlier), let previous
        else { return now }
        previous.keep(faces: [earlier])
        return earlier
    }

    private func withAvatars(_ people: [Contributor], _ urls: [String?]) async -> [Contributor] {
        await withTaskGroup(of: (Int, String).self) { group in
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
    }
}
