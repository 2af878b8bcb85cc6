import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Cache entries: the compact format")
struct CacheEntryFormatTests {
    let entry = ResponseCache.Entry(
        url: "https://api.github.com/repos/a/b?per_page=12", tokenFingerprint: "0123456789abcdef", status: 200,
        etag: "W/\"abc\"", lastModified: "Mon, 01 Jan 2018 18:03:08 GMT",
        link: "<https://api.github.com/repositories/1/contributors?page=2>; rel=\"next\"", location: nil,
        body: Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }),
        storedAt: Date(timeIntervalSince1970: 1_795_348_800.25), freshUntil: Date(timeIntervalSince1970: 1_795_435_200))

    @Test func roundTripsEveryFieldAndTheRawBody() throws {
        let data = try #require(CacheEntryFormat.encode(entry))
        #expect(CacheEntryFormat.decode(data) == entry)
        // The body is stored as is after the header, not re-encoded.
        #expect(data.suffix(entry.body.count) == entry.body)
        var redirect = entry
        redirect.status = 307
        redirect.location = "http://127.0.0.2:8000/repositories/1"
        redirect.body = Data()
        redirect.etag = nil
        #expect(CacheEntryFormat.decode(try #require(CacheEntryFormat.encode(redirect))) == redirect)
    }

    @Test func truncatedDamagedOrUnknownEntriesReadAsNone() throws {
        let data = try #require(CacheEntryFormat.encode(entry))
        #expect(CacheEntryFormat.decode(data.dropLast()) == nil)
        #expect(CacheEntryFormat.decode(data.prefix(40)) == nil)
        var damaged = data
        damaged[damaged.count - 10] ^= 0x01
        #expect(CacheEntryFormat.decode(damaged) == nil)
        var newer = data
        newer[newer.startIndex + "repowatch-cache ".utf8.count] = UInt8(ascii: "3")
        #expect(CacheEntryFormat.decode(newer) == nil)
        #expect(CacheEntryFormat.decode(Data("{\"url\": 1}".utf8)) == nil)
        #expect(CacheEntryFormat.decode(Data()) == nil)
    }

    @Test func headerNamesItDoesNotKnowAreSkipped() throws {
        var data = try #require(CacheEntryFormat.encode(entry))
        let at = try #require(data.firstRange(of: Data("\ntoken ".utf8)))
        data.insert(contentsOf: Data("\nadded-by-a-newer-version yes".utf8), at: at.lowerBound)
        #expect(CacheEntryFormat.decode(data) == entry)
    }

    @Test func aHeaderValueWithALineBreakIsNotStored() {
        var odd = entry
        odd.etag = "\"a\"\nstatus 500"
        #expect(CacheEntryFormat.encode(odd) == nil)
    }

    @Test func anEntryOfTheFirstFormatIsReadOnceAndRewritten() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder)
        let key = ResponseCache.key(for: entry.url)
        let legacy = cache.file(key: key, extension: "json")
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var old = entry
        old.storedAt = Date(timeIntervalSince1970: 1_795_348_800)
        old.freshUntil = nil
        try encoder.encode(old).write(to: legacy)

        #expect(cache.entry(for: entry.url) == old)
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        let rewritten = try Data(contentsOf: cache.file(for: entry.url))
        #expect(CacheEntryFormat.decode(rewritten) == old)
        #expect(cache.entry(for: entry.url) == old)
    }
}

@Suite("Cache lifetimes: answers without validators, redirects, pruning")
struct CacheLifetimeTests {
    let api = APIConfiguration(baseURL: URL(string: "https://api.example.test")!, token: "secret")
    let day: TimeInterval = 24 * 3600
    let start = Date(timeIntervalSince1970: 1_795_348_800)

    func client(
        _ transport: FakeTransport, _ cache: ResponseCache, offline: Bool = false, refresh: Bool = false
    ) throws -> GitHubClient {
        let options = try FetchOptions(offline: offline, refresh: refresh)
        return GitHubClient(configuration: api, transport: transport, cache: cache, options: options, sleep: { _ in })
    }

    @Test func answersWithoutValidatorsAreReusedForADayUnlessRefreshed() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tooLarge = json(["message": "The history or contributor list is too large to list contributors"])
        let online = FakeTransport { request in
            request.url!.path.contains("/empty/") ? (204, [:], Data()) : (403, [:], tooLarge)
        }
        let first = try client(online, ResponseCache(directory: folder, now: start))
        #expect(try await first.contributors(of: "a/empty").0 == .people([], avatarURLs: []))
        #expect(try await first.contributors(of: "a/huge").0 == .tooLarge)
        #expect(online.requests.count == 2)

