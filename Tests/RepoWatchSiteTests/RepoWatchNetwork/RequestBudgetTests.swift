import Foundation
import Synchronization
import Testing

@testable import RepoWatchNetwork

@Suite("The budget: the REST quota one build may spend")
struct RequestBudgetTests {
    let api = APIScope(URL(string: "https://api.example.test")!)

    func request(_ path: String = "/repos/a/b") -> NetworkRequest {
        NetworkRequest(url: URL(string: "https://api.example.test\(path)")!, accept: "*/*", credentials: true)
    }

    func answer(_ status: Int, remaining: Int? = nil) -> NetworkResponse {
        NetworkResponse(
            data: Data(), status: status, headers: remaining.map { ["x-ratelimit-remaining": String($0)] } ?? [:])
    }

    @Test("--budget N: N answers that cost quota, then every request is refused as deferred")
    func capsTheSpending() async throws {
        let budget = RequestBudget(scope: api, limit: .requests(3), authorized: true)
        for _ in 0..<3 {
            try await budget.admit(request())
            await budget.settle(request(), with: answer(200))
        }
        await #expect(throws: GitHubError.deferred(budget: 3)) { try await budget.admit(request()) }
        #expect(budget.usage == .init(spent: 3, free: 0, refused: 1, cap: 3, remainingAtStart: nil))
    }

    @Test("an authorized 304 is free; without a token it costs like any answer")
    func notModifiedIsFreeWithAToken() async throws {
        let budget = RequestBudget(scope: api, limit: .requests(1), authorized: true)
        for _ in 0..<5 {
            try await budget.admit(request())
            await budget.settle(request(), with: answer(304))
        }
        #expect(budget.usage.spent == 0 && budget.usage.free == 5)
        let anonymous = RequestBudget(scope: api, limit: .requests(1), authorized: false)
        try await anonymous.admit(request())
        await anonymous.settle(request(), with: answer(304))
        await #expect(throws: GitHubError.self) { try await anonymous.admit(request()) }
    }

    @Test("requests in flight hold their unit: running together they never pass the budget")
    func inFlightRequestsAreReserved() async throws {
        let budget = RequestBudget(scope: api, limit: .requests(2), authorized: true)
        try await budget.admit(request())
        try await budget.admit(request())
        await #expect(throws: GitHubError.deferred(budget: 2)) { try await budget.admit(request()) }
        // One answered 304 (free): its unit is back.
        await budget.settle(request(), with: answer(304))
        try await budget.admit(request())
        // Never sent (held back by a rate-limit pause): back too; a connection error may have cost one.
        await budget.withdraw(request(), sent: false)
        try await budget.admit(request())
        await budget.withdraw(request(), sent: true)
        await budget.settle(request(), with: answer(200))
        #expect(budget.usage.spent == 2)
        await #expect(throws: GitHubError.self) { try await budget.admit(request()) }
    }

    @Test("by default: all but a tenth of what the first answer says remains, counted from the start")
    func defaultLeavesATenth() async throws {
        let budget = RequestBudget(scope: api, limit: .remainingShare, authorized: true)
        try await budget.admit(request())
        await budget.settle(request(), with: answer(200, remaining: 99))
        // 100 remained before this build's first request: 90 may be spent, one already is.
        #expect(budget.usage.cap == 90 && budget.usage.remainingAtStart == 100)
        for _ in 0..<89 {
            try await budget.admit(request())
            await budget.settle(request(), with: answer(200, remaining: 0))
        }
        await #expect(throws: GitHubError.deferred(budget: 90)) { try await budget.admit(request()) }
        // A rate-limit answer's "0 remaining" lasts until the reset, which the build may wait for.
        let limited = RequestBudget(scope: api, limit: .remainingShare, authorized: true)
        try await limited.admit(request())
        await limited.settle(
            request(), with: NetworkResponse(data: Data(), status: 403, headers: ["x-ratelimit-remaining": "0"]))
        #expect(limited.usage.cap == nil)
        let told = RequestBudget(scope: api, limit: .remainingShare, authorized: true)
        told.learn(remaining: 1_000)
        #expect(told.usage.cap == 900)
    }

