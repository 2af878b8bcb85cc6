import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources

@Suite struct GraphQLEndpointTests {
    func url(_ base: String, given: Bool = false, _ environment: [String: String] = [:]) -> String? {
        GraphQLEndpoint.url(apiBase: URL(string: base)!, apiURLGiven: given, environment: environment)?.absoluteString
    }

    @Test func derivedFromTheAPIBase() {
        #expect(url("https://api.github.com") == "https://api.github.com/graphql")
        #expect(url("https://api.github.com/") == "https://api.github.com/graphql")
        #expect(url("https://ghe.example.com/api/v3") == "https://ghe.example.com/api/graphql")
        #expect(url("https://ghe.example.com/api/v3/") == "https://ghe.example.com/api/graphql")
        #expect(url("http://127.0.0.1:8080") == "http://127.0.0.1:8080/graphql")
        #expect(url("http://127.0.0.1:8080/proxy") == "http://127.0.0.1:8080/proxy/graphql")
    }

    @Test func environmentWinsUnlessAnExplicitAPIURLIsElsewhere() {
        let actions = ["GITHUB_GRAPHQL_URL": "https://api.github.com/graphql"]
        #expect(url("https://api.github.com", actions) == "https://api.github.com/graphql")
        let enterprise = ["GITHUB_GRAPHQL_URL": "https://ghe.example.com/api/graphql"]
        #expect(url("https://ghe.example.com/api/v3", enterprise) == "https://ghe.example.com/api/graphql")
        // `--api-url` to a test server inside Actions: the token must not go to github.com.
        #expect(url("http://127.0.0.1:9000", given: true, actions) == "http://127.0.0.1:9000/graphql")
        let sameOrigin = ["GITHUB_GRAPHQL_URL": "http://127.0.0.1:9000/api/graphql"]
        #expect(url("http://127.0.0.1:9000", given: true, sameOrigin) == "http://127.0.0.1:9000/api/graphql")
        #expect(
            url("https://api.github.com", ["GITHUB_GRAPHQL_URL": "javascript:alert(1)"])
                == "https://api.github.com/graphql")
    }
}

@Suite struct OpenCountsQueryTests {
    let repos = [RepoName(owner: "apple", name: "swift"), RepoName(owner: "octocat", name: "Hello-World")]

    @Test func batchesOfAtMostAHundred() {
        let many = (0..<250).map { RepoName(owner: "o", name: "r\($0)") }
        #expect(OpenCountsQuery.batches(many).map(\.repos.count) == [100, 100, 50])
    }

    @Test func namesAreVariablesNotQueryText() throws {
        let query = OpenCountsQuery(repos: repos)
        #expect(!query.text.contains("apple") && !query.text.contains("Hello-World"))
        #expect(query.text.contains("r1: repository(owner: $o1, name: $n1)"))
        let body = try #require(JSONSerialization.jsonObject(with: query.body) as? [String: Any])
        let variables = try #require(body["variables"] as? [String: String])
        #expect(variables == ["o0": "apple", "n0": "swift", "o1": "octocat", "n1": "Hello-World"])
    }

    @Test func aPartialAnswerKeepsWhatResolved() throws {
        let answer = try OpenCountsQuery(repos: repos).parse(
            Data(
                """
                {"data":{"rateLimit":{"cost":1,"remaining":4990,"limit":5000},
                  "r0":{"issues":{"totalCount":1},"pullRequests":{"totalCount":0}},"r1":null},
                 "errors":[{"type":"NOT_FOUND","path":["r1"],"locations":[{"line":4,"column":3}],
                  "message":"Could not resolve to a Repository with the name 'octocat/Hello-World'."}]}
                """.utf8))
        #expect(answer.counts == ["apple/swift": OpenCounts(issues: 1, pulls: 0)])
        #expect(answer.errors.count == 1 && answer.errors[0].hasPrefix("NOT_FOUND: Could not resolve"))
        #expect(answer.cost == 1 && answer.remaining == 4990 && answer.limit == 5000)
    }

