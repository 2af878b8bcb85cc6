import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite

/// Records the waits a client asks for instead of sleeping.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []

    var waits: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func record(_ seconds: Double) {
        lock.lock()
        recorded.append(seconds)
        lock.unlock()
    }
}

@Suite struct RateLimitSignalTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func primaryLimitFromHeaders() throws {
        let recorded =
            try JSONSerialization.jsonObject(
                with: SharedFixtures.data("partial-403-primary-rate-limit-2025-headers.json")) as! [String: Any]
        let headers = recorded["headers"] as! [String: String]
        #expect(
            RateLimitSignal.classify(status: 403, headers: headers, body: Data(), now: now)
                == .primary(reset: Date(timeIntervalSince1970: 1_744_885_393)))
    }

    @Test func secondaryLimits() throws {
        let body =
            try JSONSerialization.jsonObject(
                with: SharedFixtures.data("partial-403-secondary-rate-limit-body-2022.json")) as! [String: Any]
        let message = try JSONSerialization.data(withJSONObject: body["body"]!)
        #expect(
            RateLimitSignal.classify(status: 403, headers: [:], body: message, now: now) == .secondary(retryAfter: nil),
            "no time given: at least a minute, with backoff")
        #expect(
            RateLimitSignal.classify(status: 429, headers: ["retry-after": "1"], body: Data(), now: now)
                == .secondary(retryAfter: 1))
        let abuse = try SharedFixtures.interactionBody(
            "interaction-403-secondary-abuse-rate-limit-retry-after-2018.json")
        #expect(
            RateLimitSignal.classify(status: 403, headers: ["retry-after": "60"], body: abuse, now: now)
                == .secondary(retryAfter: 60))
    }

    @Test func tooLargeAndOtherForbiddenAreNotLimits() {
        let tooLarge = json(["message": "The history or contributor list is too large to list contributors"])
        #expect(RateLimitSignal.classify(status: 403, headers: [:], body: tooLarge, now: now) == nil)
        #expect(
            RateLimitSignal.classify(status: 403, headers: [:], body: json(["message": "Forbidden"]), now: now) == nil)
        #expect(
            RateLimitSignal.classify(status: 404, headers: ["x-ratelimit-remaining": "0"], body: Data(), now: now)
                == nil)
    }

    @Test func backoffGrowsAndIsJittered() {
        let policy = RetryPolicy(attempts: 3, baseDelay: 0.5)
        #expect(policy.delay(afterAttempt: 1, random: 1) == 0.5)
        #expect(policy.delay(afterAttempt: 1, random: 0) == 0.25)
        #expect(policy.delay(afterAttempt: 2, random: 1) == 1.0)
        #expect(policy.delay(afterAttempt: 3, random: 0.5) == 1.5)
    }
}

@Suite struct ResponseCacheTests {
    @Test func roundTripsAndIgnoresCorruptEntries() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let entry = ResponseCache.Entry(
            url: "https://api.github.com/repos/a/b", tokenFingerprint: ResponseCache.fingerprint(token: "t"),
            etag: "\"x\"", body: Data("{}".utf8), storedAt: Date(timeIntervalSince1970: 10))
        cache.store(entry)
        #expect(cache.entry(for: entry.url) == entry)
        #expect(cache.entry(for: "https://api.github.com/repos/a/c") == nil)

        try Data("{\"url\": \"https://api.github.com/re".utf8).write(to: cache.file(for: entry.url))
        #expect(cache.entry(for: entry.url) == nil)
    }

    @Test func fingerprintsNeverRevealTheToken() {
        let token = "ghp_abcdef0123456789"
        let fingerprint = ResponseCache.fingerprint(token: token)
        #expect(!fingerprint.contains(token) && fingerprint.count == 16)
        #expect(fingerprint != ResponseCache.fingerprint(token: "other"))
        #expect(ResponseCache.fingerprint(token: nil) == "anonymous")
    }
}

