import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite

/// What a build under `private: exclude` leaves of a private repository in `.repowatch/` (the folder
/// actions/cache saves, which any workflow of the repository, a pull request's included, can
/// restore), whatever the cache held before: every kind of entry (`repos:`, `owners:`, a widget, a
/// rename into a private repository), from a fresh cache and from one an earlier
/// `private: include` build filled with its documents, contributors, avatars, counts, history and
/// feed and a notification queued for a `notify:` target, with GraphQL's cards and with REST alone.
/// After the exclude build no private name,
/// description, login or face is anywhere in the cache, the site or the log.
@Suite("End-to-end: the cache keeps nothing private in clear", .timeLimit(.minutes(10)))
struct PrivateCacheMatrixEndToEndTests {
    enum Kind: String, CaseIterable, Sendable { case repos, owners, widget, rename }
    enum Start: String, CaseIterable, Sendable { case fresh, afterInclude }
    typealias Cards = PrivateEverywhereEndToEndTests.Cards

    struct Case: Sendable, CustomTestStringConvertible {
        let kind: Kind
        let start: Start
        let cards: Cards
        var testDescription: String { "\(kind) \(start) \(cards)" }
    }

    static let cases: [Case] = Kind.allCases.flatMap { kind in
        Start.allCases.flatMap { start in Cards.allCases.map { Case(kind: kind, start: start, cards: $0) } }
    }

    /// Names, descriptions, logins and faces (a contributor's gravatar hash, the private owner's
    /// avatar id) only the private repositories have.
    static let secrets = [
        "beaversoftware", "beaver-dam-blueprints", "hidden-owner", "hidden-thing", "secret-plans", "sferik",
        "bbenezech", "kaapa", "1f74b13f1e5c6c69cb5d7fbaabb1e2cb", "u/130614553",
    ]

    static func site(_ kind: Kind, include: Bool) -> String {
        var text = "title: Cache\n"
        if include { text += "private: include\n" }
        switch kind {
        case .repos: text += "repos:\n  - octocat/Hello-World\n  - BeaverSoftware/test1\n"
        case .rename: text += "repos:\n  - octocat/Hello-World\n  - me/renamed\n"
        case .owners, .widget:
            text += "repos:\n  - octocat/Hello-World\nowners:\n  - owner: fixture-org\n    forks: true\n"
        }
        if kind == .widget {
            text += """
                widgets:
                  - kind: single
                    repo: octocat/Hello-World
                  - kind: single
                    repo: fixture-org/secret-plans

                """
        }
        // Last, so the lines the warnings are expected at stay where they are.
        return text + "notify:\n  - format: json\n    url_env: PRIVATE_HOOK\n"
    }

    /// GitHub as it is: the public list of an organization never holds its private repositories;
    /// `type=all` (asked under `private: include`) does.
    static func routes(_ cards: Cards) -> [FixtureRoute] {
        var routes = PrivateEverywhereEndToEndTests.routes(cards, listingPrivate: true).filter {
            $0.path != "/orgs/fixture-org/repos" && $0.path != "/graphql"
        }
        routes += [
            .get("/orgs/fixture-org/repos", query: ["type": "public"], .own("owner-repos-fixture-org.json")),
            .get("/orgs/fixture-org/repos", query: ["type": "all"], .own("owner-repos-fixture-org-all.json")),
            .get("/repos/fixture-org/secret-plans", .own("repos-get-private-fixture-org-secret-plans.json")),
            .post("/graphql", graphQL(cards)),
        ]
        return routes
    }

    static func graphQL(_ cards: Cards) -> FixtureResponse {
        guard cards == .graphQL else { return .json(["message": "Problems parsing JSON"], status: 400) }
        var answer = PrivateEverywhereEndToEndTests.graphQL(cards, listingPrivate: true)
        if case .object(var root)? = answer.graphql, case .object(var repos)? = root["repos"] {
            repos["fixture-org/swift-thing"] = ["issues": 1, "pulls": 1]
            repos["fixture-org/secret-plans"] = [
                "issues": 4, "pulls": 1, "private": true,
                "node": PrivateEverywhereEndToEndTests.node(
                    "fixture-org/secret-plans", description: "secret-plans, listed for the owners tests",
                    isPrivate: true),
            ]
            root["repos"] = .object(repos)
            answer.graphql = .object(root)
        }
        return answer
    }