    @Test func anAnswerWithoutDataIsAFailure() {
        let query = OpenCountsQuery(repos: repos)
        #expect(throws: GitHubError.self) {
            try query.parse(Data(#"{"errors":[{"message":"Bad credentials"}]}"#.utf8))
        }
        #expect(throws: GitHubError.self) { try query.parse(Data("<html>".utf8)) }
        // Negative or non-numeric counts are not counts.
        let odd = try? query.parse(
            Data(
                #"{"data":{"r0":{"issues":{"totalCount":-1},"pullRequests":{"totalCount":2}},"r1":{"issues":{"totalCount":"3"}}}}"#
                    .utf8))
        #expect(odd?.counts.isEmpty == true)
    }
}

@Suite struct OpenCountsApplyTests {
    func repo(_ name: String, stale: Bool = false) -> RepoSnapshot {
        RepoSnapshot(
            configName: name, fullName: name, stars: 1, forks: 1, openIssues: 10, hasIssues: true,
            openIssuesIncludePulls: true, fetchedAt: Date(timeIntervalSince1970: 0), stale: stale)
    }

    @Test("counted now, else the last counts where GraphQL was asked and did not answer (the card says stale)")
    func freshCountsElseTheLastOnes() {
        let counted = Date(timeIntervalSince1970: -3_600)
        var report = OpenCountsFetcher.Report()
        report.fresh = CountsTable(size: 3)
        report.fresh[0] = OpenCounts(issues: 6, pulls: 4)
        report.cached = [
            "a/old": .init(OpenCounts(issues: 7, pulls: 3), storedAt: counted),
            "a/live": .init(
                OpenCounts(issues: 1, pulls: 9, release: RepoRelease(tag: "v2", publishedAt: nil)), storedAt: counted),
        ]
        report.problem = "GitHub answered 502"
        let applied = report.apply(to: [repo("a/fresh"), repo("a/old", stale: true), repo("a/live")])
        #expect(applied[0].openIssues == 6 && applied[0].openPulls == 4 && !applied[0].openIssuesIncludePulls)
        #expect(!applied[0].stale)
        #expect(applied[1].openIssues == 7 && applied[1].openPulls == 3)
        // Asked and not answered: the last split, release included, and the card says how old it is.
        #expect(applied[2].openIssues == 1 && applied[2].openPulls == 9 && applied[2].release?.tag == "v2")
        #expect(applied[2].stale && applied[2].fetchedAt == counted, "\(applied[2])")
        #expect(applied[2].staleness?.description.contains("502") == true)
        // Without a token nothing was asked: REST's combined count is the answer, flagged, fresh.
        report.skipped = .noToken
        let tokenless = report.apply(to: [repo("a/fresh"), repo("a/old"), repo("a/live")])[2]
        #expect(tokenless.openIssues == 10 && tokenless.openPulls == nil && tokenless.openIssuesIncludePulls)
        #expect(!tokenless.stale)
        // Offline nothing was asked either, and the cache's counts are the answer.
        report.skipped = .offline
        #expect(report.apply(to: [repo("a/fresh"), repo("a/old"), repo("a/live")])[2].openPulls == 9)
    }