/// Answers with the given responses in order, the last one repeating.
func sequenced(_ responses: [(Int, [String: String], Data)]) -> FakeTransport {
    let counter = Counter()
    return FakeTransport { _ in responses[min(counter.next(), responses.count - 1)] }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

@Suite struct ResilientClientTests {
    let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "secret")
    let repo = RepoName(owner: "twbs", name: "bootstrap")
    let now = Date(timeIntervalSince1970: 1_000_000)

    func client(_ transport: FakeTransport, cache: ResponseCache? = nil, maxWait: Double = 60, sleeps: SleepRecorder)
        throws -> GitHubClient
    {
        let options = try FetchOptions(maxWait: maxWait)
        let now = self.now
        return GitHubClient(
            configuration: api, transport: transport, cache: cache, options: options,
            sleep: { sleeps.record($0) }, clock: { now })
    }

    @Test func retriesServerErrorsWithGrowingBackoff() async throws {
        let body = try SharedFixtures.interactionBody("interaction-repos-get-200-twbs-bootstrap.json")
        let sleeps = SleepRecorder()
        let transport = sequenced([(502, [:], Data()), (503, [:], Data()), (200, [:], body)])
        let (payload, staleness) = try await client(transport, sleeps: sleeps).repository(repo)
        #expect(payload.stars == 171_281 && staleness == nil)
        #expect(transport.requests.count == 3)
        #expect(sleeps.waits.count == 2)
        #expect((0.25...0.5).contains(sleeps.waits[0]) && (0.5...1.0).contains(sleeps.waits[1]))
    }

    @Test func givesUpAfterThreeAttempts() async throws {
        let sleeps = SleepRecorder()
        let transport = sequenced([(502, [:], json(["message": "Server Error"]))])
        await #expect(throws: GitHubError.http(status: 502, message: "Server Error")) {
            try await client(transport, sleeps: sleeps).repository(repo)
        }
        #expect(transport.requests.count == 3)
    }

    @Test func waitsForAPrimaryResetWithinMaxWait() async throws {
        let body = try SharedFixtures.interactionBody("interaction-repos-get-200-twbs-bootstrap.json")
        let reset = String(Int(now.timeIntervalSince1970) + 2)
        let sleeps = SleepRecorder()
        let transport = sequenced([
            (
                403, ["x-ratelimit-remaining": "0", "x-ratelimit-reset": reset],
                json(["message": "API rate limit exceeded"])
            ),
            (200, ["x-ratelimit-remaining": "4999"], body),
        ])
        let client = try client(transport, sleeps: sleeps)
        _ = try await client.repository(repo)
        #expect(sleeps.waits == [3])
        #expect(await client.ledger.counts.quotaRemaining == 4999)
    }

    @Test func farResetStopsAskingAndFallsBackToTheCache() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let body = try SharedFixtures.interactionBody("interaction-repos-get-200-twbs-bootstrap.json")
        let sleeps = SleepRecorder()
        let good = try client(sequenced([(200, ["etag": "\"v1\""], body)]), cache: cache, sleeps: sleeps)
        _ = try await good.repository(repo)

        let reset = String(Int(now.timeIntervalSince1970) + 3600)
        let limited = sequenced([(403, ["x-ratelimit-remaining": "0", "x-ratelimit-reset": reset], Data())])
        let client = try client(limited, cache: cache, sleeps: sleeps)
        let (payload, staleness) = try await client.repository(repo)
        #expect(payload.stars == 171_281)
        #expect(staleness?.reason.description.contains("rate limit") == true)
        #expect(limited.requests.first?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        // Stopped: the next repository is not asked at all.
        await #expect(throws: GitHubError.self) { try await client.repository(RepoName(owner: "a", name: "b")) }
        #expect(limited.requests.count == 1)
        #expect(sleeps.waits.isEmpty)
    }

    @Test func notModifiedReusesTheCachedBodyAndTheLinkHeader() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let page: [[String: Any]] = [["login": "alice", "type": "User", "contributions": 5]]
        let sleeps = SleepRecorder()
        let link = "<https://api.example.test/repositories/1/contributors?page=2>; rel=\"next\""
        // Serialized once: two serializations of a dictionary may order its keys differently.
        let body = json(page)
        let transport = sequenced([(200, ["ETag": "\"p1\"", "Link": link], body), (304, [:], Data())])
        let client = try client(transport, cache: cache, sleeps: sleeps)
        let url = api.endpoint("/repos/a/b/contributors")
        _ = try await client.get(url)
        let second = try await client.get(url)
        #expect(second.source == .revalidated)
        #expect(second.data == body)
        #expect(second.header("link") == link)
        #expect(await client.ledger.counts.notModified == 1)
    }

    @Test func validatorsFromAnotherTokenAreNotSent() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let url = api.endpoint("/repos/a/b")
        cache.store(
            .init(url: url.absoluteString, tokenFingerprint: "someone-else", etag: "\"x\"", body: Data(), storedAt: now)
        )
        let transport = sequenced([(200, [:], Data("{}".utf8))])
        _ = try await client(transport, cache: cache, sleeps: SleepRecorder()).get(url)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "If-None-Match") == nil)
    }
}
