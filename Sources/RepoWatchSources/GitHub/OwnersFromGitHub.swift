import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// `owners:` listed on GitHub (100 repositories per request), before the repositories are fetched.
/// Failures are handled as repositories' are: a transient one falls back to the cache, then to the
/// previous build; a missing owner is an error (exit 1) that does not stop the rest.
extension ListedOwners {
    /// Lists every owner (concurrently; each follows its own pages), then resolves the site.
    /// Throws the config's errors that only the listing reveals.
    /// `spool`: where the listed documents wait for their fetch; `jobs`: `--jobs`.
    package static func list(
        _ config: SiteConfig, client: GitHubClient, avatars: AvatarStore, previous: LastGoodData, log: any BuildLog,
        spool: RecordSpool = RecordSpool(), jobs: Int = 8, forges: ForgeSources = ForgeSources()
    ) async throws -> ListedOwners {
        guard !config.owners.isEmpty else { return try ListedOwners(config: config, outcomes: []) }
        log.info(
            "Listing the repositories of \(Formatting.plural(config.owners.count, "owner", "owners"))"
                + (client.reachesNetwork ? "…" : " from the cache (offline)…"))
        let results = await listings(
            of: config.owners, client: client, forges: forges, includePrivate: config.privateRepos == .include,
            spool: spool, pagesAtOnce: SnapshotFetcher.tasksAtOnce(jobs: jobs))
        let privacy = PrivateRepoFilter(config.privateRepos)
        var privateListed: [PrivateListing] = []
        let outcomes = zip(config.owners, results).map { source, result in
            outcome(
                of: source, result, previous: previous, log: log, configFile: config.file,
                privacy: privacy, privateListed: &privateListed)
        }
        if config.privateRepos == .exclude {
            await addPrivateUnlisted(config, outcomes: outcomes, client: client, to: &privateListed)
        }
        var owners = try ListedOwners(config: config, outcomes: outcomes, privateListed: privateListed)
        for case (let source, .failure(.notFound)) in zip(config.owners, results) { owners.gone.insert(source.key) }
        try owners.requireRepositories()
        await owners.addHeadings(avatars: avatars)
        return owners
    }

    /// A widget naming a repository of a listed owner that its public list did not hold: GitHub
    /// lists private repositories only to `private: include`. The repository's document (kept
    /// sealed if private) says whether it is one, to be left out with its widget, or not (the widget
    /// is then the error it always was).
    private static func addPrivateUnlisted(
        _ config: SiteConfig, outcomes: [Outcome], client: GitHubClient, to privateListed: inout [PrivateListing]
    ) async {
        var known = Set(config.repos.map(\.key))
        var listedOwners: [String: String] = [:]
        for case .listed(let listing, let selected) in outcomes {
            known.formUnion(selected.map(\.name.key))
            listedOwners[listing.source.key] = listing.source.owner
        }
        for listing in privateListed { known.formUnion(listing.keys) }
        // Listed from the cache, a private repository is known by its `SealedName`.
        for reference in config.references
        where !known.contains(reference.name.key) && !known.contains(SealedName.of(reference.name.key) ?? "") {
            guard let owner = listedOwners[reference.name.owner.lowercased()],
                let (payload, _) = try? await client.repository(reference.name), payload.isPrivate
            else { continue }
            known.insert(reference.name.key)
            if let index = privateListed.firstIndex(where: { $0.owner == owner }) {
                privateListed[index].keys.insert(reference.name.key)
            } else {
                privateListed.append(PrivateListing(owner: owner, keys: [reference.name.key]))
            }
        }
    }

