import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// `repos:` through GraphQL: one query answers up to 100 cards (everything but contributors).
@Suite("GraphQL cards: the batch's answer, NOT_FOUND and renames")
struct RepositoryCardsTests {
    let repos = [
        RepoName(owner: "apple", name: "swift"), RepoName(owner: "octocat", name: "Gone"),
        RepoName(owner: "kennethreitz", name: "requests"), RepoName(owner: "old", name: "server"),
    ]

    /// A node in GitHub's shape (the fields `RepositoryNode.fields` and the counts ask for).
    static func node(
        _ name: String, stars: Int = 7, pushedAt: String? = "2026-11-01T10:00:00Z", isPrivate: Bool = false
    ) -> [String: Any] {
        [
            "nameWithOwner": name, "url": "https://github.com/\(name)", "description": "About \(name)",
            "stargazerCount": stars, "forkCount": 2, "hasIssuesEnabled": true, "isArchived": false,
            "pushedAt": pushedAt.map { $0 as Any } ?? NSNull(),
            "owner": ["login": String(name.split(separator: "/")[0]), "avatarUrl": "https://a.test/u"],
            "repositoryTopics": ["nodes": [["topic": ["name": "swift"]], ["topic": ["name": "ios"]]]],
            "issues": ["totalCount": 3], "pullRequests": ["totalCount": 4], "isPrivate": isPrivate,
            "primaryLanguage": ["name": "Swift", "color": "#F05138"],
            "latestRelease": ["tagName": "v1.0", "publishedAt": "2026-10-01T00:00:00Z"],
        ]
    }

    static let answer = json([
        "data": [
            "rateLimit": ["cost": 3, "remaining": 4_990, "limit": 5_000],
            "r0": node("apple/swift", stars: 67_000),
            "r1": NSNull(),
            // GitHub follows a rename: the node carries the name the repository has now.
            "r2": node("psf/requests", isPrivate: true),
            // A server that knows only the counts: that card is asked over REST.
            "r3": ["issues": ["totalCount": 1], "pullRequests": ["totalCount": 0]],
        ],
        "errors": [
            [
                "type": "NOT_FOUND", "path": ["r1"], "locations": [["line": 4, "column": 3]],
                "message": "Could not resolve to a Repository with the name 'octocat/Gone'.",
            ]
        ],
    ])

    @Test("one answer: cards where complete, NOT_FOUND as missing, renames under the name asked for")
    func parse() throws {
        let answer = try OpenCountsQuery(repos: repos).parse(Self.answer)
        let swift = try #require(answer.cards["apple/swift"])
        #expect(swift.fullName == "apple/swift" && swift.stars == 67_000 && swift.forks == 2)
        #expect(swift.openIssues == 7, "REST's combined count; the counts split it")
        #expect(swift.topics == ["swift", "ios"] && swift.language == "Swift" && swift.hasIssues)
        #expect(swift.owner.login == "apple" && swift.owner.avatarURL == "https://a.test/u")
        #expect(swift.pushedAt == ISO8601.parse("2026-11-01T10:00:00Z"))
        #expect(answer.cards["kennethreitz/requests"]?.fullName == "psf/requests")
        #expect(answer.cards["kennethreitz/requests"]?.isPrivate == true && swift.isPrivate == false)
        #expect(answer.missing == ["octocat/gone"])
        #expect(answer.cards["old/server"] == nil && answer.counts["old/server"] == OpenCounts(issues: 1, pulls: 0))
        #expect(answer.counts["apple/swift"]?.release?.tag == "v1.0")
    }

    @Test("the query asks for every card field and the counts, names as variables, 100 to a query")
    func query() {
        let text = OpenCountsQuery(repos: repos).text
        for field in [
            "nameWithOwner", "stargazerCount", "forkCount", "hasIssuesEnabled", "isArchived", "pushedAt",
            "owner { login avatarUrl }", "repositoryTopics(first: 20)", "issues(states: OPEN) { totalCount }",
            "pullRequests(states: OPEN) { totalCount }", "latestRelease", "primaryLanguage", "isPrivate", "url",
            "description",
        ] {
            #expect(text.contains(field), "\(field)")
        }
        #expect(!text.contains("swift\"") && !text.contains("requests\""))
        #expect(OpenCountsQuery.batchSize == 100)
    }