        let sameDay = try client(online, ResponseCache(directory: folder, now: start.addingTimeInterval(day - 60)))
        let (empty, staleness) = try await sameDay.contributors(of: "a/empty")
        #expect(empty == .people([], avatarURLs: []) && staleness == nil)
        #expect(try await sameDay.contributors(of: "a/huge").0 == .tooLarge)
        #expect(online.requests.count == 2, "asked again within the day")
        #expect(await sameDay.ledger.counts.keptAnswers == 2)
        #expect(Build.accounting(await sameDay.ledger.counts).contains("2 cache hits without a request"))

        let refreshed = try client(online, ResponseCache(directory: folder, now: start), refresh: true)
        _ = try await refreshed.contributors(of: "a/empty")
        #expect(online.requests.count == 3)

        let nextDay = try client(online, ResponseCache(directory: folder, now: start.addingTimeInterval(day + 60)))
        _ = try await nextDay.contributors(of: "a/huge")
        #expect(online.requests.count == 4)
        #expect(await nextDay.ledger.counts.keptAnswers == 0)
    }

    @Test func aTwoHundredWithValidatorsIsAlwaysRevalidated() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = sequenced([(200, ["etag": "\"v1\""], Data("[]".utf8)), (304, [:], Data())])
        let cache = ResponseCache(directory: folder, now: start)
        _ = try await client(transport, cache).get(api.endpoint("/repos/a/b/contributors"))
        _ = try await client(transport, cache).get(api.endpoint("/repos/a/b/contributors"))
        #expect(transport.requests.count == 2)
        #expect(cache.entry(for: api.endpoint("/repos/a/b/contributors").absoluteString)?.freshUntil == nil)
    }

    /// Every redirect kind, to the API's own origin and to another: offline finds the answer for
    /// the URL the build started from.
    @Test(arguments: [301, 302, 303, 307, 308], [false, true])
    func offlineFindsAnswersReachedThroughRedirects(status: Int, crossOrigin: Bool) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target =
            crossOrigin ? "https://mirror.example.test/repositories/7" : "https://api.example.test/repositories/7"
        let body = try SharedFixtures.interactionBody("interaction-repositories-id-200-requests-requests.json")
        let online = FakeTransport { request in
            request.url!.path == "/repos/old/name"
                ? (status, ["location": target], Data()) : (200, ["etag": "\"e\""], body)
        }
        let start = api.endpoint("/repos/old/name")
        _ = try await client(online, ResponseCache(directory: folder, now: self.start)).get(start)
        // The token never follows the redirect to another origin.
        #expect(
            online.requests.last?.value(forHTTPHeaderField: "Authorization") == (crossOrigin ? nil : "Bearer secret"))

        let unreachable = FakeTransport { _ in throw URLError(.cannotConnectToHost) }
        let offline = try await client(unreachable, ResponseCache(directory: folder, now: self.start), offline: true)
            .get(start)
        #expect(offline.data == body && offline.status == 200)
        #expect(offline.staleness != nil)
        // An outage (online, the network failing) finds it the same way.
        let outage = try await client(unreachable, ResponseCache(directory: folder, now: self.start)).get(start)
        #expect(outage.data == body && outage.staleness != nil)
    }

    @Test func rememberedRenamesAreRecheckedAfterTheRetentionPeriod() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let online = FakeTransport { request in
            request.url!.path == "/repos/old/name"
                ? (301, ["location": "https://api.example.test/repositories/7"], Data())
                : (200, ["etag": "\"e\""], Data("{}".utf8))
        }
        let old = api.endpoint("/repos/old/name")
        func asked(after days: Double, refresh: Bool = false) async throws -> Bool {
            let before = online.requests.count
            let cache = ResponseCache(directory: folder, now: start.addingTimeInterval(days * day))
            _ = try await client(online, cache, refresh: refresh).get(old)
            return online.requests.dropFirst(before).contains { $0.url == old }
        }
        #expect(try await asked(after: 0))
        #expect(try await asked(after: 29) == false)
        #expect(try await asked(after: 0, refresh: true))
        #expect(try await asked(after: 31))
        #expect(try await asked(after: 32) == false, "the recheck renewed the redirect")
    }

    /// A conditional request does not hold its entry's body while it waits for its answer (an
    /// owner's listing pages all waited together with theirs): a 304 answers with the body
    /// read after the wait, and an entry gone or changed meanwhile is asked again without validators.
    @Test func aNotModifiedAnswerReadsTheBodyAfterTheWait() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(directory: folder, now: start)
        let url = api.endpoint("/orgs/o/repos")
        let stored = ResponseCache.Entry(
            url: url.absoluteString, tokenFingerprint: ResponseCache.fingerprint(token: api.token), status: 200,
            etag: "\"v1\"", link: "<https://api.example.test/orgs/o/repos?page=2>; rel=\"next\"",
            body: Data("[1]".utf8), storedAt: start)
        cache.store(stored)
        let sameHeader = FakeTransport { _ in
            var rewritten = stored
            rewritten.body = Data("[2]".utf8)
            cache.store(rewritten)
            return (304, [:], Data())
        }
        let answer = try await client(sameHeader, cache).get(url)
        #expect(String(decoding: answer.data, as: UTF8.self) == "[2]", "the body read before the wait was held")
        #expect(answer.header("link") == stored.link && answer.status == 200)
        #expect(sameHeader.requests.map { $0.value(forHTTPHeaderField: "If-None-Match") } == ["\"v1\""])

        let goneMeanwhile = FakeTransport { request in
            guard request.value(forHTTPHeaderField: "If-None-Match") != nil else {
                return (200, ["etag": "\"v2\""], Data("[3]".utf8))
            }
            try FileManager.default.removeItem(at: cache.file(for: url.absoluteString))
            return (304, [:], Data())
        }
        #expect(String(decoding: try await client(goneMeanwhile, cache).get(url).data, as: UTF8.self) == "[3]")
        #expect(goneMeanwhile.requests.map { $0.value(forHTTPHeaderField: "If-None-Match") } == ["\"v1\"", nil])
        #expect(cache.entry(for: url.absoluteString)?.etag == "\"v2\"")
    }

    @Test func pruningRemovesWhatNobodyUsedForThirtyDaysAndKeepsTheRest() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let then = ResponseCache(directory: folder, now: start)
        for name in ["old", "used", "recent"] {
            then.store(
                .init(url: "https://x.test/\(name)", tokenFingerprint: "a", body: Data(name.utf8), storedAt: start))
        }
        let tenDaysLater = ResponseCache(directory: folder, now: start.addingTimeInterval(10 * day))
        _ = tenDaysLater.entry(for: "https://x.test/recent")
        let leftover = then.file(for: "https://x.test/old").path + ".tmp-123"
        try Data("half".utf8).write(to: URL(fileURLWithPath: leftover))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("history.json"))

        let later = ResponseCache(directory: folder, now: start.addingTimeInterval(35 * day))
        let maintenance = CacheMaintenance(cache: later)
        let inventory = maintenance.inventory()
        #expect(inventory.entries == 3 && inventory.answers == 3 && inventory.prunable == 2)
        _ = later.entry(for: "https://x.test/used")
        let removal = maintenance.prune(keeping: later.usage.contains)
        #expect(removal.entries == 1 && removal.remaining == 2)
        #expect(later.entry(for: "https://x.test/old") == nil)
        #expect(later.entry(for: "https://x.test/used") != nil && later.entry(for: "https://x.test/recent") != nil)
        #expect(!FileManager.default.fileExists(atPath: leftover))

        #expect(maintenance.clear().entries == 2)
        #expect(maintenance.inventory().entries == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("history.json").path))
    }
}

@Suite("Build locks")
struct FileLockTests {
    @Test func aSecondHolderWaitsThenIsRefusedAndGetsItOnceReleased() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".public.lock")
        let first = try await FileLock.acquire(file, wait: 0)
        let waited = Counter()
        await #expect(throws: FileLock.Failure.self) {
            _ = try await FileLock.acquire(file, wait: 0.3) { _ = waited.next() }
        }
        #expect(waited.next() == 1, "announced the wait once")
        first.release()
        // A process another test is spawning may hold a copy of the descriptor until its exec closes it.
        let second = try await FileLock.acquire(file, wait: 2)
        second.release()
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theOutputLockSitsBesideTheOutputFolder() {
        let output = URL(fileURLWithPath: "/site/docs")
        #expect(BuildLocks.outputLockFile(output).path == "/site/.docs.lock")
        #expect(
            BuildLocks.cacheLockFile(URL(fileURLWithPath: "/site/.repowatch")).path == "/site/.repowatch/build.lock")
    }
}
