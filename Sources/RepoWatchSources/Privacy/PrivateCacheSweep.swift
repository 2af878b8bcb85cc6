import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Under `private: exclude`, what `.repowatch/` still holds in clear of a private repository is
/// sealed or removed in the build that knows it private: an earlier `private: include` build kept
/// its document, its owner's full list, its contributors and their faces, and a repository made
/// private since the last build kept them while it was public. The folder is saved with
/// actions/cache, which other workflows of the repository, pull requests' included, can restore.
///
/// Documents and lists are sealed (`ResponseCache.Entry.sealed()`): their validators stay, so the
/// next build still asks cheaply. Contributor lists and faces are removed: nothing needs them again.
struct PrivateCacheSweep: Sendable {
    let cache: ResponseCache
    let api: APIConfiguration

    /// Written once a sweep has looked at every entry; removed by a build that publishes private
    /// repositories (from then on the cache may hold them in clear). Without it the next sweep reads
    /// every entry: after such a build, and once for a cache made before sweeps existed.
    static let stampName = KeptFile.privateSealed.name

    init(cache: ResponseCache, api: APIConfiguration) {
        self.cache = cache
        self.api = api
    }

    /// As many redirects as a request follows.
    private static let redirectHops = 5

    private var stamp: String { cache.directory.appendingPathComponent(Self.stampName).path }

    /// Whether a sweep has looked at every entry since the last build that published private
    /// repositories (and the cache was not lost since).
    var sealedEverything: Bool { FileManager.default.fileExists(atPath: stamp) }

    /// A build that publishes private repositories: the next build under `exclude` reads every entry.
    func forgetSealed() {
        unlink(stamp)
    }

    /// What the sweep found to seal or remove, beyond the names it was given.
    private struct Found {
        var names: [String] = []
        var faces: Set<String> = []
        /// GitLab's projects: their parts are kept by id, under the API their document came from.
        var projects: [(id: Int, api: URL)] = []
    }

    /// What the start of a build found.
    struct Start: Sendable {
        /// The keys (lowercased names) of the private repositories sealed.
        var keys: Set<String> = []
        /// The cache was not sealed whole yet: a build that published private repositories (or one
        /// this cache never saw) wrote the site last.
        var afterInclude = false
    }

    /// The start of a build: under `exclude`, what an earlier build kept in clear is sealed before
    /// anything is asked (`sealEverythingOnce`); under `include` the cache may hold private
    /// repositories in clear from now on.
    func begin(leavingOut: Bool) -> Start {
        guard leavingOut else {
            forgetSealed()
            return Start()
        }
        let afterInclude = !sealedEverything
        return Start(keys: sealEverythingOnce(), afterInclude: afterInclude)
    }

    /// Before anything is asked, once after a build that published private repositories (or for a
    /// cache older than sweeps): every entry whose body says private is sealed, and what it names
    /// (contributors, faces) removed, so nothing of it is there while this build runs.
    /// - Returns: the keys (lowercased names) of the private repositories it found.
    func sealEverythingOnce() -> Set<String> {
        guard !sealedEverything else { return [] }
        var found = Found()
        sealEveryEntry(&found)
        for project in found.projects { GitLabSource.forgetParts(of: project.id, api: project.api, in: cache) }
        let keys = sweep(found.names, &found, shownFaces: [])
        try? FileIO.writeAtomically(Data(), to: stamp)
        return keys
    }

    /// After the fetch: what the cache holds of the repositories this build found private.
    /// - Parameters:
    ///   - privateNames: as site.yml names them and as GitHub does.
    ///   - shownFaces: the avatar URLs this build asked for: faces the site shows stay cached.
    /// - Returns: the keys (lowercased names) of the private repositories it handled.
    func run(privateNames: [String], shownFaces: Set<String>) -> Set<String> {
        var found = Found()
        return sweep(privateNames, &found, shownFaces: shownFaces)
    }

    private func sweep(_ names: [String], _ found: inout Found, shownFaces: Set<String>) -> Set<String> {
        var done: Set<String> = []
        var queue = names
        while let name = queue.popLast() {
            guard let repo = RepoName.parse(name).value, done.insert(name).inserted else { continue }
            // Another forge's project: its parts went by id (`sealEverythingOnce`), or its source
            // forgot them itself (`GitLabSource.forgetParts`).
            guard repo.isGitHub else { continue }
            found.names = []
            sealDocument(of: repo, &found)
            removeContributors(of: repo, &found)
            queue += found.names
        }
        for url in found.faces {
            for pixels in [SnapshotFetcher.ownerAvatarPixels, SnapshotFetcher.contributorAvatarPixels] {
                guard let sized = AvatarStore.sizedURL(url, pixels: pixels)?.absoluteString,
                    !shownFaces.contains(sized)
                else { continue }
                cache.remove(sized)
            }
        }
        return Set(done.compactMap { RepoName.parse($0).value?.key })
    }

    /// Every entry whose body says private (a document, a list holding private repositories) is
    /// sealed; the names and owners' faces it held are swept next.
    private func sealEveryEntry(_ found: inout Found) {
        note(CacheMaintenance(cache: cache).sealPrivateAnswers(), &found)
    }

    private func note(_ repos: [PrivateAnswers.Repository], _ found: inout Found) {
        for repo in repos {
            found.names.append(repo.fullName)
            if let face = repo.ownerAvatar { found.faces.insert(face) }
            if let id = repo.projectID, let api = repo.documentURL.flatMap(GitLabSource.apiBase(ofDocument:)) {
                found.projects.append((id, api))
            }
        }
    }