    @Test("the fetch: a card needs no REST document; NOT_FOUND is gone once REST's 404 says so; a rename is told")
    func fetchUsesTheCards() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contributors = json([["login": "ada", "type": "User", "contributions": 5]])
        let transport = FakeTransport { request in
            let path = request.url!.path
            if path == "/graphql" { return (200, [:], Self.answer) }
            if path.hasSuffix("/contributors") { return (200, [:], contributors) }
            if path == "/repos/old/server" {
                return (200, [:], json(["full_name": "old/server", "owner": ["login": "old"], "stargazers_count": 1]))
            }
            return (404, [:], json(["message": "Not Found"]))
        }
        let log = MemoryLog()
        let (fetcher, cards) = cardFetcher(transport, cacheDirectory: folder, log: log)
        let snapshots = await fetcher.fetchAll(repos.map(SnapshotFetcher.Plan.repository), jobs: 1)
        #expect(snapshots[0].stars == 67_000 && snapshots[0].contributors.map(\.login) == ["ada"])
        #expect(snapshots[1].staleness == .failed(GitHubError.notFound.description) && !snapshots[1].failureIsTransient)
        #expect(snapshots[1].isGone, "NOT_FOUND confirmed by REST's 404 is gone (its feed entry says so)")
        #expect(snapshots[2].isPrivate && !snapshots[0].isPrivate, "the build leaves a private one out")
        #expect(snapshots[2].fullName == "psf/requests" && snapshots[2].configName == "kennethreitz/requests")
        // Its new name is private: the log, public in a public repository's workflow, does not say it.
        #expect(log.messages.contains { $0.contains("kennethreitz/requests was renamed, to a private repository") })
        #expect(!log.messages.contains { $0.contains("psf/requests") }, "\(log.messages)")
        #expect(snapshots[3].stars == 1, "no card in the answer: REST's document")
        let paths = transport.requests.map { $0.url!.path }
        #expect(paths.filter { $0 == "/graphql" }.count == 1)
        #expect(
            Set(paths.filter { $0.hasPrefix("/repos/") && !$0.hasSuffix("/contributors") })
                == ["/repos/octocat/Gone", "/repos/old/server"], "NOT_FOUND asked once over REST")
        #expect(paths.contains("/repos/psf/requests/contributors"))
        let report = await cards.report()
        #expect(report.queries == 1 && report.cost == 3 && report.fresh[0]?.pulls == 4)
    }
}

extension RepositoryCardsTests {
    /// A fetcher that asks `transport` for everything, a card wanted for every repository.
    func cardFetcher(_ transport: FakeTransport, cacheDirectory: URL, log: MemoryLog)
        -> (SnapshotFetcher, RepositoryCards)
    {
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t")
        let stack = NetworkStack(transport: transport, sleep: { _ in })
        let counts = OpenCountsFetcher(
            url: URL(string: "https://api.example.test/graphql"), token: "t", userAgent: "test", stack: stack,
            cacheDirectory: cacheDirectory, log: log, now: Date())
        let cards = RepositoryCards(counts, repos: repos, order: Array(repos.indices), wantsCard: { _ in true })
        var fetcher = SnapshotFetcher(
            client: GitHubClient(configuration: api, stack: stack), avatars: AvatarStore(client: nil), log: log,
            now: Date())
        fetcher.cards = cards
        return (fetcher, cards)
    }

    @Test("a NOT_FOUND alias that REST serves (a passing or partial answer) is fetched, renames followed")
    func notFoundIsConfirmedOverREST() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contributors = json([["login": "ada", "type": "User", "contributions": 5]])
        let moved = json([
            "full_name": "octocat/Moved", "owner": ["login": "octocat"], "stargazers_count": 11, "forks_count": 1,
        ])
        let transport = FakeTransport { request in
            let path = request.url!.path
            if path == "/graphql" { return (200, [:], Self.answer) }
            if path.hasSuffix("/contributors") { return (200, [:], contributors) }
            if path == "/repos/octocat/Gone" {
                return (301, ["location": "https://api.example.test/repositories/42"], Data())
            }
            if path == "/repositories/42" { return (200, [:], moved) }
            return (404, [:], json(["message": "Not Found"]))
        }
        let log = MemoryLog()
        let (fetcher, _) = cardFetcher(transport, cacheDirectory: folder, log: log)
        let gone = await fetcher.fetch(.repository(repos[1]), at: 1)
        #expect(gone.isAvailable && !gone.isGone && gone.stars == 11, "\(gone.staleness?.description ?? "")")
        #expect(gone.fullName == "octocat/Moved" && gone.configName == "octocat/Gone")
        #expect(log.messages.contains { $0.contains("octocat/Gone was renamed to octocat/Moved") })
        #expect(transport.requests.map { $0.url!.path }.contains("/repos/octocat/Moved/contributors"))
    }
}

