import Foundation
import Synchronization
import Testing

@testable import RepoWatchNetwork

/// A clock that only moves when a request sleeps: a test of the pacer takes no time at all.
final class SteppedClock: Sendable {
    private let seconds = Mutex(1_000.0)

    var now: Double { seconds.withLock { $0 } }

    /// Advances to the end of the sleep: what a real one would have waited.
    func sleep(_ duration: Double) { seconds.withLock { $0 += max(0, duration) } }
}

@Suite("The pacer: GitHub's secondary limits, with an injected clock")
struct PacerTests {
    let api = APIScope(URL(string: "https://api.example.test")!)

    func request(_ path: String = "/repos/a/b", host: String = "api.example.test", credentials: Bool = true)
        -> NetworkRequest
    {
        NetworkRequest(url: URL(string: "https://\(host)\(path)")!, accept: "*/*", credentials: credentials)
    }

    /// The moments `count` requests leave, one after another, each as soon as the pacer lets it.
    func departures(_ pacer: Pacer, clock: SteppedClock, count: Int) async throws -> [Double] {
        var times: [Double] = []
        for _ in 0..<count {
            try await pacer.ready(request())
            times.append(clock.now)
        }
        return times
    }

    @Test("a build under the limit is never slowed")
    func underTheLimit() async throws {
        let clock = SteppedClock()
        let pacer = Pacer(scope: api, perMinute: 900, clock: { clock.now }, sleep: { clock.sleep($0) })
        let times = try await departures(pacer, clock: clock, count: 900)
        #expect(Set(times).count == 1, "all at once: no request waited")
        #expect(pacer.waits.requests == 0)
    }

    @Test("past the limit: never more than the limit in any minute, and no slower than the window allows")
    func overTheLimit() async throws {
        let clock = SteppedClock()
        let pacer = Pacer(scope: api, perMinute: 30, clock: { clock.now }, sleep: { clock.sleep($0) })
        let times = try await departures(pacer, clock: clock, count: 100)
        // GitHub counts a minute; the pacer's window is a minute and 2 %, for requests slower on the way.
        for (index, time) in times.enumerated() {
            let inMinute = times[index...].prefix { $0 < time + 60 * (1 + Pacer.margin) }.count
            #expect(inMinute <= 30, "\(inMinute) requests in the window from \(time)")
        }
        // 100 requests at 30 a window: three full windows, then the last ten.
        #expect(abs(times.last! - times.first! - 3 * 60 * (1 + Pacer.margin)) < 1e-6)
        // One after another, only the first of each window waits: the rest of it is free by then.
        #expect(pacer.waits.requests == 3)
    }

    @Test("requests waiting together leave in the order they asked, a window after those they replace")
    func concurrentRequestsAreBookedInOrder() async throws {
        let clock = SteppedClock()
        let booked = Mutex<[Double]>([])
        let pacer = Pacer(
            scope: api, perMinute: 2, minute: 10, clock: { clock.now },
            sleep: { seconds in booked.withLock { $0.append(seconds) } })
        for _ in 0..<6 { try await pacer.ready(request()) }
        // The clock does not move: each waits a window more than the one two places before it.
        // A ten-second minute: the margin is its least, half a second.
        let expected = [10.5, 10.5, 21, 21]
        #expect(zip(booked.withLock { $0 }, expected).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(booked.withLock { $0.count } == expected.count)
    }

    @Test("avatars and requests without the token's permission are not paced; only the API's own are")
    func onlyTheAPIsRequests() async throws {
        let clock = SteppedClock()
        let pacer = Pacer(scope: api, perMinute: 1, clock: { clock.now }, sleep: { clock.sleep($0) })
        try await pacer.ready(request())
        for _ in 0..<5 {
            try await pacer.ready(request("/u/1", host: "avatars.example.test", credentials: false))
            try await pacer.ready(request("/avatars/u/1", credentials: false))
        }
        #expect(pacer.waits.requests == 0)
        try await pacer.ready(request())
        #expect(pacer.waits.requests == 1)
    }

    @Test("through the stack: every request that leaves is paced, a 304 and a retry too")
    func throughTheStack() async throws {
        let clock = SteppedClock()
        let statuses = Mutex([502, 304, 200])
        let transport = FakeTransport { _ in (statuses.withLock { $0.removeFirst() }, [:], Data("{}".utf8)) }
        let pacer = Pacer(scope: api, perMinute: 1, minute: 5, clock: { clock.now }, sleep: { clock.sleep($0) })
        var stack = NetworkStack(transport: transport, sleep: { _ in })
        stack.allowances[.rest] = [pacer]
        let client = GitHubClient(configuration: APIConfiguration(baseURL: api.base, token: "t"), stack: stack)
        _ = try await client.get(URL(string: "https://api.example.test/repos/a/b")!)
        _ = try await client.get(URL(string: "https://api.example.test/repos/a/c")!)
        #expect(transport.requests.count == 3)
        #expect(pacer.waits.requests == 2, "the retry and the second request each waited their window")
    }
}

@Suite("--rate-limits")
struct RateLimitsTests {
    @Test("GitHub's figures by default; any part may be given, in any order")
    func parse() throws {
        #expect(RateLimits.github.restPerMinute == 900 && RateLimits.github.graphQLPerMinute == 2_000)
        #expect(RateLimits.github.concurrency == 100 && RateLimits.github.minute == 60)
        let limits = try RateLimits.parse("graphql=1000/min, rest=450/min,concurrency=20,minute=6s")
        #expect(limits.restPerMinute == 450 && limits.graphQLPerMinute == 1_000)
        #expect(limits.concurrency == 20 && limits.minute == 6)
        #expect(try RateLimits.parse("rest=100").restPerMinute == 100)
        #expect(limits.description == "rest=450/min,graphql=1000/min,concurrency=20,minute=6s")
        #expect(RateLimits.github.description == "rest=900/min,graphql=2000/min,concurrency=100")
    }

    @Test("a malformed part is refused with what is wrong")
    func refused() {
        #expect(throws: RateLimits.ParseError.unknown("search")) { try RateLimits.parse("search=30/min") }
        #expect(throws: RateLimits.ParseError.value("rest", "0/min")) { try RateLimits.parse("rest=0/min") }
        #expect(throws: RateLimits.ParseError.value("rest", "900/hour")) { try RateLimits.parse("rest=900/hour") }
        #expect(throws: RateLimits.ParseError.part("rest")) { try RateLimits.parse("rest") }
        #expect(throws: RateLimits.ParseError.value("minute", "0s")) { try RateLimits.parse("minute=0s") }
    }
}
