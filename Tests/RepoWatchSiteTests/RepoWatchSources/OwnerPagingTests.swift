import Foundation
import Synchronization
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An owner's list is asked for all at once when its first page names the last one, and one page
/// after another when it does not; either way the same repositories in the same order.
@Suite("Listing an owner's pages at once")
struct OwnerPagingTests {
    let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t", userAgent: "test")
    static let listPath = "/organizations/9/repos"

    /// A list item shaped like GitHub's (the recorded one, renamed).
    func item(_ name: String) throws -> [String: Any] {
        var object =
            try JSONSerialization.jsonObject(
                with: SharedFixtures.data("repo-list-item-archived-YorickPeterse-ruby-lint.json")) as! [String: Any]
        object["full_name"] = "fixture-org/\(name)"
        object["name"] = name
        return object
    }

    func pageURL(_ number: Int) -> String {
        "https://api.example.test\(Self.listPath)?type=public&sort=full_name&per_page=2&page=\(number)"
    }

    /// An organization whose `pages` pages hold two repositories each (`repo-1`, `repo-2`, …), with
    /// GitHub's Link headers; `withLast: false` leaves `rel="last"` out, `missing` answers 404.
    func organization(pages: Int, withLast: Bool = true, missing: Int? = nil) -> FakeTransport {
        FakeTransport(organizationAnswers(pages: pages, withLast: withLast, missing: missing))
    }

    func organizationAnswers(pages: Int, withLast: Bool, missing: Int?) -> FakeTransport.Handler {
        { request in
            let url = request.url!
            if url.path == "/users/fixture-org" {
                return (200, [:], json(["login": "fixture-org", "type": "Organization"]))
            }
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            let page =
                url.path == "/orgs/fixture-org/repos"
                ? 1
                : url.path == Self.listPath
                    ? Int(components.queryItems?.first { $0.name == "page" }?.value ?? "") ?? 0 : 0
            guard (1...pages).contains(page), page != missing else { return (404, [:], json(["message": "Not Found"])) }
            var links: [String] = []
            if page < pages {
                links.append("<\(self.pageURL(page + 1))>; rel=\"next\"")
                if withLast { links.append("<\(self.pageURL(pages))>; rel=\"last\"") }
            }
            if page > 1 { links.append("<\(self.pageURL(1))>; rel=\"first\"") }
            let items = try [self.item("repo-\(2 * page - 1)"), self.item("repo-\(2 * page)")]
            return (200, links.isEmpty ? [:] : ["Link": links.joined(separator: ", ")], json(items))
        }
    }

    func names(_ count: Int) -> [String] { (1...count).map { "fixture-org/repo-\($0)" } }

    @Test("rel=\"last\": every page asked for once, the repositories in page order")
    func lastPageGivesThePages() async throws {
        let transport = organization(pages: 7)
        let listing = try await GitHubClient(configuration: api, transport: LimitedTransport(transport, limit: 3))
            .listOwner(OwnerSource(owner: "fixture-org"))
        #expect(listing.repos.map(\.name.description) == names(14))
        let pages = transport.requests.compactMap { LinkHeader.pageNumber(of: $0.url!) }
        #expect(pages.sorted() == Array(2...7), "each page once: \(pages)")
        #expect(transport.requests.count == 1 + 7)
    }

    @Test("rel=\"last\": pages 2 to the last are in flight together")
    func pagesAreInFlightTogether() async throws {
        let gate = PageGate(expected: 3)
        let pages = FakeTransport(organizationAnswers(pages: 4, withLast: true, missing: nil))
        let transport = GatedTransport(gate: gate, base: pages)
        let listing = try await GitHubClient(configuration: api, transport: LimitedTransport(transport, limit: 8))
            .listOwner(OwnerSource(owner: "fixture-org"))
        #expect(listing.repos.map(\.name.description) == names(8))
        #expect(await gate.metTogether, "pages 2, 3 and 4 were asked for one after another")
    }

    @Test("rel=\"last\": no more than `pagesAtOnce` pages are under way, however many request slots are free")
    func pagesAtOnceBoundsThePagesInHand() async throws {
        // The first three pages after page 1 are held until all three are asked for: a listing that
        // asked one at a time would never meet the gate.
        let gate = PageGate(expected: 3)
        let counter = InFlightCounter(base: GatedTransport(gate: gate, base: organization(pages: 30)))
        let listing = try await GitHubClient(configuration: api, transport: LimitedTransport(counter, limit: 16))
            .listOwner(OwnerSource(owner: "fixture-org"), pagesAtOnce: 3)
        #expect(listing.repos.map(\.name.description) == names(60))
        #expect(await gate.metTogether, "the pages were still asked for together")
        let peak = counter.peak
        #expect(peak <= 3, "\(peak) pages in flight at once")
    }