@Suite("Ask only what can have changed: contributors kept while nothing is pushed")
struct FetchRecordsTests {
    let repos = [
        RepoName(owner: "a", name: "one"), RepoName(owner: "a", name: "two"), RepoName(owner: "a", name: "three"),
    ]
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("unchanged while pushed_at has not moved and the contributors are under a week old")
    func skipRule() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = FetchRecords(cacheDirectory: folder, repos: repos)
        let pushed = Date(timeIntervalSince1970: 1_799_000_000)
        #expect(!records.unchanged(at: 0, pushedAt: pushed, now: now), "never asked")
        records.asked(at: 0, pushedAt: pushed, now: now)
        records.asked(at: 1, pushedAt: nil, now: now)
        #expect(records.unchanged(at: 0, pushedAt: pushed, now: now.addingTimeInterval(6 * 86_400)))
        #expect(!records.unchanged(at: 0, pushedAt: pushed.addingTimeInterval(1), now: now), "pushed since")
        #expect(!records.unchanged(at: 0, pushedAt: pushed, now: now.addingTimeInterval(7 * 86_400)), "a week old")
        #expect(records.unchanged(at: 1, pushedAt: nil, now: now), "never pushed, still never pushed")
        #expect(!records.unchanged(at: 1, pushedAt: pushed, now: now), "a first push")
    }

    @Test("kept beside the cache: read back by name, whatever the site's order; the oldest come first")
    func persistedAndOrdered() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = FetchRecords(cacheDirectory: folder, repos: repos)
        records.asked(at: 0, pushedAt: nil, now: now)
        records.asked(at: 2, pushedAt: now, now: now.addingTimeInterval(-3_600))
        records.save()
        // The site changed: another order, one repository new, one gone.
        let reordered = [repos[2], RepoName(owner: "a", name: "new"), repos[0]]
        let read = FetchRecords(cacheDirectory: folder, repos: reordered)
        #expect(read[0] == .init(askedAt: now.timeIntervalSince1970 - 3_600, pushedAt: now.timeIntervalSince1970))
        #expect(read[1] == .init())
        #expect(read[2].askedAt == now.timeIntervalSince1970)
        #expect(read.oldestFirst() == [1, 0, 2], "never asked, then the longest waiting")
        try Data("garbage\nA/ONE\tnot-a-number\t\n".utf8).write(to: read.url)
        #expect(FetchRecords(cacheDirectory: folder, repos: repos)[0] == .init(), "a damaged line is never asked")
    }

    @Test("the fetch: an unchanged repository's contributors come from the cache without a request")
    func fetcherKeepsUnchangedContributors() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder, now: now)
        let transport = FakeTransport { request in
            (200, ["etag": "\"c\""], json([["login": "ada", "type": "User", "contributions": 5]]))
        }
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t")
        let client = GitHubClient(configuration: api, transport: transport, cache: cache)
        let records = FetchRecords(cacheDirectory: folder, repos: repos)
        var fetcher = SnapshotFetcher(client: client, avatars: AvatarStore(client: nil), log: MemoryLog(), now: now)
        fetcher.records = records
        let payload = RepositoryPayload(
            fullName: "a/one", owner: .init(login: "a", avatarURL: nil), htmlURL: nil, description: nil, stars: 1,
            forks: 0, openIssues: 0, hasIssues: true, archived: false, pushedAt: now, language: nil, topics: [],
            isPrivate: false)
        _ = await fetcher.snapshot(of: payload, configName: "a/one", staleness: nil, position: 0)
        #expect(transport.requests.count == 1 && records[0].askedAt == now.timeIntervalSince1970)
        let again = await fetcher.snapshot(of: payload, configName: "a/one", staleness: nil, position: 0)
        #expect(transport.requests.count == 1, "nothing pushed: no request")
        #expect(again.contributors.map(\.login) == ["ada"] && !again.stale)
        var pushed = payload
        pushed.pushedAt = now.addingTimeInterval(60)
        _ = await fetcher.snapshot(of: pushed, configName: "a/one", staleness: nil, position: 0)
        #expect(transport.requests.count == 2, "pushed since: asked again")
        fetcher.refresh = true
        _ = await fetcher.snapshot(of: pushed, configName: "a/one", staleness: nil, position: 0)
        #expect(transport.requests.count == 3, "--refresh asks everything")
    }

    @Test("the budget spent before a repository's contributors were ever asked: pending, not an error")
    func pendingWhenDeferred() async throws {
        let transport = FakeTransport { _ in (200, [:], json([])) }
        var stack = NetworkStack(transport: transport, sleep: { _ in })
        let scope = APIScope(URL(string: "https://api.example.test")!)
        stack.allowances[.rest] = [RequestBudget(scope: scope, limit: .requests(0), authorized: true)]
        let client = GitHubClient(configuration: APIConfiguration(baseURL: scope.base, token: "t"), stack: stack)
        let log = MemoryLog()
        let fetcher = SnapshotFetcher(client: client, avatars: AvatarStore(client: nil), log: log, now: now)
        let listed = RepositoryPayload(
            fullName: "a/one", owner: .init(login: "a", avatarURL: nil), htmlURL: nil, description: nil, stars: 1,
            forks: 0, openIssues: 0, hasIssues: true, archived: false, pushedAt: now, language: nil, topics: [],
            isPrivate: false)
        let withNumbers = await fetcher.snapshot(of: listed, configName: "a/one", staleness: nil)
        #expect(withNumbers.pending && withNumbers.isAvailable && withNumbers.stars == 1)
        #expect(withNumbers.contributorsNote == ContributorsNote.pending)
        let never = await fetcher.fetch(RepoName(owner: "a", name: "two"))
        #expect(never.pending && !never.isAvailable && never.staleness == nil)
        #expect(transport.requests.isEmpty)
        #expect(log.messages.isEmpty, "deferring is not worth a warning: \(log.messages)")
    }
}