    @Test("GET /rate_limit and avatars cost nothing and are never refused")
    func freeRequests() async throws {
        let budget = RequestBudget(scope: api, limit: .requests(0), authorized: true)
        try await budget.admit(request("/rate_limit"))
        await budget.settle(request("/rate_limit"), with: answer(200))
        let avatar = NetworkRequest(
            url: URL(string: "https://avatars.example.test/u/1")!, accept: "*/*", credentials: false)
        try await budget.admit(avatar)
        await #expect(throws: GitHubError.self) { try await budget.admit(request()) }
        #expect(budget.usage.spent == 0)
    }

    @Test("through the stack: a deferred request is answered from the cache, marked as deferred")
    func deferredRequestsKeepTheirLastGoodData() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let transport = FakeTransport { _ in (200, ["etag": "\"1\""], Data(#"{"n":1}"#.utf8)) }
        let configuration = APIConfiguration(baseURL: api.base, token: "t")
        let url = URL(string: "https://api.example.test/repos/a/b")!
        _ = try await GitHubClient(configuration: configuration, transport: transport, cache: cache).get(url)

        var stack = NetworkStack(transport: transport, sleep: { _ in })
        stack.allowances[.rest] = [RequestBudget(scope: api, limit: .requests(0), authorized: true)]
        let client = GitHubClient(configuration: configuration, stack: stack, cache: cache)
        let kept = try await client.get(url)
        #expect(kept.data == Data(#"{"n":1}"#.utf8))
        #expect(kept.staleness?.because == .deferred(budget: 0))
        #expect(transport.requests.count == 1, "the deferred request was never sent")
        await #expect(throws: GitHubError.deferred(budget: 0)) {
            try await client.get(URL(string: "https://api.example.test/repos/a/never")!)
        }
    }
}

@Suite("Secondary limits GitHub gives no time for: at least a minute, with backoff, within --max-wait")
struct SecondaryBackoffTests {
    @Test("a minute, then two: each wait doubles, the summary counts the answers and the time held")
    func doublesEachTime() async throws {
        let waits = Mutex<[Double]>([])
        let clockTime = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let limited = json(["message": "You have exceeded a secondary rate limit."])
        let answers = Mutex([403, 403, 200])
        let transport = FakeTransport { _ in
            (answers.withLock { $0.removeFirst() }, [:], answers.withLock { $0.isEmpty } ? Data("{}".utf8) : limited)
        }
        let options = try FetchOptions(maxWait: 300)
        let ledger = RequestLedger()
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t"),
            transport: transport, options: options, ledger: ledger,
            sleep: { seconds in
                waits.withLock { $0.append(seconds) }
                clockTime.withLock { $0 = $0.addingTimeInterval(seconds) }
            },
            clock: { clockTime.withLock { $0 } })
        let answer = try await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        #expect(answer.status == 200)
        #expect(waits.withLock { $0 } == [60, 120])
        let counts = await ledger.counts
        #expect(counts.secondaryLimitAnswers == 2 && counts.rateLimitPause == 180)
    }

    @Test("a wait longer than --max-wait is not waited: the API stops for the build")
    func beyondMaxWait() async throws {
        let limited = json(["message": "You have exceeded a secondary rate limit."])
        let transport = FakeTransport { _ in (403, [:], limited) }
        let options = try FetchOptions(maxWait: 30)
        let ledger = RequestLedger()
        let client = GitHubClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t"),
            transport: transport, options: options, ledger: ledger, sleep: { _ in Issue.record("waited") })
        await #expect(throws: GitHubError.self) {
            try await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        }
        #expect(await ledger.stoppedUntil != nil)
        #expect(transport.requests.count == 1)
    }
}
