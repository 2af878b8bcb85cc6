import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// GitLab's projects (gitlab.com and self-managed instances), through the build's one network stack
/// with the host's own token, ledger, pacing and budget. A cold project costs its document, the
/// open merge requests' count, the contributors, the latest release and the languages, plus one
/// avatar look-up per new face; a project whose `last_activity_at` has not moved since those were
/// asked costs its document alone (GitLab's REST API answers `If-None-Match` with the whole body,
/// so a 304 never saves a request there: docs/forges.md).
struct GitLabSource: ForgeSource {
    static let ownerAvatarPixels = 100
    static let contributorAvatarPixels = 88

    let forge: Forge
    let ledger: RequestLedger
    let client: GitHubClient
    let context: ForgeContext

    /// `ledger`: the host's, shared with the source that listed its owners.
    init(forge: Forge, context: ForgeContext, ledger: RequestLedger = RequestLedger()) {
        self.forge = forge
        self.context = context
        self.ledger = ledger
        client = context.client(for: forge, ledger: ledger)
    }

    func snapshot(of repo: RepoName, at position: Int?) async -> RepoSnapshot {
        let project: GitLabProject
        var staleness: GitHubClient.Staleness?
        switch await context.document(of: repo, { try await self.project(repo) }) {
        case .found(let found, let stale): (project, staleness) = (found, stale)
        case .sealed: return context.leftOut(repo, at: position)
        case .standIn(let card): return card
        }
        if context.leavesOutPrivate, project.isPrivate {
            forgetParts(of: project.id)
            forgetFace(of: project)
            return context.leftOut(repo, at: position)
        }
        context.warnIfMoved(
            repo, to: project.pathWithNamespace, on: forge.host, isPrivate: project.isPrivate, noun: "project")
        let unchanged = context.unchanged(at: position, since: project.lastActivityAt)
        // A part shown to members only (or off) is not asked: a member's token would be shown it.
        let hidden = project.access.hidden
        forgetParts(hidden, of: project.id)
        async let pulls = openMergeRequests(project, reuse: unchanged, hidden: hidden)
        async let team = contributors(project, repo: repo, reuse: unchanged, hidden: hidden)
        async let release = latestRelease(project, reuse: unchanged, hidden: hidden)
        async let language = mainLanguage(project, reuse: unchanged, hidden: hidden)
        async let face = context.avatars.avatar(
            url: ownerAvatarURL(project), pixels: Self.ownerAvatarPixels,
            placeholderFor: project.namespace?.path ?? repo.owner)
        let parts = Parts(pulls: await pulls, team: await team, release: await release, language: await language)
        staleness = ForgePart<Count>.oldest(staleness, parts.stalenesses)
        if parts.allAsked, staleness == nil, let position {
            context.records?.asked(at: position, pushedAt: project.lastActivityAt, now: context.now)
        }
        var snapshot = card(repo, project, parts, face: await face, staleness: staleness)
        ForgeFaces.keepLastGood(&snapshot, repo, previous: context.previous)
        return snapshot
    }

    /// The four parts besides the document, as they came.
    private struct Parts {
        var pulls: ForgePart<Count>
        var team: ForgePart<Team>
        var release: ForgePart<RepoRelease?>
        var language: ForgePart<RepoLanguage?>

        var stalenesses: [GitHubClient.Staleness?] {
            [pulls.staleness, team.staleness, release.staleness, language.staleness]
        }
        var allAsked: Bool { pulls.asked && team.asked && release.asked && language.asked }
    }

    private func card(
        _ repo: RepoName, _ project: GitLabProject, _ parts: Parts, face: String, staleness: GitHubClient.Staleness?
    ) -> RepoSnapshot {
        var snapshot = RepoSnapshot(
            configName: repo.description,
            fullName: "\(forge.host)/\(project.pathWithNamespace)",
            htmlURL: SafeURL.http(project.webURL),
            description: project.description,
            stars: project.starCount,
            forks: project.forksCount ?? 0,
            openIssues: issuesShown(project) ? project.openIssuesCount ?? 0 : issuesOff(project),
            hasIssues: issuesShown(project) && (project.issuesEnabled ?? (project.openIssuesCount != nil)),
            openIssuesIncludePulls: false,
            archived: project.archived ?? false,
            pushedAt: project.lastActivityAt,
            daysSincePush: project.lastActivityAt.map { Snapshot.daysSince($0, now: context.now) },
            ownerAvatar: face,
            contributors: parts.team.value?.people ?? [],
            contributorsNote: parts.team.value == nil
                ? (project.access.membersOnly.contains(.contributors)
                    ? ContributorsNote.membersOnly : ContributorsNote.unavailable) : nil,
            fetchedAt: staleness?.asOf ?? context.now,
            stale: staleness != nil,
            staleness: staleness?.reason)
        if project.mergeRequestsEnabled != false, let count = parts.pulls.value {
            snapshot.openPulls = count.count
            snapshot.openPullsAtLeast = count.atLeast
        }
        snapshot.release = parts.release.value ?? nil
        snapshot.language = parts.language.value ?? nil
        snapshot.topics = project.topics ?? []
        snapshot.isPrivate = project.isPrivate
        snapshot.membersOnly = project.access.membersOnly
        return snapshot
    }

    /// Whether the project's open issues are everyone's to see (the count in its document included).
    private func issuesShown(_ project: GitLabProject) -> Bool { !project.access.hidden.contains(.issues) }

    /// The count a card keeps where issues are not shown: 0 where they are off (as ever), none where
    /// they are for members only (the document's count is theirs).
    private func issuesOff(_ project: GitLabProject) -> Int? {
        project.access.membersOnly.contains(.issues) ? nil : 0
    }

    /// `GET /projects/:id` by its URL-encoded path; nil when the cache kept only that it is private.
    private func project(_ repo: RepoName) async throws -> (GitLabProject, GitHubClient.Staleness?)? {
        let id = repo.path.replacingOccurrences(of: "/", with: "%2F")
        // Kept with its levels, without the count a member is given of a part not everyone sees.
        return try await client.forgeDocument(
            GitLabProject.self, at: client.configuration.endpoint("/projects/\(id)"), what: "project document",
            keptBody: { data, _ in GitLabAccess.kept(data) })
    }

    /// A project left out: the face an earlier build downloaded for it goes from the cache too (a
    /// public project of the same group downloads it again when it shows it).
    func forgetFace(of project: GitLabProject) {
        guard let url = ownerAvatarURL(project), let sized = AvatarStore.sizedURL(url, pixels: Self.ownerAvatarPixels)
        else { return }
        context.cache?.remove(sized.absoluteString)
    }

    /// The namespace's face (a group's or a user's), else the project's; GitLab may write it as a
    /// path on its own host.
    private func ownerAvatarURL(_ project: GitLabProject) -> String? {
        guard let text = project.namespace?.avatarURL ?? project.avatarURL else { return nil }
        if text.hasPrefix("/"), !text.hasPrefix("//") { return "https://\(forge.host)\(text)" }
        return text
    }
}
