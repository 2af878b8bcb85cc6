import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSupport

/// An answer cut short, a proxy's page, a redirect somewhere that fails: never the new last good answer.
@Suite("The cache keeps only whole answers; the last good one stands in for the rest")
struct ExpectedBodyTests {
    @Test("a JSON body is whole only when its brackets balance, outside strings, at its end")
    func wholeJSON() {
        let whole = [#"{"a":[1,2,{"b":"]}"}]}"#, "[]", " [ {\"x\": \"\\\"]\"} ]\n", #"{"topics":[]}"#]
        for text in whole { #expect(ExpectedBody.json.accepts(Data(text.utf8)), "\(text)") }
        let broken = [#"{"a":[1,2"#, #"[{"topics":[]"#, "", "<html>sign in</html>", "{}{}", #"{"a":"]}"#, "42", "{}x"]
        for text in broken { #expect(!ExpectedBody.json.accepts(Data(text.utf8)), "\(text)") }
        #expect(ExpectedBody.image.accepts(Data([0x89, 0x50, 0x4E, 0x47, 0x0D])))
        #expect(!ExpectedBody.image.accepts(Data("<html>".utf8)))
    }

    let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "secret")

    func client(_ transport: FakeTransport, _ folder: URL) -> GitHubClient {
        GitHubClient(
            configuration: api, stack: NetworkStack(transport: transport, sleep: { _ in }),
            cache: ResponseCache(directory: folder))
    }

    @Test("a cut answer, a 404 for what surely exists, and a redirect to a failing page: the cache's answer, stale")
    func lastGoodStandsIn() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = Data(#"[{"login":"ada","contributions":5}]"#.utf8)
        let url = api.endpoint("/repos/a/b/contributors")
        _ = try await client(FakeTransport { _ in (200, ["etag": "\"1\""], good) }, folder).get(url)
        let faults: [FakeTransport.Handler] = [
            { _ in (200, [:], good.prefix(12)) },
            { request in
                request.url!.host == "elsewhere.test"
                    ? (200, [:], Data("<html>sign in</html>".utf8))
                    : (302, ["location": "https://elsewhere.test/x"], Data())
            },
        ]
        for fault in faults {
            let answer = try await client(FakeTransport(fault), folder).get(url)
            #expect(answer.data == good && answer.staleness != nil)
        }
        let missing = FakeTransport { _ in (404, [:], Data("{}".utf8)) }
        let sure = try await client(missing, folder).get(url, existsForSure: true)
        #expect(sure.data == good && sure.staleness != nil)
        #expect(try await client(missing, folder).get(url).status == 404, "a 404 is an answer where nothing vouches")
        // Through all of it the kept answer is the good one.
        let offline = try await GitHubClient(
            configuration: api,
            stack: NetworkStack(transport: missing, options: try FetchOptions(offline: true), sleep: { _ in }),
            cache: ResponseCache(directory: folder)
        ).get(url)
        #expect(offline.data == good)
    }
}