    /// `GET /repos/OWNER/NAME`, and where a rename's redirect leads: sealed whatever it says (a card
    /// kept while the repository was public says public).
    private func sealDocument(of repo: RepoName, _ found: inout Found) {
        var url = api.endpoint("/repos/\(repo.owner)/\(repo.name)").absoluteString
        for _ in 0...Self.redirectHops {
            guard let entry = cache.entry(for: url) else { return }
            if let location = entry.location {
                url = location
                continue
            }
            guard !entry.isSealed, [nil, 200].contains(entry.status) else { return }
            note(PrivateAnswers.repositories(in: entry.body), &found)
            cache.store(entry.sealed())
            return
        }
    }

    /// Every cached page of its contributors, and their faces after them.
    private func removeContributors(of repo: RepoName, _ found: inout Found) {
        var next: URL? = api.contributorsURL(of: repo)
        var pages = 0
        while let url = next, pages < 5, let entry = cache.entry(for: url.absoluteString) {
            pages += 1
            found.faces.formUnion(PrivateAnswers.avatarURLs(in: entry.body))
            next = LinkHeader.next(entry.link, relativeTo: url)
            cache.remove(url.absoluteString)
        }
    }
}

extension PrivateCacheSweep {
    /// What every file of the cache (`KeptFile.all`) holds of the private repositories `keys` names
    /// (lowercased names), file by file as the list says it may hold them.
    func forget(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        for file in KeptFile.all where file.place == .cache {
            switch file.holds {
            // Nothing of a repository; the previous site is the write step's (`previousShowsPrivate`).
            case .nothing, .previousSite: continue
            // Sealed as each repository is found private (`run`, `sealEverythingOnce`).
            case .sealedAnswers: continue
            // Its step writes the repositories the site shows, and a private one is not among them.
            case .shownRepositories: continue
            case .repositoryEntries: removeEntries(of: keys, in: file.url(cache: cache.directory).path)
            case .asideCopies: removeCopies(naming: keys, startingWith: file.name)
            case .queuedNews: NotifyFiles(cacheDirectory: cache.directory).forget(keys)
            }
        }
    }

    /// Rewrites a `{"repos": {NAME: ENTRY, …}, "schema": 1}` file without `keys`' entries, an entry at a
    /// time; not even written when it has none of them. A file of another shape is left to its owner,
    /// which reads it as empty.
    private func removeEntries(of keys: Set<String>, in path: String) {
        var found = false
        guard
            (try? JSONEntryStream.read(path, name: "repos", entry: { key, _ in found = found || keys.contains(key) }))
                != nil, found
        else { return }
        try? JSONEntryStream.writeSchema1(path) { add in
            _ = try JSONEntryStream.read(path, name: "repos") { key, value in
                guard !keys.contains(key) else { return }
                try add([UInt8](try JSONEncoder().encode(key)) + Array(":".utf8) + value)
            }
        }
    }

    /// A copy set aside (unreadable, so not rewritten entry by entry) that names one of `keys` goes.
    private func removeCopies(naming keys: Set<String>, startingWith prefix: String) {
        let folder = cache.directory.path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let lowered = Data(data.map { (65...90).contains($0) ? $0 + 32 : $0 })
            let names = keys.flatMap { [$0, $0.replacingOccurrences(of: "/", with: "\\/")] }
            if names.contains(where: { lowered.range(of: Data($0.utf8)) != nil }) { unlink(path) }
        }
    }
}

extension GitHubSource {
    /// After the fetch, under `exclude`: what the cache holds of each repository found private is
    /// sealed or removed, in every file the build keeps (`start`: what the start of the build found).
    /// - Returns: whether the site being replaced may show one of them (`SiteData.previousShowsPrivate`);
    ///   false under `include`, which seals nothing.
    func seal(
        _ sweep: PrivateCacheSweep, _ start: PrivateCacheSweep.Start, _ repos: RepoList, owners: ListedOwners,
        avatars: AvatarStore, forges: ForgeSources
    ) async -> Bool {
        guard owners.config.privateRepos == .exclude else { return false }
        // Another forge's repositories the lists hold as private, or the start found private, were
        // not asked, so their sources did not forget them while fetching: they do now.
        forges.forgetPrivate(start.keys.union(owners.privateListed.flatMap(\.keys)))
        let names = Self.privateNames(repos, owners: owners)
        let handled = sweep.run(privateNames: names, shownFaces: await avatars.askedURLs())
        sweep.forget(start.keys.union(handled))
        return start.afterInclude || showsAny(names)
    }

    /// Whether the site being replaced has a page of one of `names` (private now).
    private func showsAny(_ names: [String]) -> Bool {
        names.contains { name in
            guard let repo = RepoName.parse(name).value else { return false }
            return FileManager.default.fileExists(
                atPath: output.appendingPathComponent(SiteLayout.repoFolder(repo)).path)
        }
    }

    /// The repositories of `repos` and of the owners' lists this build found private.
    static func privateNames(_ repos: RepoList, owners: ListedOwners) -> [String] {
        var names: [String] = []
        for index in repos.indices {
            let repo = repos[index]
            guard repo.isPrivate else { continue }
            names.append(repo.configName)
            if let fullName = repo.fullName { names.append(fullName) }
        }
        for listing in owners.privateListed {
            names += listing.keys.filter { !$0.contains("/" + SealedName.marker) }
        }
        return names
    }
}
