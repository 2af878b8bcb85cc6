import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

/// Gitea's and Forgejo's repositories (Codeberg, self-managed instances): one API, `/api/v1`,
/// through the build's one network stack with the host's own token, ledger, pacing and budget.
/// A cold repository costs its document, the latest release (only when it counts one) and one page
/// of recent commits for the contributors (Gitea has no contributors endpoint, go-gitea/gitea#22129),
/// plus a download per new face; one whose `updated_at` has not moved since costs its document alone.
/// Stars, forks, open issues, open pull requests (`open_pr_counter`) and the language are the
/// document's own fields.
struct GiteaSource: ForgeSource {
    static let ownerAvatarPixels = 100
    static let contributorAvatarPixels = 88
    /// Commits read for the contributors: one page at Gitea's default `max_response_items`; an
    /// instance allowing fewer sends fewer, and the card says how many were counted.
    static let commitsCounted = 50

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
        let document: GiteaRepository
        var staleness: GitHubClient.Staleness?
        switch await context.document(of: repo, { try await self.document(repo) }) {
        case .found(let found, let stale): (document, staleness) = (found, stale)
        case .sealed:
            forgetParts(of: repo, ownerFace: nil)
            return context.leftOut(repo, at: position)
        case .standIn(let card): return card
        }
        if context.leavesOutPrivate, document.isPrivate {
            forgetParts(of: repo, ownerFace: document.owner?.avatarURL)
            return context.leftOut(repo, at: position)
        }
        context.warnIfMoved(
            repo, to: document.fullName, on: forge.host, isPrivate: document.isPrivate, noun: "repository")
        let unchanged = context.unchanged(at: position, since: document.updatedAt)
        async let release = latestRelease(repo, document, reuse: unchanged)
        async let team = contributors(repo, document, reuse: unchanged)
        async let face = context.avatars.avatar(
            url: SafeURL.http(document.owner?.avatarURL), pixels: Self.ownerAvatarPixels,
            placeholderFor: document.owner?.login ?? repo.owner)
        let (releasePart, teamPart) = (await release, await team)
        staleness = ForgePart<Team>.oldest(staleness, [releasePart.staleness, teamPart.staleness])
        if releasePart.asked, teamPart.asked, staleness == nil, let position {
            context.records?.asked(at: position, pushedAt: document.updatedAt, now: context.now)
        }
        var snapshot = card(repo, document, face: await face, staleness: staleness)
        snapshot.release = releasePart.value ?? nil
        snapshot.contributors = teamPart.value?.people ?? []
        snapshot.contributorsNote = teamPart.value.map(\.note) ?? ContributorsNote.unavailable
        ForgeFaces.keepLastGood(&snapshot, repo, previous: context.previous)
        return snapshot
    }

    private func card(
        _ repo: RepoName, _ document: GiteaRepository, face: String, staleness: GitHubClient.Staleness?
    ) -> RepoSnapshot {
        var snapshot = RepoSnapshot(
            configName: repo.description,
            fullName: "\(forge.host)/\(document.fullName)",
            htmlURL: SafeURL.http(document.htmlURL),
            description: document.description,
            stars: document.stars,
            forks: document.forks ?? 0,
            openIssues: document.hasIssues == false ? 0 : document.openIssues ?? 0,
            hasIssues: document.hasIssues ?? (document.openIssues != nil),
            openIssuesIncludePulls: false,
            archived: document.archived ?? false,
            pushedAt: document.updatedAt,
            daysSincePush: document.updatedAt.map { Snapshot.daysSince($0, now: context.now) },
            ownerAvatar: face,
            fetchedAt: staleness?.asOf ?? context.now,
            stale: staleness != nil,
            staleness: staleness?.reason)
        if document.hasPullRequests != false { snapshot.openPulls = document.openPulls }
        if let language = document.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            snapshot.language = RepoLanguage(name: language, color: LanguageColors.github[language])
        }
        snapshot.topics = document.topics ?? []
        snapshot.isPrivate = document.isPrivate
        return snapshot
    }

    /// `GET /repos/{owner}/{repo}`; nil when the cache kept only that it is private.
    private func document(_ repo: RepoName) async throws -> (GiteaRepository, GitHubClient.Staleness?)? {
        // Gitea's repositories have an owner and a name, never subgroups (site.yml says so first).
        guard !repo.owner.contains("/") else { throw GitHubError.notFound }
        return try await client.forgeDocument(
            GiteaRepository.self, at: urls(repo).document, what: "repository document",
            keptBody: { data, _ in GiteaCommitAuthors.withoutEmails(data) })
    }

    /// What an earlier build that published it kept of a repository now left out goes, its commit
    /// authors' faces and its owner's with it (the document is kept sealed by the cache itself; a
    /// sealed one no longer names the owner's face, which the start of the build removed then).
    func forgetParts(of repo: RepoName, ownerFace: String?) {
        guard let cache = context.cache else { return }
        let urls = urls(repo)
        var faces = ownerFace.flatMap { AvatarStore.sizedURL($0, pixels: Self.ownerAvatarPixels) }.map { [$0] } ?? []
        let authors = cache.entry(for: urls.commits.absoluteString).flatMap { GiteaCommitAuthors.read($0.body) } ?? []
        faces += authors.compactMap {
            $0.avatarURL.flatMap { AvatarStore.sizedURL($0, pixels: Self.contributorAvatarPixels) }
        }
        for url in [urls.release, urls.commits] + faces { cache.remove(url.absoluteString) }
    }
}
