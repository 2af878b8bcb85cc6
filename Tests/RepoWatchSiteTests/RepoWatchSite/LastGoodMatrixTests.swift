import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The promise the tool is built on: a build never loses what the last good build published. Every
/// source of data × every fault × every starting state, online and `--offline`, each a whole build
/// in-process against `FaultWorld` (virtual time: a retry or a rate limit costs no waiting).
@Suite("Last good data, always: the fault matrix")
struct LastGoodMatrixTests {
    /// What the matrix gave, cell by cell.
    struct Outcome: Sendable {
        var cell: MatrixCell
        var seen: String
        var problems: [String]
    }

    static func run(_ cell: MatrixCell, lastGood: URL, before: PublishedValues) async -> Outcome {
        guard !cell.isSameAsAnother else {
            return Outcome(cell: cell, seen: "as the " + FaultSource.graphQLRepos.rawValue, problems: [])
        }
        do {
            let folder = try MatrixBuilder.prepare(cell.state, from: lastGood)
            defer { try? FileManager.default.removeItem(at: folder) }
            let world = FaultWorld(
                version: 2, fault: cell.source.map { ($0, cell.fault!) },
                publishedSite: lastGood.appendingPathComponent("public"))
            let (result, log) = try await MatrixBuilder.build(
                in: folder, world: world, now: MatrixTime.now, offline: cell.offline)
            let repos = Array(result.snapshot.repos)
            let site = folder.appendingPathComponent("public")
            let after = try PublishedValues(site: site)
            var problems = LastGoodInvariant(cell: cell, before: before, world: world)
                .problems(repos, after: after, exitCode: result.exitCode, site: site)
            problems += tokenLeaks(world)
            // The table says what the faulted source decides: GitLab's rows its projects' cards,
            // Gitea's its repositories', a forge owner's listing its repositories', the other rows
            // GitHub's repositories' (a fault on one forge leaves the other's cards fresh).
            let decided = cell.source == nil ? repos : repos.filter { Self.decides(cell.source, $0.configName) }
            problems += LastGoodInvariant.waitedOut(decided, cell: cell)
            var seen = LastGoodInvariant.seen(decided, exitCode: result.exitCode, cell: cell)
            if cell.source == .ownerCards { seen += LastGoodInvariant.ownerCardSeen(after) }
            if let source = cell.source, source.isForge, let owner = source.owner {
                seen += LastGoodInvariant.ownerCardSeen(after, owner: owner, parts: false)
            }
            if cell.source == .backfill || cell.source == .starHistory {
                seen += LastGoodInvariant.datesSeen(
                    before: before, after: after, cache: folder.appendingPathComponent(".repowatch"))
            }
            if !problems.isEmpty { problems.append("log: " + log.messages.joined(separator: " | ")) }
            return Outcome(cell: cell, seen: seen, problems: problems)
        } catch {
            return Outcome(cell: cell, seen: "build failed", problems: ["\(error)"])
        }
    }

    /// Whether a fault on `source` decides the card of `name`.
    static func decides(_ source: FaultSource?, _ name: String) -> Bool {
        let name = name.lowercased()
        if FaultWorld.gitLabOwned.contains(name) { return source == .gitLab || source == .gitLabOwner }
        if FaultWorld.giteaOwned.contains(name) { return source == .gitea || source == .giteaOwner }
        switch name {
        case FaultWorld.gitLabProject: return source == .gitLab
        case FaultWorld.giteaRepo: return source == .gitea
        default: return source?.isForge != true
        }
    }

    /// Each token goes to its own API's origin only (GitHub's to api.test, GitLab's to gitlab.test),
    /// whatever the fault; nothing else carries one.
    static func tokenLeaks(_ world: FaultWorld) -> [String] {
        world.requests.compactMap { request in
            let sent = request.value(forHTTPHeaderField: "Authorization")
            let host = request.url?.host ?? "?"
            let expected = [
                "api.test": FaultWorld.token, "gitlab.test": FaultWorld.gitLabToken,
                "gitea.test": FaultWorld.giteaToken,
            ][host]
            guard let sent, sent != "Bearer \(expected ?? "")" else { return nil }
            return "a token went to \(host)"
        }
    }

