import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources

/// GitHub's quota outlook counts what this build will ask GitHub: another forge's projects cost
/// their own host's quota, never GitHub's.
@Suite("Quota outlook: GitHub's quota, GitHub's repositories")
struct QuotaOutlookTests {
    static func names(_ texts: [String]) -> [RepoName] { texts.compactMap { RepoName.parse($0).value } }

    @Test("a GitLab project is not counted against GitHub's quota", arguments: [true, false])
    func otherForgesCostNothingHere(withCards: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quota-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repos = Self.names([
            "octo/cat", "gitlab.com/group/project", "gitlab.com/a/b/c/nested", "gitlab.example.com/platform/api",
            "octo/dog",
        ])
        #expect(repos.count == 5)
        let records = FetchRecords(cacheDirectory: folder, repos: repos)
        let plans = repos.map { SnapshotFetcher.Plan.repository($0) }
        let estimate = QuotaOutlook.estimate(plans, records: records, withCards: withCards, now: Date())
        // Two GitHub repositories, each its document (unless GraphQL gives the card) and contributors.
        #expect(estimate == (withCards ? 2 : 4))
    }
}
