import Foundation
import Testing

@testable import RepoWatchSite

/// A user (YorickPeterse, three listing pages) and an organization (fixture-org) with owner cards:
/// the numbers are added up here from the same fixture listing the build reads, under the cards'
/// rule (public, the entry's forks/archived choices, never topics, min_stars, exclude or limit).
enum OwnerCardSite {
    static let userPages = [
        "owner-repos-YorickPeterse-page1.json", "owner-repos-YorickPeterse-page2.json",
        "owner-repos-YorickPeterse-page3.json",
    ]
    static let orgPages = ["owner-repos-fixture-org.json"]

    /// The user with the gallery's filters, which the cards ignore; the organization counting its
    /// archived repositories, with a topic and a limit the cards ignore too.
    static let site = """
        title: Owner cards
        owners:
          - owner: yorickpeterse
            min_stars: 1
            exclude: [YorickPeterse/excluded-one]
          - owner: fixture-org
            archived: true
            topics: [swift]
            limit: 1

        """

    struct Expected {
        var names: [String] = []
        var stars = 0
        var forks = 0
        var primary: [String: Int] = [:]
    }

    /// The listing's repositories that count: not private, and forks and archived ones only when asked.
    static func expected(_ pages: [String], forks: Bool = false, archived: Bool = false) throws -> Expected {
        var expected = Expected()
        for page in pages {
            let items = try JSONValue.decode(Data(contentsOf: E2EPaths.ownFixtures.appendingPathComponent(page)))
            for item in item(items) {
                guard item["private"]?.bool != true, forks || item["fork"]?.bool != true,
                    archived || item["archived"]?.bool != true
                else { continue }
                expected.names.append(item["full_name"]?.string ?? "?")
                expected.stars += item["stargazers_count"]?.int ?? 0
                expected.forks += item["forks_count"]?.int ?? 0
                if let language = item["language"]?.string { expected.primary[language, default: 0] += 1 }
            }
        }
        return expected
    }

    private static func item(_ value: JSONValue) -> [JSONValue] { value.array ?? [] }

    /// A share in tenths of a percent (one decimal each, so they add up exactly).
    static func tenths(_ value: JSONValue?) -> Int { Int(((number(value) ?? 0) * 10).rounded()) }

