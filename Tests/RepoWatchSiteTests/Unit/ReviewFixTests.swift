import Foundation
import Testing

@testable import RepoWatchSite

/// Edge cases found in review: each failed before its fix.
@Suite struct ReviewFixTests {
    @Test func nullScalarsMeanNotSet() throws {
        let config = try parse("title: ~\ndescription: null\nbase_url:\nrepos: [a/b]\n").config
        #expect(config.title == "Repo Watcher")
        #expect(config.description == nil)
        #expect(config.baseURL == nil)
        #expect(try parse("title: \"~\"\nrepos: [a/b]\n").config.title == "~")
    }

    @Test func suggestionsAreTheSameEveryRun() throws {
        let first = try parse("repos: [a/b]\na: 1\n").warnings.map(\.message)
        for _ in 0..<5 { #expect(try parse("repos: [a/b]\na: 1\n").warnings.map(\.message) == first) }
        #expect(first == ["unknown key 'a' is ignored; did you mean 'appearance'?"] || first.count == 1)
    }

    @Test func enterpriseManagedUserOwnersAreValid() {
        #expect(RepoName.parse("handle_shortcode/repo").value != nil)
        #expect(RepoName.parse("-handle/repo").value == nil)
    }

    @Test func derivedIDsFitInAFileName() {
        let long = RepoName(owner: String(repeating: "o", count: 39), name: String(repeating: "n", count: 100))
        let id = SiteConfig.derivedDoubleID(top: long, bottom: long)
        #expect(id.utf8.count <= 120)
        #expect(id != SiteConfig.derivedDoubleID(top: long, bottom: RepoName(owner: "a", name: "b")))
        #expect(SiteConfig.derivedDoubleID(top: long, bottom: long) == id)
        #expect(
            SiteConfig.derivedDoubleID(top: RepoName(owner: "a", name: "B"), bottom: RepoName(owner: "c", name: "d"))
                == "a-b--c-d")
    }

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

        var offline = NetworkPolicy()
        offline.offline = true
        let later = GitHubClient(
            configuration: api, transport: FakeTransport { _ in (500, [:], Data()) }, cache: cache, policy: offline)
        let (empty, emptyStaleness) = try await later.contributors(of: "a/empty")
        #expect(empty == .people([], avatarURLs: []))
        #expect(emptyStaleness != nil)
        #expect(try await later.contributors(of: "a/huge").0 == .tooLarge)
    }

    @Test func aSwapInterruptedBetweenItsTwoMovesIsUndone() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let aside = parent.appendingPathComponent(".public.old-1234abcd")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: aside.appendingPathComponent("index.html"))
        let writer = SiteWriter(target: parent.appendingPathComponent("public"))
        let staged = try writer.begin()
        let restored = parent.appendingPathComponent("public/index.html")
        #expect(try String(contentsOf: restored, encoding: .utf8) == "previous")
        staged.abandon()
    }
}
