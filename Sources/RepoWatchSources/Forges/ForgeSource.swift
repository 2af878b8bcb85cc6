import Foundation
import RepoWatchModel
import RepoWatchNetwork
import RepoWatchStorage
import RepoWatchSupport

/// One forge's projects (GitLab's, Gitea's and Forgejo's), read through the build's one
/// network stack: each kind brings its own source, and `ForgeSources` holds one per host the site
/// names. GitHub's repositories never reach one: `SnapshotFetcher` asks GitHub for `OWNER/NAME`.
package protocol ForgeSource: Sendable {
    var forge: Forge { get }
    /// This host's requests, quota and rate-limit pauses, apart from GitHub's.
    var ledger: RequestLedger { get }
    /// A project's snapshot: fresh, stale (the cache's last good answers), left out (private under
    /// `private: exclude`), pending (the budget) or unavailable. `position`: in the site's list, for
    /// the fetch records.
    func snapshot(of repo: RepoName, at position: Int?) async -> RepoSnapshot
    /// An `owners:` entry on this forge: its repositories, as many as its list holds.
    func listOwner(_ source: OwnerSource, spool: RecordSpool) async throws -> OwnerListing
    /// A repository an owner's list holds as private: what the cache keeps of it in clear goes.
    func forgetListed(_ repo: RepoName)
}

/// What a forge's source is made with: the build's network, cache, faces and records, shared with
/// GitHub's fetch, and how the site treats private projects.
package struct ForgeContext: Sendable {
    let stack: NetworkStack
    let cache: ResponseCache?
    let avatars: AvatarStore
    let records: FetchRecords?
    let environment: [String: String]
    let log: any BuildLog
    let now: Date
    /// `private: exclude`: a private or internal project is asked nothing more and left out.
    var leavesOutPrivate = false
    /// `--refresh`: nothing is reused on the strength of an unchanged activity date.
    var refresh = false
    /// The site being replaced: its faces stand in where a download failed.
    var previous: LastGoodData?

    package init(
        stack: NetworkStack, cache: ResponseCache?, avatars: AvatarStore, records: FetchRecords?,
        environment: [String: String], log: any BuildLog, now: Date
    ) {
        self.stack = stack
        self.cache = cache
        self.avatars = avatars
        self.records = records
        self.environment = environment
        self.log = log
        self.now = now
    }

    /// The host's token, from the variable its `forges:` entry names; never another host's.
    func token(for forge: Forge) -> String? {
        guard let name = forge.tokenEnv else { return nil }
        let token = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return token.isEmpty ? nil : token
    }
}

/// The site's forge sources, one per host its repositories name.
package struct ForgeSources: Sendable {
    private(set) var sources: [String: any ForgeSource] = [:]

    package init() {}

    /// A source for each forge the site uses; a kind without one yet is left out (its projects are
    /// then unavailable, said so on their cards).
    /// `ledgers`: each host's, when an earlier set of sources (the owners' listing) began counting.
    package init(_ forges: [Forge], context: ForgeContext, ledgers: [String: RequestLedger] = [:]) {
        for forge in forges {
            let ledger = ledgers[forge.host] ?? RequestLedger()
            switch forge.kind {
            case .gitlab: sources[forge.host] = GitLabSource(forge: forge, context: context, ledger: ledger)
            case .gitea, .forgejo:
                sources[forge.host] = GiteaSource(forge: forge, context: context, ledger: ledger)
            case .github: continue
            }
        }
    }

    package var isEmpty: Bool { sources.isEmpty }

    /// Each host's ledger, for the sources made after these.
    package var ledgers: [String: RequestLedger] { sources.mapValues(\.ledger) }

    /// Every source, by host (sorted, so the summary reads the same each build).
    package var all: [any ForgeSource] { sources.keys.sorted().compactMap { sources[$0] } }

    func listOwner(_ owner: OwnerSource, spool: RecordSpool) async throws -> OwnerListing {
        guard let host = owner.host, let source = sources[host] else {
            throw GitHubError.invalidResponse("\(owner.host ?? "GitHub") is not a forge this build can list")
        }
        return try await source.listOwner(owner, spool: spool)
    }

    func snapshot(of repo: RepoName, at position: Int?) async -> RepoSnapshot {
        guard let host = repo.host, let source = sources[host] else {
            return .unavailable(repo, reason: .failed("\(repo.host ?? "this host") is not a forge this build can read"))
        }
        return await source.snapshot(of: repo, at: position)
    }
}

/// What one forge's host cost a build: for the summary and `--json`.
package struct ForgeUsage: Sendable, Equatable {
    package var host: String
    package var kind: ForgeKind
    package var requests: RequestLedger.Counts
    /// Requests that waited for the host's own pacing (`rate:`), and the longest wait.
    package var paced: (longest: Double, requests: Int)

    package static func == (lhs: ForgeUsage, rhs: ForgeUsage) -> Bool {
        lhs.host == rhs.host && lhs.kind == rhs.kind && lhs.requests == rhs.requests
            && lhs.paced.longest == rhs.paced.longest && lhs.paced.requests == rhs.paced.requests
    }
}

extension ForgeSources {
    func usage(pacers: [String: Pacer]) async -> [ForgeUsage] {
        var usages: [ForgeUsage] = []
        for source in all {
            usages.append(
                ForgeUsage(
                    host: source.forge.host, kind: source.forge.kind, requests: await source.ledger.counts,
                    paced: pacers[source.forge.host]?.waits ?? (0, 0)))
        }
        return usages
    }
}
