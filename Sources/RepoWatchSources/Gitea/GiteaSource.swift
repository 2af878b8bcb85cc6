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
        client = GitHubClient(
            configuration: .forge(baseURL: forge.api, token: context.token(for: forge)), stack: context.stack,
            cache: context.cache, ledger: ledger, allowances: .forge(host: forge.host))
    }

    func snapshot(of repo: RepoName, at position: Int?) async -> RepoSnapshot {
        let document: GiteaRepository
        var staleness: GitHubClient.Staleness?
        do {
            guard let (found, stale) = try await self.document(repo) else {
                forgetParts(of: repo, ownerFace: nil)
                return leftOut(repo, at: position)
            }
            (document, staleness) = (found, stale)
        } catch GitHubError.deferred {
            var pending = RepoSnapshot.pending(repo)
            // As GitHub's: the previous site stands in only when the cache was lost since.
            pending.failureIsTransient = !(context.records?.foundFile ?? false)
            return pending
        } catch {
            return ForgeFailure.snapshot(repo, error)
        }
        if context.leavesOutPrivate, document.isPrivate {
            forgetParts(of: repo, ownerFace: document.owner?.avatarURL)
            return leftOut(repo, at: position)
        }
        warnIfRenamed(repo, document)
        let unchanged =
            !context.refresh
            && position.map {
                context.records?.unchanged(at: $0, pushedAt: document.updatedAt, now: context.now) ?? false
            } ?? false
        async let release = latestRelease(repo, document, reuse: unchanged)
        async let team = contributors(repo, document, reuse: unchanged)
        async let face = context.avatars.avatar(
            url: SafeURL.http(document.owner?.avatarURL), pixels: Self.ownerAvatarPixels,
            placeholderFor: document.owner?.login ?? repo.owner)
        let (releasePart, teamPart) = (await release, await team)
        for part in [releasePart.staleness, teamPart.staleness] {
            if let part, part.asOf < (staleness?.asOf ?? .distantFuture) { staleness = part }
        }
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
        let fetched = try await client.get(
            urls(repo).document, accept: "application/json",
            keptBody: { data, _ in GiteaCommitAuthors.withoutEmails(data) })
        guard fetched.status == 200 else { throw GitHubClient.failure(fetched) }
        if PrivateAnswers.isSealed(fetched.data) { return nil }
        do {
            return (try JSONDecoder().decode(GiteaRepository.self, from: fetched.data), fetched.cachedCopy)
        } catch {
            throw GitHubError.invalidResponse(
                "the repository document could not be read (\(ErrorText.describe(error)))")
        }
    }

    /// A private repository the site leaves out: its name and that it is private, nothing the forge said.
    private func leftOut(_ repo: RepoName, at position: Int?) -> RepoSnapshot {
        if let position { context.records?.forget(at: position) }
        var snapshot = RepoSnapshot(configName: repo.description)
        snapshot.isPrivate = true
        return snapshot
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

    private func warnIfRenamed(_ repo: RepoName, _ document: GiteaRepository) {
        guard document.fullName.lowercased() != repo.path.lowercased() else { return }
        if document.isPrivate {
            context.log.warning("\(repo) was moved, to a private repository; update site.yml")
        } else {
            let moved = ConsoleText.inline("\(forge.host)/\(document.fullName)")
            context.log.warning("\(repo) was moved to \(moved); update site.yml")
        }
    }
}
