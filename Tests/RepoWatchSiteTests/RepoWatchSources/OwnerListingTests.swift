import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Listing an owner's repositories")
struct OwnerListingTests {
    let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t", userAgent: "test")

    /// The real list item of an archived repository, renamed to `owner/name`.
    func item(_ owner: String, _ name: String, stars: Int, fork: Bool = false) throws -> [String: Any] {
        var object =
            try JSONSerialization.jsonObject(
                with: SharedFixtures.data("repo-list-item-archived-YorickPeterse-ruby-lint.json")) as! [String: Any]
        object["full_name"] = "\(owner)/\(name)"
        object["name"] = name
        object["stargazers_count"] = stars
        object["fork"] = fork
        object["archived"] = false
        var account = object["owner"] as! [String: Any]
        account["login"] = owner
        object["owner"] = account
        return object
    }

    @Test("the real list item carries every field a card shows")
    func listItemDecodes() throws {
        let data = try SharedFixtures.data("repo-list-item-archived-YorickPeterse-ruby-lint.json")
        let item = try JSONDecoder().decode(ListedRepositoryPayload.self, from: data)
        #expect(item.repository.fullName == "YorickPeterse/ruby-lint")
        #expect(item.repository.stars == 732 && item.repository.forks == 43 && item.repository.openIssues == 26)
        #expect(item.repository.archived && !item.repository.hasIssues && !item.fork && item.topics.isEmpty)
        #expect(item.repository.pushedAt == ISO8601.parse("2017-05-03T20:59:02Z"))
        #expect(item.repository.owner.avatarURL?.hasPrefix("https://avatars0.githubusercontent.com/u/86065") == true)
    }

    @Test("an organization: /users once, then /orgs/NAME/repos 100 per page, following Link to the end")
    func organizationPages() async throws {
        let pages = [
            json(try [item("fixture-org", "a", stars: 3), item("fixture-org", "b", stars: 2, fork: true)]),
            json([try item("fixture-org", "c", stars: 1)]),
        ]
        let next = "https://api.example.test/organizations/9/repos?type=public&per_page=100&page=2"
        let transport = FakeTransport { request in
            let url = request.url!.absoluteString
            if url == "https://api.example.test/users/Fixture-Org" {
                return (
                    200, [:], json(["login": "fixture-org", "type": "Organization", "avatar_url": "https://a.test/x"])
                )
            }
            if url.hasPrefix("https://api.example.test/orgs/fixture-org/repos?") {
                return (200, ["Link": "<\(next)>; rel=\"next\", <\(next)>; rel=\"last\""], pages[0])
            }
            if url == next { return (200, [:], pages[1]) }
            return (404, [:], json(["message": "Not Found"]))
        }
        let listing = try await GitHubClient(configuration: api, transport: transport)
            .listOwner(OwnerSource(owner: "Fixture-Org"))
        #expect(listing.isOrganization && listing.login == "fixture-org")
        #expect(listing.repos.map(\.name.description) == ["fixture-org/a", "fixture-org/b", "fixture-org/c"])
        #expect(listing.repos.map(\.fork) == [false, true, false])
        #expect(listing.staleness == nil)
        let urls = transport.requests.map { $0.url!.absoluteString }
        #expect(urls.count == 3, "\(urls)")
        let first = try #require(URLComponents(string: urls[1]))
        #expect(first.path == "/orgs/fixture-org/repos")
        #expect(first.queryItems?.contains(URLQueryItem(name: "per_page", value: "100")) == true)
        #expect(first.queryItems?.contains(URLQueryItem(name: "type", value: "public")) == true)
        #expect(!urls.contains { $0.contains("/repos/fixture-org/") }, "no per-repository document")
    }

    @Test("a user is listed through /users/NAME/repos; a missing owner is notFound; a Link loop ends")
    func userAndFailures() async throws {
        let transport = FakeTransport { request in
            let url = request.url!
            switch url.path {
            case "/users/someone": return (200, [:], json(["login": "someone", "type": "User"]))
            case "/users/someone/repos":
                // Points back at itself: the loop must stop, not spin.
                return (
                    200, ["Link": "<\(url.absoluteString)>; rel=\"next\""], json([try item("someone", "x", stars: 1)])
                )
            default: return (404, [:], json(["message": "Not Found"]))
            }
        }
        let client = GitHubClient(configuration: api, transport: transport)
        let listing = try await client.listOwner(OwnerSource(owner: "someone"))
        #expect(!listing.isOrganization && listing.repos.count == 1)
        #expect(transport.requests.last?.url?.query?.contains("type=owner") == true)
        #expect(transport.requests.count == 2)
        await #expect(throws: GitHubError.notFound) { try await client.listOwner(OwnerSource(owner: "ghost")) }
    }

    @Test("a warm rerun asks every page conditionally and reads the cached pages on 304")
    func warmRerun() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let next = "https://api.example.test/user/5/repos?page=2"
        let transport = FakeTransport { request in
            let url = request.url!.absoluteString
            let etag = "\"\(url.hashValue)\""
            if request.value(forHTTPHeaderField: "If-None-Match") == etag { return (304, ["ETag": etag], Data()) }
            if url.hasSuffix("/users/someone") {
                return (200, ["ETag": etag], json(["login": "someone", "type": "User"]))
            }
            if url == next { return (200, ["ETag": etag], json([try item("someone", "b", stars: 1)])) }
            return (200, ["ETag": etag, "Link": "<\(next)>; rel=\"next\""], json([try item("someone", "a", stars: 1)]))
        }
        let cache = ResponseCache(directory: folder)
        let cold = try await GitHubClient(configuration: api, transport: transport, cache: cache)
            .listOwner(OwnerSource(owner: "someone"))
        let ledger = RequestLedger()
        let warm = try await GitHubClient(configuration: api, transport: transport, cache: cache, ledger: ledger)
            .listOwner(OwnerSource(owner: "someone"))
        #expect(warm.repos.map(\.name) == cold.repos.map(\.name))
        #expect(warm.repos.count == 2)
        let counts = await ledger.counts
        #expect(counts.requests == 3 && counts.notModified == 3)
    }
}
