import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct GitHubClientTests {
    let api = APIConfiguration(
        baseURL: URL(string: "https://api.example.test")!, token: "secret-token", userAgent: "test")

    @Test func resolvesBaseURLAndTokenFromTheEnvironment() throws {
        let fromEnvironment = try APIConfiguration.resolve(
            apiURL: nil, environment: ["GITHUB_API_URL": "https://ghe.local/api/v3", "GH_TOKEN": "b"])
        #expect(fromEnvironment.baseURL.absoluteString == "https://ghe.local/api/v3")
        #expect(fromEnvironment.token == "b")
        let flagWins = try APIConfiguration.resolve(
            apiURL: "http://127.0.0.1:9",
            environment: ["GITHUB_API_URL": "https://x", "GITHUB_TOKEN": "a", "GH_TOKEN": "b"])
        #expect(flagWins.baseURL.absoluteString == "http://127.0.0.1:9")
        #expect(flagWins.token == "a")
        #expect(try APIConfiguration.resolve(apiURL: nil, environment: [:]).baseURL == APIConfiguration.defaultBaseURL)
        #expect(throws: GitHubError.self) { try APIConfiguration.resolve(apiURL: "file:///etc", environment: [:]) }
    }

    @Test func enterpriseBasePathIsKept() {
        let enterprise = APIConfiguration(baseURL: URL(string: "https://ghe.local/api/v3/")!)
        #expect(enterprise.endpoint("/repos/a/b").absoluteString == "https://ghe.local/api/v3/repos/a/b")
    }

    @Test func sendsGitHubHeadersAndDecodesALargeRepository() async throws {
        let body = try SharedFixtures.interactionBody("interaction-repos-get-200-twbs-bootstrap.json")
        let transport = FakeTransport { _ in (200, [:], body) }
        let (repo, staleness) = try await GitHubClient(configuration: api, transport: transport).repository(
            RepoName(owner: "twbs", name: "bootstrap"))
        #expect(staleness == nil)
        #expect(repo.stars == 171_281)
        #expect(repo.fullName == "twbs/bootstrap")
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.example.test/repos/twbs/bootstrap")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
        #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "test")
    }

    @Test func legacyPayloadFallsBackToWatchersAndIssuesCanBeDisabled() throws {
        let legacy = try JSONDecoder().decode(
            RepositoryPayload.self, from: SharedFixtures.data("repos-get-sferik-rails_admin-2013.json"))
        #expect(legacy.stars == 3903)
        let flake8 = try JSONDecoder().decode(
            RepositoryPayload.self, from: SharedFixtures.data("repos-get-PyCQA-flake8.json"))
        #expect(flake8.hasIssues == false)
        #expect(flake8.stars == 277)
    }

    @Test func followsARenameAndKeepsTheTokenOnTheAPIOriginOnly() async throws {
        let moved = try SharedFixtures.interactionBody("interaction-repositories-id-200-requests-requests.json")
        let transport = FakeTransport { request in
            switch request.url!.absoluteString {
            case "https://api.example.test/repos/kennethreitz/requests":
                return (301, ["Location": "https://api.example.test/repositories/1362490"], Data())
            case "https://api.example.test/repositories/1362490":
                return (200, [:], moved)
            case "https://api.example.test/repos/a/b":
                return (302, ["Location": "https://elsewhere.test/x"], Data())
            default:
                return (200, [:], Data("{}".utf8))
            }
        }
        let client = GitHubClient(configuration: api, transport: transport)
        let (repo, _) = try await client.repository(RepoName(owner: "kennethreitz", name: "requests"))
        #expect(repo.fullName == "requests/requests")
        #expect(
            transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token" })

        _ = try? await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        let offOrigin = try #require(transport.requests.last)
        #expect(offOrigin.url?.host == "elsewhere.test")
        #expect(offOrigin.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func notFoundAndServerErrorsAreDescribed() async throws {
        let transport = FakeTransport { request in
            request.url!.path.hasSuffix("missing")
                ? (404, [:], try SharedFixtures.interactionBody("interaction-repos-get-404-jacquev6-Xxx-2012.json"))
                : (502, [:], Data("{\"message\":\"Server Error\"}".utf8))
        }
        let client = GitHubClient(configuration: api, transport: transport)
        await #expect(throws: GitHubError.notFound) {
            try await client.repository(RepoName(owner: "a", name: "missing"))
        }
        await #expect(throws: GitHubError.http(status: 502, message: "Server Error")) {
            try await client.repository(RepoName(owner: "a", name: "down"))
        }
    }

    @Test func contributorsSkipBotsAndAnonymousEntriesAndPageOnlyWhenNeeded() async throws {
        let firstPage: [[String: Any]] = [
            ["login": "dependabot[bot]", "type": "Bot", "contributions": 900],
            ["login": "alice", "type": "User", "contributions": 500, "avatar_url": "https://avatars.example/u/1"],
            ["email": "anon@example.com", "type": "Anonymous", "contributions": 400],
            ["login": "github-actions[bot]", "type": "Bot", "contributions": 300],
            ["login": "bob", "type": "User", "contributions": 200],
        ]
        let secondPage: [[String: Any]] = [
            ["login": "carol", "type": "User", "contributions": 100],
            ["login": "renovate", "type": "Bot", "contributions": 90],
            ["login": "dave", "type": "User", "contributions": 80],
            ["login": "erin", "type": "User", "contributions": 70],
        ]
        let (first, second) = (json(firstPage), json(secondPage))
        let transport = FakeTransport { request in
            if request.url!.query?.contains("page=2") == true { return (200, [:], second) }
            return (
                200,
                ["Link": "<https://api.example.test/repositories/1/contributors?per_page=12&page=2>; rel=\"next\""],
                first
            )
        }
        let (list, _) = try await GitHubClient(configuration: api, transport: transport).contributors(of: "a/b")
        guard case .people(let people, let avatars) = list else {
            Issue.record("expected people")
            return
        }
        #expect(people.map(\.login) == ["alice", "bob", "carol", "dave"])
        #expect(people.map(\.contributions) == [500, 200, 100, 80])
        #expect(avatars.first == "https://avatars.example/u/1")
        #expect(transport.requests.count == 2)
        #expect(
            transport.requests[0].url?.absoluteString == "https://api.example.test/repos/a/b/contributors?per_page=12")
    }

    @Test func emptyRepositoryAndTooLargeLists() async throws {
        let transport = FakeTransport { request in
            request.url!.path.contains("/empty/")
                ? (204, [:], Data())
                : (
                    403, [:],
                    json([
                        "message":
                            "The history or contributor list is too large to list contributors for this repository via the API."
                    ])
                )
        }
        let client = GitHubClient(configuration: api, transport: transport)
        #expect(try await client.contributors(of: "a/empty").0 == .people([], avatarURLs: []))
        #expect(try await client.contributors(of: "a/huge").0 == .tooLarge)
    }

    @Test func recordedContributorListsKeepAPIOrder() async throws {
        let body = try SharedFixtures.data("contributors-sferik-rails_admin-anon.json")
        let transport = FakeTransport { _ in (200, [:], body) }
        let (list, _) = try await GitHubClient(configuration: api, transport: transport).contributors(
            of: "sferik/rails_admin")
        guard case .people(let people, _) = list else { throw GitHubError.notFound }
        #expect(people.map(\.login) == ["bbenezech", "sferik", "kaapa", "gunn"])
        #expect(people.map(\.contributions) == [986, 545, 310, 266])
    }

    @Test func linkHeaderFindsNext() throws {
        let header =
            try JSONSerialization.jsonObject(
                with: SharedFixtures.data("interaction-link-header-middle-page-2022-issues.json")) as! [String: Any]
        let link = (header["headers"] as! [String: String])["link"]
        let next = LinkHeader.next(link, relativeTo: URL(string: "https://api.github.com/")!)
        #expect(next?.absoluteString == "https://api.github.com/repositories/515435940/issues?per_page=3&page=3")
        #expect(LinkHeader.next("<https://x/?page=1>; rel=\"prev\"", relativeTo: URL(string: "https://x/")!) == nil)
    }
}