    /// The table docs/reliability.md shows: source × fault rows, a column per starting state.
    static func table(_ outcomes: [Outcome]) -> String {
        let byCell = Dictionary(outcomes.map { ($0.cell, $0.seen) }, uniquingKeysWith: { first, _ in first })
        var lines = [
            "| Source | Fault | " + StartState.allCases.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|---|" + String(repeating: "---|", count: StartState.allCases.count),
        ]
        for source in FaultSource.allCases {
            for fault in Fault.allCases where fault.applies(to: source) {
                let cells = StartState.allCases.map {
                    byCell[MatrixCell(source: source, fault: fault, state: $0)] ?? "?"
                }
                lines.append("| \(source.rawValue) | \(fault.rawValue) | " + cells.joined(separator: " | ") + " |")
            }
        }
        let offline = StartState.allCases.map { byCell[MatrixCell(source: nil, fault: nil, state: $0)] ?? "?" }
        lines.append("| every source | `--offline` (no network) | " + offline.joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }

    static let documentation = E2EPaths.packageRoot.appendingPathComponent("docs/reliability.md")

    /// The table between the markers in docs/reliability.md.
    static func documentedTable() throws -> String {
        let text = try String(contentsOf: documentation, encoding: .utf8)
        guard let start = text.range(of: "<!-- last-good-matrix:begin -->\n"),
            let end = text.range(of: "\n<!-- last-good-matrix:end -->", range: start.upperBound..<text.endIndex)
        else { return "" }
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("every source × fault × starting state, online and --offline: nothing the last good build published is lost")
    func matrix() async throws {
        let started = Date()
        let lastGood = try await MatrixBuilder.lastGood()
        defer { try? FileManager.default.removeItem(at: lastGood) }
        let before = try PublishedValues(site: lastGood.appendingPathComponent("public"))
        #expect(before.repos.count == 10 && before.feed.count > 0 && before.history.count == 10)
        #expect(Set(before.owners.keys) == ["b", FaultWorld.gitLabGroup, FaultWorld.giteaOrganization])
        // Star history: read whole for two, not offered for one, the first page of the fourth (whose
        // fork dates are backfilled alone meanwhile).
        #expect(before.starts.values.filter { $0 == .starHistory }.count == 2, "\(before.starts)")
        #expect(before.starts[FaultWorld.notOffered] == .firstSnapshot(.notOffered))
        #expect(before.starts[FaultWorld.manyWeeks] == .firstSnapshot(.notReadYet))
        #expect(before.backfilled[FaultWorld.manyWeeks].map { !$0.isEmpty } == true)
        let cells = MatrixCell.all
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            var outcomes: [Outcome] = []
            var next = 0
            for _ in 0..<3 where next < cells.count {
                let cell = cells[next]
                group.addTask { await Self.run(cell, lastGood: lastGood, before: before) }
                next += 1
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if next < cells.count {
                    let cell = cells[next]
                    group.addTask { await Self.run(cell, lastGood: lastGood, before: before) }
                    next += 1
                }
            }
            return outcomes
        }
        for outcome in outcomes where !outcome.problems.isEmpty {
            let cell = outcome.cell
            let place =
                "\(cell.source?.rawValue ?? "offline") × \(cell.fault?.rawValue ?? "-") × \(cell.state.rawValue)"
            let message: String = place + ": " + outcome.problems.joined(separator: "\n  ")
            Issue.record(Comment(rawValue: message))
        }
        let table = Self.table(outcomes)
        // One file a run: several checkouts on one machine run the matrix at once.
        let written = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "last-good-matrix-\(ProcessInfo.processInfo.processIdentifier).md")
        try? Data((table + "\n").utf8).write(to: written)
        print(
            "last-good matrix: \(cells.count) cells (\(cells.filter { !$0.isSameAsAnother }.count) builds) in "
                + String(format: "%.1f", Date().timeIntervalSince(started)) + " s; table in \(written.path)")
        #expect(
            try Self.documentedTable() == table, "docs/reliability.md's matrix differs from the run's: \(written.path)")
    }
}