    /// A JSON number, whole or not.
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let whole)?: return Double(whole)
        case .double(let fraction)?: return fraction
        default: return nil
        }
    }

    /// `GET /users/yorickpeterse` with the two fields of GitHub's documented "Get a user" answer
    /// (public-user: `name`, `followers`) that the recorded owner object lacks.
    static func userProfile() throws -> FixtureResponse {
        var user = try JSONValue.decode(
            Data(contentsOf: E2EPaths.ownFixtures.appendingPathComponent("owner-user-YorickPeterse.json")))
        if case .object(var fields) = user {
            fields["name"] = "Yorick Peterse"
            fields["followers"] = 1_234
            user = .object(fields)
        }
        return .json(user)
    }

    static func routes(graphQL: [FixtureResponse] = []) throws -> [FixtureRoute] {
        var routes = OwnerRoutes.routes(extra: [.get("/users/yorickpeterse", try userProfile())])
        for repo in ["fixture-org/kotlin-thing", "fixture-org/swift-thing"] {
            routes.append(.get("/repos/\(repo)/contributors", .shared("openapi-contributors-example.json")))
        }
        if !graphQL.isEmpty {
            routes.append(FixtureRoute(method: "POST", path: "/graphql", query: nil, responses: graphQL))
        }
        return routes
    }

    /// GitHub's `LanguageConnection` for a counted repository: `edges { size node { name color } }`
    /// (GraphQL reference, Repository.languages). `inko` has eight languages, so the card folds two into Other.
    static func languages(of name: String) -> [(String, String, Int)] {
        switch name.lowercased() {
        case "yorickpeterse/inko":
            return [
                ("Rust", "#dea584", 90_000), ("Ruby", "#701516", 30_000), ("C", "#555555", 8_000),
                ("Shell", "#89e051", 4_000), ("Makefile", "#427819", 2_000), ("Dockerfile", "#384d54", 1_500),
                ("Vim Script", "#199f4b", 700), ("Python", "#3572A5", 300),
            ]
        case "fixture-org/kotlin-thing": return [("Kotlin", "#A97BFF", 50_000), ("Java", "#b07219", 7_000)]
        default: return [("Ruby", "#701516", 10_000 + name.count * 100)]
        }
    }

    /// The whole GraphQL answer: every counted repository's languages (and the cards' counts), and the
    /// user's contributions (`contributionsCollection`, `repositoriesContributedTo`, GraphQL reference).
    static func graphQL(counted: [String]) -> FixtureResponse {
        var repos: [String: JSONValue] = [:]
        for name in counted {
            let edges = languages(of: name).map { language, color, size -> JSONValue in
                ["size": .int(size), "node": ["name": .string(language), "color": .string(color)]]
            }
            repos[name] = ["issues": 1, "pulls": 0, "node": ["languages": ["edges": .array(edges)]]]
        }
        let user: JSONValue = [
            "contributionsCollection": [
                "totalCommitContributions": 321, "totalPullRequestContributions": 45,
                "totalIssueContributions": 6, "totalPullRequestReviewContributions": 78,
            ],
            "repositoriesContributedTo": ["totalCount": 9],
        ]
        return FixtureResponse(
            graphql: [
                "repos": .object(repos), "users": ["YorickPeterse": user], "cost": 1, "remaining": 4_990,
                "limit": 5_000,
            ])
    }

    /// Shares in percent of `amounts`, as the card shows them: the first six and Other.
    static func shares(_ amounts: [String: Int]) -> [String: Double] {
        let sorted = amounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let total = Double(amounts.values.reduce(0, +))
        var shares: [String: Double] = [:]
        for (name, value) in sorted.prefix(6) { shares[name] = Double(value) * 100 / total }
        let rest = sorted.dropFirst(6).reduce(0) { $0 + $1.value }
        if rest > 0 { shares["Other"] = Double(rest) * 100 / total }
        return shares
    }

    static func build(_ site: OwnerSite, _ server: FixtureServer, token: Bool, _ extra: [String] = []) async throws
        -> RunResult
    {
        var environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        if token { environment["GITHUB_TOKEN"] = "owner-cards-token" }
        return try await BinaryRunner.run(
            ["build", "--jobs", "2", "--api-url", server.base] + extra, in: site.dir.url, environment: environment)
    }

    static func owners(_ site: OwnerSite) throws -> [JSONValue] {
        try JSONValue.decode(Data(try site.read("data/owners.json").utf8))["owners"]?.array ?? []
    }

    /// Python's XML parser over each card: it parses, its root is an accessible image with a title and
    /// a description, and it prints the root's attributes and each `data-stat`'s value as JSON.
    static func parsedCard(_ path: URL) throws -> JSONValue {
        let run = try PythonRun.run(
            """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            ns = '{http://www.w3.org/2000/svg}'
            stats = {g.get('data-stat'): int(g.get('data-value')) for g in root.iter(ns + 'g') if g.get('data-stat')}
            shares = [float(g.get('data-share')) for g in root.iter(ns + 'g') if g.get('data-share')]
            print(json.dumps({'attributes': dict(root.attrib), 'title': root.find(ns + 'title').text,
                              'desc': root.find(ns + 'desc').text, 'stats': stats, 'shares': shares}))
            """, [path.path])
        guard run.status == 0 else { throw FixtureServerError(description: run.stderr) }
        return try JSONValue.decode(run.stdout)
    }
}

