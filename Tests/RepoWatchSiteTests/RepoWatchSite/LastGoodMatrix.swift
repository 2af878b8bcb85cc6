import Foundation
import Synchronization

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// One cell of the last-good matrix: a build from `state`, online with `fault` on `source`, or
/// `--offline` (no network, so no fault).
struct MatrixCell: Hashable, Sendable {
    var source: FaultSource?
    var fault: Fault?
    var state: StartState
    var offline: Bool { source == nil }

    /// Every combination: each source × each fault × each state online, each state offline.
    static var all: [MatrixCell] {
        var cells: [MatrixCell] = []
        for source in FaultSource.allCases {
            for fault in Fault.allCases where fault.applies(to: source) {
                for state in StartState.allCases {
                    cells.append(MatrixCell(source: source, fault: fault, state: state))
                }
            }
        }
        return cells + StartState.allCases.map { MatrixCell(source: nil, fault: nil, state: $0) }
    }

    /// Why the general promise does not apply, by design (docs/reliability.md); nil where it does.
    var byDesign: String? {
        if offline, !state.hasCache { return "--offline with nothing cached is an error" }
        if fault == .notFound, source == .restDocument { return "a 404 that REST confirms: the repository is gone" }
        if fault == .notFound, source?.listsOwner == true { return "a 404 for the owner: the owner is gone" }
        if fault == .notFound, source == .gitLab { return "a 404 for the project: the project is gone" }
        if fault == .notFound, source == .gitea { return "a 404 for the repository: the repository is gone" }
        if source == .graphQLCounts, fault?.isWholeRequest == true {
            return "the same request as the GraphQL repository query"
        }
        return nil
    }

    /// Whether the cell is only the same request as another row (nothing to build).
    var isSameAsAnother: Bool { source == .graphQLCounts && fault?.isWholeRequest == true }

    /// Whether anything on this machine holds the last good cards (else only the published site
    /// holds the history and the feed).
    var keepsCards: Bool { state.hasCache || (state.hasPrevious && !offline) }
}

/// The times of the two builds: the last good one, and the one that meets the fault.
enum MatrixTime {
    static let lastGood = ISO8601.parse("2026-11-20T00:00:00Z")!
    static let now = ISO8601.parse("2026-11-20T12:00:00Z")!
}

/// Time that passes only when a build waits: a retry's backoff or a rate limit's pause moves it.
final class VirtualClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date) { time = Mutex(start) }

    var now: Date { time.withLock { $0 } }

    func sleep(_ seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(max(0, seconds)) } }
}

/// Runs builds of the matrix's site in folders of their own, in-process.
struct MatrixBuilder {
    static let siteYAML = """
        title: Last good
        base_url: https://site.test/
        forges:
          - host: gitlab.test
            kind: gitlab
            token_env: MATRIX_GITLAB_TOKEN
          - host: gitea.test
            kind: gitea
            token_env: MATRIX_GITEA_TOKEN
        repos:
          - a/one
          - a/two
          - gitlab.test/g/five
          - gitea.test/g/six
        owners:
          - owner: b
          - owner: gitlab.test/grp
          - owner: gitea.test/org

        """

    /// A build of the site in `folder` against `world`, at `now`.
    static func build(
        in folder: URL, world: FaultWorld, now: Date, offline: Bool = false, graphQLBudget: Int? = nil,
        siteCeiling: Int? = nil
    ) async throws -> (result: BuildResult, log: MemoryLog) {
        let clock = VirtualClock(now)
        var fetch = try FetchOptions(apiURL: FaultWorld.api, jobs: 4, offline: offline, graphQLBudget: graphQLBudget)
        fetch.substitute = NetworkSubstitute(transport: world, sleep: { clock.sleep($0) }, clock: { clock.now })
        var options = try BuildOptions(fetch: fetch, lockWait: 5)
        options.configPath = folder.appendingPathComponent("site.yml").path
        options.now = now
        if let siteCeiling { options.siteCeiling = siteCeiling }
        options.environment = [
            "GITHUB_TOKEN": FaultWorld.token, "MATRIX_GITLAB_TOKEN": FaultWorld.gitLabToken,
            "MATRIX_GITEA_TOKEN": FaultWorld.giteaToken,
        ]
        let log = MemoryLog()
        return (try await Build(options: options, log: log).run(), log)
    }

    /// The last good build: its folder (site.yml, `.repowatch/`, `public/`) to copy from. Its fork-date
    /// allowance is one query, the first pages of every repository; the star history of one repository
    /// stops after its first page (the world of version 1 fails the second), which the next build goes
    /// on to read, so a fault on the star history meets a build with the cache too.
    static func lastGood() async throws -> URL {
        let folder = try temporaryDirectory()
        try Data(siteYAML.utf8).write(to: folder.appendingPathComponent("site.yml"))
        let (result, log) = try await build(
            in: folder, world: FaultWorld(version: 1), now: MatrixTime.lastGood, graphQLBudget: 1)
        guard result.exitCode == 0 else { throw MatrixError("the last good build failed: \(log.messages)") }
        return folder
    }

    /// A folder holding what `state` keeps of the last good build.
    static func prepare(_ state: StartState, from lastGood: URL) throws -> URL {
        let folder = try temporaryDirectory()
        let manager = FileManager.default
        try manager.copyItem(
            at: lastGood.appendingPathComponent("site.yml"), to: folder.appendingPathComponent("site.yml"))
        if state.hasCache {
            try manager.copyItem(
                at: lastGood.appendingPathComponent(".repowatch"), to: folder.appendingPathComponent(".repowatch"))
        }
        if state.hasPrevious {
            try manager.copyItem(
                at: lastGood.appendingPathComponent("public"), to: folder.appendingPathComponent("public"))
        }
        return folder
    }
}

struct MatrixError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