@Suite struct AvatarStoreTests {
    @Test func downloadsEachURLOnceAtTwiceTheSizeWithoutTheToken() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let transport = FakeTransport { request in
            request.url!.path.contains("missing") ? (404, [:], Data("<html>".utf8)) : (200, [:], png)
        }
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "secret"),
            transport: transport)
        let store = AvatarStore(client: client)
        async let first = store.avatar(url: "https://avatars.example/u/1?v=4", pixels: 100, placeholderFor: "a")
        async let second = store.avatar(url: "https://avatars.example/u/1?v=4", pixels: 100, placeholderFor: "a")
        let (a, b) = await (first, second)
        #expect(a == b)
        #expect(a.hasPrefix("avatars/") && a.hasSuffix(".png"))
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].url?.absoluteString == "https://avatars.example/u/1?v=4&s=100")
        #expect(transport.requests[0].value(forHTTPHeaderField: "Authorization") == nil)

        // Even an avatar on the API's own origin (GitHub Enterprise) never gets the token.
        _ = await store.avatar(url: "https://api.example.test/avatars/u/2?d=a%2Fb", pixels: 88, placeholderFor: "b")
        let sameOrigin = try #require(transport.requests.last)
        #expect(sameOrigin.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(sameOrigin.url?.absoluteString == "https://api.example.test/avatars/u/2?d=a%2Fb&s=88")

        let missing = await store.avatar(url: "https://avatars.example/missing", pixels: 88, placeholderFor: "zed")
        #expect(missing.hasSuffix(".svg"))
        let files = await store.allFiles()
        #expect(files[a] == png)
        #expect(String(decoding: try #require(files[missing]), as: UTF8.self).contains(">ZE</text>"))
        #expect(await store.avatar(url: "javascript:alert(1)", pixels: 88, placeholderFor: "x").hasSuffix(".svg"))
        #expect(transport.requests.count == 3)
    }
}
