import Foundation
import Synchronization
import Testing

@testable import RepoWatchNetwork

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The layers of `NetworkStack` as GraphQL, the published site and a future pacer see them.
@Suite("The network stack")
struct NetworkStackTests {
    let graphQL = URL(string: "https://api.example.test/graphql")!

    func stack(_ transport: FakeTransport, offline: Bool = false) throws -> NetworkStack {
        let options = try FetchOptions(offline: offline)
        return NetworkStack(transport: transport, options: options, sleep: { _ in })
    }

    @Test("GraphQL: REST's headers and the token, a 5xx retried, a redirect refused and not followed")
    func graphQLThroughTheStack() async throws {
        let transport = sequenced([
            (502, [:], Data()), (200, [:], Data(#"{"data":{}}"#.utf8)),
            (307, ["location": "https://elsewhere.test/graphql"], Data()),
        ])
        let client = GraphQLClient(url: graphQL, token: "secret", userAgent: "test", stack: try stack(transport))
        #expect(try await client.post(Data("{}".utf8)) == Data(#"{"data":{}}"#.utf8))
        let sent = try #require(transport.requests.last)
        #expect(sent.httpMethod == "POST" && sent.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(sent.value(forHTTPHeaderField: "X-GitHub-Api-Version") == HeaderLayer.apiVersion)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(await client.ledger.counts.retries == 1)
        await #expect(throws: GitHubError.self) { try await client.post(Data("{}".utf8)) }
        #expect(transport.requests.map { $0.url?.host } == Array(repeating: "api.example.test", count: 3))
    }

    @Test("the published site: redirects followed to another origin, no token or API header, no retry")
    func publishedSite() async throws {
        let transport = FakeTransport { request in
            request.url?.host == "pages.test"
                ? (301, ["location": "https://cdn.test/h.json"], Data()) : (503, [:], Data())
        }
        let network = NetworkStack(transport: transport).publishedSite(userAgent: "test")
        let answer = try await network.send(
            NetworkRequest(
                url: URL(string: "https://pages.test/h.json")!, accept: "application/json", credentials: false))
        #expect(answer.status == 503)
        #expect(transport.requests.map { $0.url?.host } == ["pages.test", "cdn.test"])
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == nil })
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "X-GitHub-Api-Version") == nil })
    }

    @Test("--offline: nothing reaches the transport, not the API, GraphQL nor the published site")
    func offline() async throws {
        let transport = FakeTransport { _ in (200, [:], Data()) }
        let offline = try stack(transport, offline: true)
        let online = try stack(transport)
        #expect(!offline.reachesNetwork && online.reachesNetwork)
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t"),
            stack: offline)
        #expect(!client.reachesNetwork)
        await #expect(throws: GitHubError.notCached) {
            try await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        }
        let graphQL = offline.graphQL(
            url: URL(string: "https://api.example.test/graphql")!, token: "t", userAgent: "test",
            ledger: RequestLedger())
        let published = offline.publishedSite(userAgent: "test")
        for layer in [graphQL, published] {
            await #expect(throws: GitHubError.notCached) {
                try await layer.send(
                    NetworkRequest(
                        url: URL(string: "https://site.test/data/history.json")!, accept: "application/json",
                        credentials: false))
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("an allowance is asked before every request that goes out, retries included, and told its answer")
    func allowances() async throws {
        let transport = sequenced([(502, [:], Data()), (200, [:], Data("{}".utf8))])
        let allowance = RecordingAllowance()
        var rest = try stack(transport)
        rest.allowances[.rest] = [allowance]
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!), stack: rest)
        _ = try await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        #expect(allowance.events == ["admit", "settle 502", "admit", "settle 200"])
        let graphQL = GraphQLClient(url: graphQL, token: "t", userAgent: "test", stack: rest)
        _ = try await graphQL.post(Data("{}".utf8))
        #expect(allowance.events.count == 4, "REST's allowances are REST's alone")
    }
}

/// Writes down what the limits layer asks of it.
final class RecordingAllowance: RequestAllowance {
    private let log = Mutex<[String]>([])

    var events: [String] { log.withLock { $0 } }

    func admit(_ request: NetworkRequest) async throws { log.withLock { $0.append("admit") } }

    func settle(_ request: NetworkRequest, with response: NetworkResponse) async {
        log.withLock { $0.append("settle \(response.status)") }
    }
}