    /// What an include build that saw the private repository's new release would have queued for
    /// the site's `notify:` target (a first build queues nothing, so one is written as it would be).
    static func queueNews(of kind: Kind, in cache: URL) throws {
        let (key, name) =
            switch kind {
            case .repos: ("beaversoftware/test1", "BeaverSoftware/test1")
            case .owners, .widget: ("fixture-org/secret-plans", "fixture-org/secret-plans")
            case .rename: ("me/renamed", "hidden-owner/hidden-thing")
            }
        let files = NotifyFiles(cacheDirectory: cache)
        var queue = files.loadQueue { Issue.record("\($0)") }
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let entry = FeedEntry(
            id: "urn:uuid:\(key)/release/v9", repo: key, kind: .release, title: "\(name) released v9",
            summary: "\(name) published the release v9.", updated: now, facts: FeedFacts(name: name))
        queue.update(
            targets: [NotifyTarget(format: .json, urlEnv: "PRIVATE_HOOK")], news: [entry], log: NotifyLog(), now: now)
        try files.save(queue)
    }

    static func traces(in text: String) -> [String] {
        secrets.filter { text.lowercased().contains($0) }
    }

    @Test(arguments: cases)
    func nothingPrivateStaysInClear(_ matrix: Case) async throws {
        let label = "private-cache-\(matrix.kind)-\(matrix.start)-\(matrix.cards)"
        let site = try PrivateSite(label, site: Self.site(matrix.kind, include: matrix.start == .afterInclude))
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: Self.routes(matrix.cards), options: ["--auto-etag"])
        defer { server.stop() }

        if matrix.start == .afterInclude {
            let included = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-21T12:00:00Z")
            #expect(included.result.status == 0, "\(included.result)")
            try Self.queueNews(of: matrix.kind, in: site.cache)
            // The include build did keep them: otherwise this case would prove nothing.
            let kept = Self.secrets.filter { !PrivateSite.mentions(of: $0, in: site.cache).isEmpty }
            #expect(!kept.isEmpty, "the include build kept nothing private in .repowatch/")
            try site.rewrite(Self.site(matrix.kind, include: false))
        }

        let excluded = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-22T12:00:00Z")
        #expect(excluded.result.status == 0, "\(excluded.result)")
        // Each at its line (a rename's new name is not said; an owner's public list never held it).
        let line = ["repos": 4, "rename": 4, "widget": 10][matrix.kind.rawValue]
        if let line {
            #expect(excluded.result.stderr.contains("site.yml:\(line):5: warning: this "), "\(excluded.result)")
        }
        if matrix.kind == .widget {
            // Its owner's public list does not hold it: its document says it is private.
            #expect(excluded.result.stderr.contains("warning: fixture-org: 1 private repository left out"))
        }
        let printed = excluded.result.stdout + excluded.result.stderr + excluded.summary
        #expect(Self.traces(in: printed).isEmpty, "\(Self.traces(in: printed)): \(excluded.result)")
        for secret in Self.secrets {
            #expect(site.mentions(of: secret).isEmpty, "public/ mentions \(secret): \(site.mentions(of: secret))")
            let kept = PrivateSite.mentions(of: secret, in: site.cache).map { Self.described($0, in: site.cache) }
            #expect(kept.isEmpty, ".repowatch/ keeps \(secret) in clear: \(kept)")
        }
        #expect(try site.snapshotNames().contains("octocat/Hello-World"))
        if matrix.kind == .owners || matrix.kind == .widget {
            // The owner cards count the public listing only (forks: true): secret-plans' 5,000 stars
            // are not in them, whatever the cache held.
            let owners = try JSONValue.decode(
                Data(contentsOf: site.output.appendingPathComponent("data/owners.json")))["owners"]
            #expect(owners?[0]?["stars"]?.int == 950 && owners?[0]?["repos"]?.int == 3, "\(owners ?? .null)")
        }