    /// Each owner's listing, in `owners:` order.
    private static func listings(
        of owners: [OwnerSource], client: GitHubClient, forges: ForgeSources, includePrivate: Bool,
        spool: RecordSpool, pagesAtOnce: Int
    ) async
        -> [Result<OwnerListing, GitHubError>]
    {
        await withTaskGroup(of: (Int, Result<OwnerListing, GitHubError>).self) { group in
            for (index, source) in owners.enumerated() {
                group.addTask {
                    do {
                        if source.host != nil {
                            return (index, .success(try await forges.listOwner(source, spool: spool)))
                        }
                        return (
                            index,
                            .success(
                                try await client.listOwner(
                                    source, includePrivate: includePrivate, spool: spool, pagesAtOnce: pagesAtOnce))
                        )
                    } catch let error as GitHubError {
                        return (index, .failure(error))
                    } catch {
                        return (index, .failure(.network(ErrorText.describe(error))))
                    }
                }
            }
            var results = [Result<OwnerListing, GitHubError>?](repeating: nil, count: owners.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
    }

    /// An `exclude` entry the owner does not list excludes nothing: most likely a slip, said at its
    /// place with the nearest name the owner lists.
    private static func warnUnlistedExcludes(
        _ source: OwnerSource, listing: OwnerListing, log: any BuildLog, configFile: String
    ) {
        guard !source.exclude.isEmpty else { return }
        let listed = listing.repos.map(\.name)
        let keys = Set(listed.map(\.key))
        for (index, name) in source.exclude.enumerated() where !keys.contains(name.key) {
            // A name of another owner was warned about when site.yml was read.
            guard source.owns(name) else { continue }
            let place = source.excludePlaces.indices.contains(index) ? ":" + source.excludePlaces[index] : ""
            let nearest = Suggestion.closest(to: name.description, among: listed.map(\.description))
            log.report(
                DiagnosticMessage(
                    .warning, location: configFile + place,
                    "\(source.owner) lists no \(name), so excluding it changes nothing"
                        + (nearest.map { "; did you mean \($0)?" } ?? "")))
        }
    }

    private static func outcome(
        of source: OwnerSource, _ result: Result<OwnerListing, GitHubError>, previous: LastGoodData,
        log: any BuildLog, configFile: String, privacy: PrivateRepoFilter, privateListed: inout [PrivateListing]
    ) -> Outcome {
        switch result {
        case .success(let listing):
            if listing.login.lowercased() != source.key {
                log.warning(
                    "owner \(source.owner) is now \(ConsoleText.inline(listing.login))\(source.host == nil ? " on GitHub" : ""); "
                        + "update `owners:` in \(configFile)")
            }
            if let note = listing.note { log.warning(note) }
            // Before the rules: `limit` then counts repositories the site may show.
            let (shown, hidden) = privacy.listed(listing.repos)
            if !hidden.isEmpty {
                privateListed.append(PrivateListing(owner: source.owner, keys: Set(hidden.map(\.key))))
            }
            warnUnlistedExcludes(source, listing: listing, log: log, configFile: configFile)
            let selected = source.select(shown)
            log.info(
                "\(source.owner): \(Formatting.plural(shown.count, "repository", "repositories")) listed, "
                    + "\(Formatting.grouped(selected.count)) kept")
            // The whole list is not needed past the rules: only what they kept is fetched.
            var kept = listing
            kept.tally = OwnerTally(listing.repos, rules: source)
            kept.repos = []
            return .listed(kept, selected: selected)
        case .failure(let error):
            // The previous site stands in while GitHub fails, never for a missing owner or with no
            // network (--offline: `notCached`).
            // Another forge's owner is not GitHub's to answer for.
            let words = error.description(from: source.host)
            let earlier =
                error.isTransient && error != .notCached
                ? previous.snapshots(from: source.source, reason: .failed(words)) : []
            // Reported with the build's summary (or by `NothingToBuild`), once.
            guard !earlier.isEmpty else { return .failed(source, reason: words) }
            log.warning("owner \(source.owner): \(words); showing its repositories of the previous build")
            return .previous(source, earlier)
        }
    }

    /// A heading for each owner listed, with its face: a placeholder for an owner its forge shows
    /// only to some (a `limited` or private organization, an internal group), whose face is not
    /// the site's to publish, nor the cache's to keep, so it is never asked for.
    private mutating func addHeadings(avatars: AvatarStore) async {
        for case .listed(let listing, _) in outcomes {
            let avatar = await avatars.avatar(
                url: listing.isPublic ? listing.avatarURL : nil, pixels: SnapshotFetcher.ownerAvatarPixels,
                placeholderFor: listing.login)
            headings.append(
                OwnerHeading(source: listing.source, login: listing.login, avatar: avatar, htmlURL: listing.htmlURL))
        }
    }
}