    @Test("no rel=\"last\": Link is followed page by page, to the same list")
    func withoutLastFollowsNext() async throws {
        let transport = organization(pages: 4, withLast: false)
        let listing = try await GitHubClient(configuration: api, transport: transport)
            .listOwner(OwnerSource(owner: "fixture-org"))
        #expect(listing.repos.map(\.name.description) == names(8))
        let pages = transport.requests.compactMap { LinkHeader.pageNumber(of: $0.url!) }
        #expect(pages == [2, 3, 4], "in order, one after another")
    }

    @Test("a missing page fails the listing, asked for at once or page by page")
    func missingPageFails() async throws {
        for withLast in [true, false] {
            let client = GitHubClient(
                configuration: api, transport: organization(pages: 5, withLast: withLast, missing: 3))
            await #expect(throws: GitHubError.notFound) {
                try await client.listOwner(OwnerSource(owner: "fixture-org"))
            }
        }
    }

    @Test("the pages at once are cached like any: a warm rerun is all 304, the same list")
    func warmRerunIsConditional() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = organizationAnswers(pages: 5, withLast: true, missing: nil)
        let transport = FakeTransport { request in
            let etag = "\"\(request.url!.absoluteString.hashValue)\""
            if request.value(forHTTPHeaderField: "If-None-Match") == etag {
                // No Link on the 304: the cached one must give the pages.
                return (304, ["ETag": etag], Data())
            }
            let (status, headers, body) = try pages(request)
            return (status, headers.merging(["ETag": etag]) { $1 }, body)
        }
        let cache = ResponseCache(directory: folder)
        let cold = try await GitHubClient(configuration: api, transport: transport, cache: cache)
            .listOwner(OwnerSource(owner: "fixture-org"))
        let ledger = RequestLedger()
        let warm = try await GitHubClient(configuration: api, transport: transport, cache: cache, ledger: ledger)
            .listOwner(OwnerSource(owner: "fixture-org"))
        #expect(cold.repos.map(\.name.description) == names(10))
        #expect(warm.repos.map(\.name.description) == names(10))
        let counts = await ledger.counts
        #expect(counts.requests == 1 + 5 && counts.notModified == 1 + 5)
    }

    @Test("rel=\"last\" is trusted only when next is its page 2")
    func remainingPages() throws {
        let base = URL(string: "https://api.example.test/")!
        let list = "https://api.example.test/organizations/9/repos?per_page=100&page="
        let header = "<\(list)2>; rel=\"next\", <\(list)4>; rel=\"last\""
        let pages = LinkHeader.remainingPages(header, relativeTo: base, limit: 1_000)
        #expect(pages?.map(\.absoluteString) == ["\(list)2", "\(list)3", "\(list)4"])
        // Cursor pagination, a next that is not page 2, a last beyond the limit, no last: one at a time.
        let cursor = "<\(list)2&after=x>; rel=\"next\", <\(list)4>; rel=\"last\""
        #expect(LinkHeader.remainingPages(cursor, relativeTo: base, limit: 1_000) == nil)
        let skipping = "<\(list)3>; rel=\"next\", <\(list)4>; rel=\"last\""
        #expect(LinkHeader.remainingPages(skipping, relativeTo: base, limit: 1_000) == nil)
        #expect(LinkHeader.remainingPages(header, relativeTo: base, limit: 3) == nil)
        #expect(LinkHeader.remainingPages("<\(list)2>; rel=\"next\"", relativeTo: base, limit: 1_000) == nil)
    }
}

/// Holds the first page requests until `expected` of them wait together, which only a listing that
/// asks for them at once achieves; then it stays open. A listing asking one after another would wait
/// forever, so the first held request also starts a deadline far past any working run; once it
/// passes, the gate stays open and the test fails (`metTogether` false) instead of hanging.
actor PageGate {
    let expected: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var givenUp = false
    private(set) var metTogether = false

    init(expected: Int) { self.expected = expected }

    func pass() async {
        if givenUp || metTogether { return }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == expected {
                metTogether = true
                open()
            } else if waiting.count == 1 {
                Task {
                    try? await Task.sleep(for: .seconds(120))
                    self.giveUp()
                }
            }
        }
    }

    private func giveUp() {
        if !metTogether { givenUp = true }
        open()
    }

    private func open() {
        let released = waiting
        waiting = []
        for continuation in released { continuation.resume() }
    }
}

/// Page 2 and later pass the gate before the fake answers them.
struct GatedTransport: HTTPTransport {
    let gate: PageGate
    let base: FakeTransport

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        if let page = LinkHeader.pageNumber(of: request.url!), page >= 2 { await gate.pass() }
        return try await base.send(request)
    }
}

/// Counts the requests in flight at once; a `GatedTransport` under it makes them overlap.
final class InFlightCounter: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let counts = Mutex((now: 0, peak: 0))

    init(base: any HTTPTransport) { self.base = base }

    var peak: Int { counts.withLock { $0.peak } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        counts.withLock {
            $0.now += 1
            $0.peak = max($0.peak, $0.now)
        }
        defer { counts.withLock { $0.now -= 1 } }
        return try await base.send(request)
    }
}
