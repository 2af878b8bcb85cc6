import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite

@Suite("The request limiter (--jobs)")
struct ConcurrencyLimiterTests {
    /// Waits (without a clock) until `count` requests wait for a slot.
    func waitUntil(_ limiter: ConcurrencyLimiter, waiting count: Int) async {
        while limiter.occupancy.waiting < count { await Task.yield() }
    }

    @Test("a released slot goes to the longest waiting request; never more than the limit")
    func handsSlotsOver() async {
        let limiter = ConcurrencyLimiter(limit: 2)
        await limiter.acquire()
        await limiter.acquire()
        let order = ArrivalLog()
        let first = Task {
            await limiter.acquire()
            order.add("first")
        }
        await waitUntil(limiter, waiting: 1)
        let second = Task {
            await limiter.acquire()
            order.add("second")
        }
        await waitUntil(limiter, waiting: 2)
        #expect(limiter.occupancy == (2, 2))
        #expect(order.items.isEmpty)
        limiter.release()
        await first.value
        #expect(order.items == ["first"])
        #expect(limiter.occupancy == (2, 1))
        limiter.release()
        await second.value
        #expect(order.items == ["first", "second"])
        limiter.release()
        limiter.release()
        #expect(limiter.occupancy == (0, 0))
    }

    @Test("a secondary rate limit halves the bound: slots in use drain to it before a waiter runs")
    func reduceDrains() async {
        let limiter = ConcurrencyLimiter(limit: 4)
        for _ in 0..<4 { await limiter.acquire() }
        limiter.reduce()
        #expect(limiter.limit == 2)
        let waiter = Task { await limiter.acquire() }
        await waitUntil(limiter, waiting: 1)
        limiter.release()
        limiter.release()
        #expect(limiter.occupancy == (2, 1), "still at the new bound: the waiter waits")
        limiter.release()
        await waiter.value
        #expect(limiter.occupancy == (2, 0))
    }

    @Test("a request that waited for a slot is not sent once GitHub's quota has run out meanwhile")
    func waitingRequestObeysAStop() async throws {
        let fake = FakeTransport { _ in (200, [:], json(["full_name": "a/b"])) }
        let transport = LimitedTransport(fake, limit: 1)
        let ledger = RequestLedger()
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t", userAgent: "test")
        let client = GitHubClient(configuration: api, transport: transport, ledger: ledger)
        await transport.limiter.acquire()  // another request holds the only slot
        let waiting = Task { try await client.get(URL(string: "https://api.example.test/repos/a/b")!) }
        await waitUntil(transport.limiter, waiting: 1)
        let reset = Date().addingTimeInterval(3600)
        await ledger.stop(until: reset)
        transport.limiter.release()
        await #expect(throws: GitHubError.rateLimited(until: reset)) { try await waiting.value }
        #expect(fake.requests.isEmpty)
        #expect(await ledger.counts.requests == 0, "a request never sent is not counted")
    }

    @Test("a request paused by a rate limit gives its slot back: an avatar still goes through")
    func pausedRequestFreesItsSlot() async throws {
        let fake = FakeTransport { _ in (200, [:], json(["full_name": "a/b"])) }
        let transport = LimitedTransport(fake, limit: 1)
        let ledger = RequestLedger()
        let time = PausedClock()
        let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "t", userAgent: "test")
        let client = GitHubClient(
            configuration: api, transport: transport, ledger: ledger,
            sleep: { _ in await time.sleep() }, clock: { time.now })
        _ = ledger.gate.pause(until: time.now.addingTimeInterval(60))
        let paused = Task { try await client.get(URL(string: "https://api.example.test/repos/a/b")!) }
        while !time.isSleeping { await Task.yield() }
        try #require(transport.limiter.occupancy == (0, 0), "the paused request holds no slot while it waits")
        _ = try await client.get(URL(string: "https://avatars.example.test/u/1")!, credentials: false)
        #expect(fake.requests.map { $0.url?.host } == ["avatars.example.test"])
        time.advance(by: 61)
        _ = try await paused.value
        #expect(fake.requests.map { $0.url?.host } == ["avatars.example.test", "api.example.test"])
    }
}

/// A clock the test moves, and a sleep that lasts until it does.
final class PausedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    private var sleeper: CheckedContinuation<Void, Never>?

    var now: Date { lock.withLock { current } }
    var isSleeping: Bool { lock.withLock { sleeper != nil } }

    func sleep() async {
        await withCheckedContinuation { continuation in lock.withLock { sleeper = continuation } }
    }

    func advance(by seconds: TimeInterval) {
        let waking = lock.withLock {
            current += seconds
            defer { sleeper = nil }
            return sleeper
        }
        waking?.resume()
    }
}

/// Strings appended from several tasks.
final class ArrivalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ item: String) { lock.withLock { list.append(item) } }
    var items: [String] { lock.withLock { list } }
}