        // The next exclude build, from that cache (revalidating, or offline), brings nothing back.
        let again = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-23T12:00:00Z")
        #expect(again.result.status == 0, "\(again.result)")
        let printedAgain = again.result.stdout + again.result.stderr + again.summary
        #expect(Self.traces(in: printedAgain).isEmpty, "\(Self.traces(in: printedAgain)): \(again.result)")
        for secret in Self.secrets {
            #expect(PrivateSite.mentions(of: secret, in: site.cache).isEmpty, "rebuilt: .repowatch/ keeps \(secret)")
            #expect(site.mentions(of: secret).isEmpty, "rebuilt: public/ mentions \(secret)")
        }
    }

    /// `--verbose` names no request of a repository the cache knows private, even one that fails:
    /// the sealed entry says so before GitHub answers. (A name never answered for cannot be known
    /// private; it is printed as site.yml writes it, docs/security.md.)
    @Test("a failing request of a sealed repository is not named in --verbose")
    func failingSealedRequestIsNotNamed() async throws {
        let routes = PrivateEverywhereEndToEndTests.routes(.restOnly, listingPrivate: false).filter {
            $0.path != "/repos/BeaverSoftware/test1"
        }
        let server = try await FixtureServer.start(
            routes: routes + [
                .get(
                    "/repos/BeaverSoftware/test1", .own("repos-get-private-BeaverSoftware-test1-described.json"),
                    .json(["message": "Server Error"], status: 502))
            ], options: ["--auto-etag"])
        defer { server.stop() }
        let site = try PrivateSite("private-cache-failing", site: Self.site(.repos, include: false))
        defer { site.dir.remove() }
        for now in ["2026-11-22T12:00:00Z", "2026-11-23T12:00:00Z"] {
            let built = try await PrivateEverywhereEndToEndTests.build(site, server, now: now)
            #expect(built.result.status == 0, "\(built.result)")
            let printed = built.result.stdout + built.result.stderr
            #expect(Self.traces(in: printed).isEmpty, "\(Self.traces(in: printed)): \(built.result)")
            #expect(printed.contains("/(a private repository)"), "\(built.result)")
        }
        let asked = try await server.requests().filter { $0.pathOnly == "/repos/BeaverSoftware/test1" }
        #expect(asked.compactMap(\.status).contains(502), "the second build's request did fail: \(asked)")
    }

    /// A `repos:` entry its owner's list calls private is not asked at all, so no request line
    /// (not even a failing one) names it.
    @Test("a repos: entry an owner's list calls private is asked nothing")
    func listedPrivateEntryIsNotAsked() async throws {
        let routes = PrivateEverywhereEndToEndTests.routes(.restOnly, listingPrivate: true)
        let server = try await FixtureServer.start(
            routes: routes + [.get("/repos/fixture-org/secret-plans", .json(["message": "Server Error"], status: 502))],
            options: ["--auto-etag"])
        defer { server.stop() }
        let site = try PrivateSite(
            "private-cache-listed",
            site: "title: Listed\nrepos:\n  - octocat/Hello-World\n  - fixture-org/secret-plans\n"
                + "owners:\n  - owner: fixture-org\n    forks: true\n")
        defer { site.dir.remove() }
        for now in ["2026-11-22T12:00:00Z", "2026-11-23T12:00:00Z"] {
            let built = try await PrivateEverywhereEndToEndTests.build(site, server, now: now)
            #expect(built.result.status == 0, "\(built.result)")
            let printed = built.result.stdout + built.result.stderr
            #expect(Self.traces(in: printed).isEmpty, "\(Self.traces(in: printed)): \(built.result)")
            #expect(
                built.result.stderr.contains("site.yml:4:5: warning: this repository is private"), "\(built.result)")
        }
        let asked = try await server.requests().map(\.pathOnly)
        #expect(!asked.contains { $0.lowercased().hasPrefix("/repos/fixture-org/secret-plans") }, "\(asked)")
    }

    /// A repository made private since the last build: what the cache kept while it was public
    /// (its description, its contributor list) goes in the build that finds it private.
    @Test("a repository made private: its cached document is sealed and its contributors removed")
    func madePrivateLeavesNothingInClear() async throws {
        let server = try await FixtureServer.start(
            routes: [
                .get(
                    "/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json"),
                    .own("repos-get-private-octocat-Hello-World.json")),
                .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
                .post("/graphql", .json(["message": "Problems parsing JSON"], status: 400)),
            ], options: ["--auto-etag"])
        defer { server.stop() }
        let site = try PrivateSite("private-cache-made-private", site: "title: Made\nrepos:\n  - octocat/Hello-World\n")
        defer { site.dir.remove() }
        let contributors = "octocat/hello-world/contributors"
        let first = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-22T12:00:00Z")
        #expect(first.result.status == 0, "\(first.result)")
        #expect(!PrivateSite.mentions(of: contributors, in: site.cache).isEmpty, "the public build kept its list")
        let second = try await PrivateEverywhereEndToEndTests.build(site, server, now: "2026-11-23T12:00:00Z")
        #expect(second.result.status == 0, "\(second.result)")
        #expect(second.result.stderr.contains("site.yml:3:5: warning: this repository is private"), "\(second.result)")
        for secret in ["my first repository", contributors] {
            let kept = PrivateSite.mentions(of: secret, in: site.cache).map { Self.described($0, in: site.cache) }
            #expect(kept.isEmpty, ".repowatch/ keeps \(secret) in clear: \(kept)")
            #expect(site.mentions(of: secret).isEmpty, "public/ mentions \(secret)")
        }
    }

    /// A cache entry named by the URL its header records.
    static func described(_ relative: String, in cache: URL) -> String {
        guard relative.hasPrefix("http/"),
            let data = FileManager.default.contents(atPath: cache.appendingPathComponent(relative).path)
        else { return relative }
        let url = String(decoding: data.prefix(600), as: UTF8.self).split(separator: "\n").first {
            $0.hasPrefix("url ")
        }
        return "\(relative) (\(url ?? "?"))"
    }
}

