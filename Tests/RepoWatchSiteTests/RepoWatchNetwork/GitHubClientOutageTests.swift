import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The client under GitHub's limits and outages: one slowdown per burst, lists kept for later.
@Suite struct GitHubClientOutageTests {
    @Test func aBurstOfSecondaryLimitsLowersConcurrencyOnce() async throws {
        let body = try SharedFixtures.interactionBody("interaction-repos-get-200-twbs-bootstrap.json")
        let limited = json(["message": "You have exceeded a secondary rate limit."])
        let lowered = Counter()
        let seen = FileCollector()
        // Each repository's first request meets the limit; its retry succeeds.
        let transport = FakeTransport { request in
            let path = request.url!.path
            if seen.files[path] == nil {
                seen.add(path, Data())
                return (403, ["retry-after": "1"], limited)
            }
            return (200, [:], body)
        }
        let now = Date(timeIntervalSince1970: 1_000_000)
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!), transport: transport,
            onSecondaryLimit: { _ = lowered.next() }, sleep: { _ in }, clock: { now })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask { _ = try await client.repository(RepoName(owner: "a", name: "r\(index)")) }
            }
            try await group.waitForAll()
        }
        #expect(lowered.next() == 1, "lowered more than once for one pause")
    }

    @Test func emptyAndTooLargeContributorListsAreCachedForOutages() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!)
        let tooLarge = json(["message": "The history or contributor list is too large to list contributors"])
        let online = FakeTransport { request in
            request.url!.path.contains("/empty/") ? (204, [:], Data()) : (403, [:], tooLarge)
        }
        let first = GitHubClient(configuration: api, transport: online, cache: cache)
        #expect(try await first.contributors(of: "a/empty").0 == .people([], avatarURLs: []))
        #expect(try await first.contributors(of: "a/huge").0 == .tooLarge)

        let offline = try FetchOptions(offline: true)
        let later = GitHubClient(
            configuration: api, transport: FakeTransport { _ in (500, [:], Data()) }, cache: cache, options: offline)
        let (empty, emptyStaleness) = try await later.contributors(of: "a/empty")
        #expect(empty == .people([], avatarURLs: []))
        #expect(emptyStaleness != nil)
        #expect(try await later.contributors(of: "a/huge").0 == .tooLarge)
    }
}