@Suite("End-to-end: owner cards", .timeLimit(.minutes(10)))
struct OwnerCardsEndToEndTests {
    @Test("without a token: the listing summed under the rule, no contributions, languages by primary language")
    func withoutToken() async throws {
        let site = try OwnerSite("owner-cards", site: OwnerCardSite.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: try OwnerCardSite.routes(), options: ["--auto-etag"])
        defer { server.stop() }
        let result = try await OwnerCardSite.build(site, server, token: false)
        #expect(result.status == 0, "\(result)")

        let user = try OwnerCardSite.expected(OwnerCardSite.userPages)
        let org = try OwnerCardSite.expected(OwnerCardSite.orgPages, archived: true)
        // The gallery's filters kept fewer: the cards count the owner, not the gallery.
        #expect(user.names.contains("YorickPeterse/excluded-one") && user.names.contains("YorickPeterse/zero-stars"))
        #expect(org.names.count == 3)
        let owners = try OwnerCardSite.owners(site)
        #expect(owners.map { $0["login"]?.string } == ["YorickPeterse", "fixture-org"])
        let (yorick, fixtureOrg) = (owners[0], owners[1])
        #expect(yorick["kind"] == "user" && fixtureOrg["kind"] == "organization")
        #expect(yorick["repos"]?.int == user.names.count && yorick["stars"]?.int == user.stars)
        #expect(yorick["forks"]?.int == user.forks && yorick["followers"] == 1_234)
        #expect(yorick["name"] == "Yorick Peterse")
        #expect(fixtureOrg["repos"]?.int == org.names.count && fixtureOrg["stars"]?.int == org.stars)
        #expect(fixtureOrg["forks"]?.int == org.forks && fixtureOrg["followers"] == .null)
        // Unknown is left out, not zero.
        #expect(yorick["contributions"] == .null && fixtureOrg["contributions"] == .null)
        #expect(yorick["languages_by"] == "repositories")
        let languages = try #require(yorick["languages"]?.array)
        #expect(languages.map { $0["name"]?.string } == Array(user.primary.keys))
        #expect(languages.reduce(0) { $0 + OwnerCardSite.tenths($1["share"]) } == 1_000)

        // No GraphQL without a token.
        #expect(try await server.requests().filter(\.isGraphQL).isEmpty)

        for owner in ["yorickpeterse", "fixture-org"] {
            for file in ["stats", "stats-dark", "languages", "languages-dark"] {
                let url = site.dir.url.appendingPathComponent("public/owners/\(owner)/\(file).svg")
                let size = try Data(contentsOf: url).count
                #expect(size < 100_000, "\(owner)/\(file).svg is \(size) bytes")
                let card = try OwnerCardSite.parsedCard(url)
                #expect(card["attributes"]?["role"] == "img")
                #expect(card["attributes"]?["data-card"]?.string == file.replacingOccurrences(of: "-dark", with: ""))
                #expect(card["desc"]?.string?.contains("public repositories") == true, "\(card)")
                #expect(card["desc"]?.string?.contains("forks left out") == true)
            }
        }
        let stats = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/yorickpeterse/stats.svg"))
        #expect(stats["stats"]?["stars"]?.int == user.stars && stats["stats"]?["repos"]?.int == user.names.count)
        #expect(stats["stats"]?["followers"] == 1_234 && stats["stats"]?["commits"] == nil)
        let orgStats = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/fixture-org/stats.svg"))
        #expect(orgStats["desc"]?.string?.contains("archived ones included") == true)
        #expect(orgStats["stats"]?["followers"] == nil)
        let languagesCard = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/yorickpeterse/languages.svg"))
        #expect(languagesCard["title"]?.string?.contains("Ruby") == true)

        let badge = try JSONValue.decode(Data(try site.read("owners/yorickpeterse/badges/stars.json").utf8))
        #expect(badge["schemaVersion"] == 1 && badge["message"] == "2.6k")
        #expect(
            FileManager.default.fileExists(
                atPath: site.dir.url.path + "/public/owners/yorickpeterse/badges/stars-dark.svg"))
        let page = try site.read("owners/yorickpeterse/index.html")
        #expect(page.contains("data-stat=\"stars\" data-value=\"\(user.stars)\""))
        #expect(page.contains("[![") && page.contains("<picture>") && page.contains("stats-dark.svg"))
        let gallery = try site.read("index.html")
        #expect(gallery.contains("href=\"owners/yorickpeterse/\"") && gallery.contains("href=\"owners/fixture-org/\""))
        let schema = try JSONValue.decode(Data(try site.read("data/owners.schema.json").utf8))
        #expect(schema["$id"] == "owners.schema.json")
    }

    @Test(
        "with a token: languages by bytes and a user's contributions, one query each; a warm rebuild asks one per user")
    func withToken() async throws {
        let site = try OwnerSite("owner-cards-token", site: OwnerCardSite.site)
        defer { site.dir.remove() }
        let user = try OwnerCardSite.expected(OwnerCardSite.userPages)
        let org = try OwnerCardSite.expected(OwnerCardSite.orgPages, archived: true)
        let spec = OwnerCardSite.graphQL(counted: user.names + org.names)
        let server = try await FixtureServer.start(
            routes: try OwnerCardSite.routes(graphQL: [spec]), options: ["--auto-etag"])
        defer { server.stop() }
        let cold = try await OwnerCardSite.build(site, server, token: true)
        #expect(cold.status == 0, "\(cold)")

        let posts = try await server.requests().filter(\.isGraphQL)
        let languageQueries = posts.filter { ($0.body ?? "").contains("query OwnerLanguages(") }
        let contributionQueries = posts.filter { ($0.body ?? "").contains("query OwnerContributions(") }
        #expect(languageQueries.count == 2 && contributionQueries.count == 1, "\(posts.map { $0.body ?? "" })")
        #expect(contributionQueries.allSatisfy { $0.header("authorization") == "Bearer owner-cards-token" })

        let owners = try OwnerCardSite.owners(site)
        let contributions = try #require(owners.first?["contributions"])
        #expect(contributions["commits"] == 321 && contributions["pull_requests"] == 45)
        #expect(contributions["issues"] == 6 && contributions["reviews"] == 78 && contributions["repositories"] == 9)
        #expect(owners.last?["contributions"] == .null)
        for (owner, names) in [(owners[0], user.names), (owners[1], org.names)] {
            var bytes: [String: Int] = [:]
            for name in names {
                for (language, _, size) in OwnerCardSite.languages(of: name) { bytes[language, default: 0] += size }
            }
            let expected = OwnerCardSite.shares(bytes)
            let shown = try #require(owner["languages"]?.array)
            #expect(owner["languages_by"] == "size")
            #expect(shown.count == expected.count)
            for share in shown {
                let name = share["name"]?.string ?? "?"
                #expect(abs((OwnerCardSite.number(share["share"]) ?? -1) - (expected[name] ?? -9)) <= 0.1, "\(name)")
            }
            #expect(shown.reduce(0) { $0 + OwnerCardSite.tenths($1["share"]) } == 1_000)
        }
        let stats = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/yorickpeterse/stats.svg"))
        #expect(stats["stats"]?["commits"] == 321 && stats["stats"]?["contributed-to"] == 9)
        let languages = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/yorickpeterse/languages.svg"))
        #expect(languages["shares"]?.array?.count == 7)

        // Nothing changed: the languages are the ones read, and the user's contributions are asked again.
        let before = posts.count
        let warm = try await OwnerCardSite.build(site, server, token: true)
        #expect(warm.status == 0, "\(warm)")
        let again = try await server.requests().filter(\.isGraphQL).dropFirst(before)
        #expect(again.filter { ($0.body ?? "").contains("query OwnerLanguages(") }.isEmpty, "\(again)")
        #expect(again.filter { ($0.body ?? "").contains("query OwnerContributions(") }.count == 1)
        #expect(try OwnerCardSite.owners(site) == owners.map { $0 })
    }

    @Test("GraphQL failing: the last good languages and contributions stand, marked stale with their date")
    func lastGood() async throws {
        let site = try OwnerSite("owner-cards-last-good", site: OwnerCardSite.site)
        defer { site.dir.remove() }
        let user = try OwnerCardSite.expected(OwnerCardSite.userPages)
        let org = try OwnerCardSite.expected(OwnerCardSite.orgPages, archived: true)
        let good = try await FixtureServer.start(
            routes: try OwnerCardSite.routes(graphQL: [OwnerCardSite.graphQL(counted: user.names + org.names)]))
        let first = try await OwnerCardSite.build(site, good, token: true)
        good.stop()
        #expect(first.status == 0, "\(first)")
        let before = try OwnerCardSite.owners(site)

        let failing = try await FixtureServer.start(
            routes: try OwnerCardSite.routes(graphQL: [.text("{\"message\":\"Server Error\"}", status: 502)]))
        defer { failing.stop() }
        // Nothing pushed since: the languages read before stand; the contributions cannot be asked.
        let second = try await OwnerCardSite.build(site, failing, token: true)
        #expect(second.status == 0, "\(second)")
        let after = try OwnerCardSite.owners(site)
        #expect(after[0]["state"] == "stale" && after[0]["contributions"] == before[0]["contributions"])
        #expect(after[0]["languages"] == before[0]["languages"] && after[1]["languages"] == before[1]["languages"])
        #expect(after[0]["stars"] == before[0]["stars"])
        #expect(second.stderr.contains("owner yorickpeterse: contributions not read"), "\(second.stderr)")
        let stats = try OwnerCardSite.parsedCard(
            site.dir.url.appendingPathComponent("public/owners/yorickpeterse/stats.svg"))
        #expect(stats["attributes"]?["data-state"] == "stale" && stats["stats"]?["commits"] == 321)
    }

    @Test("--sample: both cards for each owner with made-up numbers; a site without owners: gets none")
    func sample() async throws {
        let site = try OwnerSite("owner-cards-sample", site: OwnerCardSite.site)
        defer { site.dir.remove() }
        let environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        let built = try await BinaryRunner.run(["build", "--sample"], in: site.dir.url, environment: environment)
        #expect(built.status == 0, "\(built)")
        let owners = try OwnerCardSite.owners(site)
        #expect(owners.count == 2 && owners.allSatisfy { $0["state"] == "sample" })
        let again = try await BinaryRunner.run(["build", "--sample"], in: site.dir.url, environment: environment)
        #expect(again.status == 0)
        #expect(try OwnerCardSite.owners(site) == owners)
        for file in ["stats", "languages"] {
            let card = try OwnerCardSite.parsedCard(
                site.dir.url.appendingPathComponent("public/owners/fixture-org/\(file).svg"))
            #expect(card["attributes"]?["data-state"] == "sample")
        }

        let plain = try OwnerSite("owner-cards-none", site: "title: Plain\nrepos:\n  - apple/swift\n")
        defer { plain.dir.remove() }
        let none = try await BinaryRunner.run(
            ["build", "--sample"], in: plain.dir.url,
            environment: BinaryRunner.environment(home: plain.dir.url.appendingPathComponent("home")))
        #expect(none.status == 0, "\(none)")
        #expect(!FileManager.default.fileExists(atPath: plain.dir.url.path + "/public/owners"))
        #expect(!FileManager.default.fileExists(atPath: plain.dir.url.path + "/public/data/owners.json"))
    }
}