/// The rows issue 43 found: what a build learns of a private repository from GraphQL's card alone,
/// then GitHub failing or `--offline`; an include build with feeds turned exclude; a repository made
/// private; a lost cache whose feed comes back from the published `feed.xml`. After the last build
/// nothing names it: not the log, the site, `.repowatch/` or the previous site kept aside.
extension PrivateCacheMatrixEndToEndTests {
    enum Story: String, CaseIterable, Sendable {
        case graphQLThenFailing, graphQLThenOffline, includeThenExclude, madePrivate, lostCacheRestoredFromFeed
    }

    /// What only the private repository holds, its release tag included.
    static let storySecrets = [
        "beaversoftware", "beaver-dam-blueprints", "vault-release-7", "sferik", "1f74b13f1e5c6c69cb5d7fbaabb1e2cb",
        "u/130614553",
    ]

    static func storySite(include: Bool, base: String) -> String {
        "title: Stories\nbase_url: \(base)/watch/\n" + (include ? "private: include\n" : "")
            + "repos:\n  - octocat/Hello-World\n  - BeaverSoftware/test1\n"
    }

    /// GraphQL's cards, BeaverSoftware/test1 private or not, with a release the feed tells.
    static func storyCards(secretIsPrivate: Bool) -> FixtureResponse {
        let repos: [String: JSONValue] = [
            "octocat/Hello-World": [
                "issues": 5, "pulls": 2,
                "node": PrivateEverywhereEndToEndTests.node(
                    "octocat/Hello-World", description: "My first", isPrivate: false),
            ],
            "BeaverSoftware/test1": [
                "issues": 1, "pulls": 0, "private": .bool(secretIsPrivate),
                "release": ["tagName": "vault-release-7", "publishedAt": "2026-11-20T00:00:00Z"],
                "node": PrivateEverywhereEndToEndTests.node(
                    "BeaverSoftware/test1", description: "beaver-dam-blueprints", isPrivate: secretIsPrivate),
            ],
        ]
        return FixtureResponse(graphql: ["repos": .object(repos), "cost": 1, "remaining": 4_999, "limit": 5_000])
    }