    @Test("open-counts.json keeps the release and the language with the counts, escaped, and reads older files")
    func keptCountsRoundTrip() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = OpenCountsCache(cacheDirectory: folder)
        let names = [
            RepoName(owner: "a", name: "one"), RepoName(owner: "a", name: "two"), RepoName(owner: "a", name: "hidden"),
        ]
        var table = CountsTable(size: 3)
        table[0] = OpenCounts(
            issues: 3, pulls: 4, release: RepoRelease(tag: "v\"1</", publishedAt: Date(timeIntervalSince1970: 0)),
            language: RepoLanguage(name: "C++", color: "#f34b7d"))
        table[2] = OpenCounts(
            issues: 1, pulls: 1, release: RepoRelease(tag: "secret-tag", publishedAt: nil),
            language: RepoLanguage(name: "SecretLang", color: nil), isPrivate: true)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        cache.save(table, of: names, now: now)
        let text = try String(contentsOf: cache.url, encoding: .utf8)
        #expect(!text.contains("secret-tag") && !text.contains("SecretLang"), "a private repository's text: \(text)")
        let kept = cache.load()
        #expect(kept["a/one"]?.counts.release?.tag == "v\"1</" && kept["a/one"]?.counts.language?.name == "C++")
        #expect(kept["a/one"]?.storedAt == now && kept["a/two"] == nil)
        try Data(#"{"schema":1,"repos":{"a/two":{"issues":1,"pulls":2,"stored_at":"2026-01-01T00:00:00Z"}}}"#.utf8)
            .write(to: cache.url)
        #expect(cache.load()["a/two"]?.counts == OpenCounts(issues: 1, pulls: 2))
        // Counted now for "a/one" only: "a/two" comes from the file read before it is rewritten.
        var onlyOne = CountsTable(size: 3)
        onlyOne[0] = OpenCounts(issues: 7, pulls: 8)
        cache.save(onlyOne, of: names, now: now)
        #expect(cache.load()["a/two"]?.counts == OpenCounts(issues: 1, pulls: 2))
        #expect(cache.load()["a/one"]?.counts == OpenCounts(issues: 7, pulls: 8))
        for unreadable in [
            #"{"schema":2,"repos":{"a/two":{"issues":1,"pulls":2,"stored_at":"2026-01-01T00:00:00Z"}}}"#,
            #"{"schema":1,"repos":{"a/two":{"issues":1,"pulls":2,"stored_at":"2026-01-01T00:00:00Z"}}"#,
            #"{"schema":1,"repos":{"a/two":{"issues":"1","pulls":2,"stored_at":"2026-01-01T00:00:00Z"}}}"#,
        ] {
            try Data(unreadable.utf8).write(to: cache.url)
            #expect(cache.load().isEmpty, "\(unreadable)")
        }
    }

    @Test func summaries() {
        var report = OpenCountsFetcher.Report()
        report.skipped = .noToken
        #expect(report.summary.contains("needs a token"))
        report.skipped = nil
        report.queries = 2
        report.cost = 2
        report.remaining = 4_998
        report.limit = 5_000
        #expect(report.summary == "GraphQL: 2 queries, cost 2 points, 4,998 of 5,000 remaining")
    }
}

@Suite struct SnapshotCountsTests {
    @Test func olderSnapshotsReadAsCombinedCounts() throws {
        let old = #"{"config_name":"a/b","stars":1,"open_issues":5,"contributors":[],"stale":false}"#
        let repo = try Snapshot.decoder.decode(RepoSnapshot.self, from: Data(old.utf8))
        #expect(repo.openIssues == 5 && repo.openPulls == nil && repo.openIssuesIncludePulls)
        var split = repo
        split.openPulls = 2
        split.openIssuesIncludePulls = false
        let json = String(decoding: try Snapshot.encoder.encode(split), as: UTF8.self)
        #expect(json.contains("\"open_pulls\" : 2") && json.contains("\"open_issues_include_pulls\" : false"))
        #expect(try Snapshot.decoder.decode(RepoSnapshot.self, from: Data(json.utf8)) == split)
    }

    @Test func historyRecordsIssuesOnlyNeverTheCombinedCount() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var combined = RepoSnapshot(
            configName: "a/b", stars: 1, forks: 1, openIssues: 9, hasIssues: true, openIssuesIncludePulls: true,
            fetchedAt: now)
        var history = History()
        history.record(
            Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: [combined]),
            repos: [RepoName(owner: "a", name: "b")])
        #expect(history.points(for: RepoName(owner: "a", name: "b")).last?.openIssues == nil)
        combined.openIssues = 5
        combined.openPulls = 4
        combined.openIssuesIncludePulls = false
        let later = now + 3600
        history.record(
            Snapshot(generatedAt: later, nextUpdate: later, sample: false, repos: [combined]),
            repos: [RepoName(owner: "a", name: "b")])
        #expect(history.points(for: RepoName(owner: "a", name: "b")).last?.openIssues == 5)
    }
}