    /// Each story's GitHub: the first build's answers, then the later ones'.
    static func storyRoutes(_ story: Story) -> [FixtureRoute] {
        let failing = FixtureResponse.json(["message": "Server Error"], status: 502)
        let graphQL: FixtureRoute
        var secretDocument: [FixtureResponse] = [.own("repos-get-private-BeaverSoftware-test1-described.json")]
        switch story {
        case .graphQLThenFailing, .graphQLThenOffline:
            graphQL = .post("/graphql", storyCards(secretIsPrivate: true), failing)
            // Asked only once GraphQL fails: GitHub fails too.
            secretDocument = [.json(["message": "Service Unavailable"], status: 503)]
        case .includeThenExclude, .lostCacheRestoredFromFeed:
            graphQL = .post("/graphql", storyCards(secretIsPrivate: true))
        case .madePrivate:
            graphQL = .post("/graphql", storyCards(secretIsPrivate: false), storyCards(secretIsPrivate: true))
        }
        return [
            .get("/repos/octocat/Hello-World", .shared("repos-get-octocat-Hello-World.json")),
            .get("/repos/octocat/Hello-World/contributors", .shared("openapi-contributors-example.json")),
            FixtureRoute(method: "GET", path: "/repos/BeaverSoftware/test1", query: nil, responses: secretDocument),
            .get("/repos/BeaverSoftware/test1/contributors", .shared("contributors-sferik-rails_admin.json")),
            graphQL,
        ]
    }

    static func storyBuild(_ site: PrivateSite, _ server: FixtureServer, now: String, offline: Bool = false)
        async throws -> PrivateEverywhereEndToEndTests.Built
    {
        try await PrivateEverywhereEndToEndTests.build(
            site, server, now: now, extra: offline ? ["--offline"] : ["--retries", "1"])
    }

    @Test(arguments: Story.allCases)
    func storyLeavesNothingPrivate(_ story: Story) async throws {
        let server = try await FixtureServer.start(routes: Self.storyRoutes(story), options: ["--auto-etag"])
        defer { server.stop() }
        let includeFirst = [.includeThenExclude, .lostCacheRestoredFromFeed].contains(story)
        let site = try PrivateSite(
            "private-story-\(story)", site: Self.storySite(include: includeFirst, base: server.base))
        defer { site.dir.remove() }
        let recycled = site.dir.url.appendingPathComponent(".public.recycled")

        let first = try await Self.storyBuild(site, server, now: "2026-11-21T12:00:00Z")
        #expect(first.result.status == 0, "\(first.result)")
        switch story {
        case .graphQLThenFailing, .graphQLThenOffline:
            // GraphQL alone said it is private: REST was never asked.
            let asked = try await server.requests().map(\.pathOnly)
            #expect(!asked.contains("/repos/BeaverSoftware/test1"), "\(asked)")
        case .includeThenExclude, .lostCacheRestoredFromFeed, .madePrivate:
            // The first build told its release: otherwise this story would prove nothing.
            #expect(try site.read("feed.xml").contains("vault-release-7"), "\(first.result)")
            try site.rewrite(Self.storySite(include: false, base: server.base))
        }
        if story == .lostCacheRestoredFromFeed { try FileManager.default.removeItem(at: site.cache) }
        // A second build for the previous site kept aside to be the one the first build wrote.
        let later = try await Self.storyBuild(
            site, server, now: "2026-11-22T12:00:00Z", offline: story == .graphQLThenOffline)
        #expect(later.result.status == 0, "\(later.result)")
        if story == .lostCacheRestoredFromFeed {
            #expect(later.result.stderr.contains("restored"), "the feed was not restored: \(later.result)")
        }
        let printed = later.result.stdout + later.result.stderr + later.summary
        let named = Self.storySecrets.filter { printed.lowercased().contains($0) }
        #expect(named.isEmpty, "\(named): \(later.result)")
        #expect(try !site.snapshotNames().contains("BeaverSoftware/test1"))
        for secret in Self.storySecrets {
            #expect(site.mentions(of: secret).isEmpty, "public/ mentions \(secret): \(site.mentions(of: secret))")
            let kept = PrivateSite.mentions(of: secret, in: site.cache).map { Self.described($0, in: site.cache) }
            #expect(kept.isEmpty, ".repowatch/ keeps \(secret) in clear: \(kept)")
            let aside =
                FileManager.default.fileExists(atPath: recycled.path)
                ? PrivateSite.mentions(of: secret, in: recycled) : []
            #expect(aside.isEmpty, ".public.recycled/ keeps \(secret): \(aside)")
        }
        // Every file the builds kept is one the list names (and the sweep walks).
        #expect(KeptFileTests.strays(in: site.cache).isEmpty, "\(KeptFileTests.strays(in: site.cache))")
    }
}
