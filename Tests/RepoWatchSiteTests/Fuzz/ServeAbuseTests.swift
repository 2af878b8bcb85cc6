import Foundation
import Testing

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` on loopback while clients misbehave: 200 connections sending headers a line a second,
/// endless request lines and bodies, broken and hostile requests, and a rebuild on the way. Normal
/// requests keep getting answers, memory stays bounded, and nothing outside the site is served.
@Suite("Fuzz: serve under abuse", .timeLimit(.minutes(10)))
struct ServeAbuseTests {
    static let secret = "TOP-SECRET-MARK-7f3a"

    static let brokenRequests: [[UInt8]] =
        [
            "\u{0}\u{1}\u{2}garbage\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "get / HTTP/1.1\r\n\r\n",
            "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n", "GET /\u{0}secret.txt HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nno colon here\r\n\r\n", "GET / HTTP/1.1\r\n Folded: header\r\n\r\n",
            "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n",
            "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "GET / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nhello",
            "DELETE / HTTP/1.1\r\nHost: a\r\n\r\n", "GET /../secret.txt HTTP/1.1\r\n\r\n",
            "GET /%2e%2e/secret.txt HTTP/1.1\r\n\r\n", "GET /..%2fsecret.txt HTTP/1.1\r\n\r\n",
            "GET //secret.txt HTTP/1.1\r\n\r\n", "GET /assets/../../secret.txt HTTP/1.1\r\n\r\n",
            "GET /%2fetc%2fpasswd HTTP/1.1\r\n\r\n", "GET /index.html%00.txt HTTP/1.1\r\n\r\n",
            "GET /__repowatch/livereload HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
            "GET / HTTP/1.1\r\n" + String(repeating: "X-Many: header\r\n", count: 2_000) + "\r\n",
            "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\n\r\n",
        ].map { Array($0.utf8) } + [[0xFF, 0xFE, 0x0D, 0x0A, 0x0D, 0x0A], Array("GET /\u{E9} HTTP/1.1\r\n\r\n".utf8)]

    /// What the streams send in all: if `serve` kept even half of it, the memory bound below would show it.
    static let streamed = 4 * 128 << 20

    @Test("200 slow connections, endless streams, broken requests, two rebuilds: GETs answered, memory bounded")
    func abuse() async throws {
        let dir = try TempDir("serve-abuse")
        defer { dir.remove() }
        try dir.write("site.yml", ServeTests.site)
        try dir.write("secret.txt", Self.secret)
        let server = try ServeProcess(["--sample", "--port", "0"], in: dir.url)
        let url = try await server.waitForURL()
        let port = UInt16(url.port ?? 0)
        let pid = server.process.processIdentifier
        let before = try #require(ProcessMemory(pid: pid))

        let abuser = Abuser(port: port)
        let leaks = LeakCheck(secret: Self.secret)
        abuser.slowHeaders(connections: 200)
        abuser.endlessStreams(4, volume: Self.streamed / 4)
        abuser.malformed(Self.brokenRequests) { status, text in leaks.check(status, text) }

        // Normal requests all along: ten, then through two rebuilds (site.yml edited) until each new title
        // is served. Each round moves the slow connections on by a header line.
        let client = NormalClient(port: port, abuser: abuser)
        try await client.rounds(10, until: nil)
        for title in ["Round 10", "Round 25"] {
            try dir.write("site.yml", ServeTests.site.replacingOccurrences(of: "Serve Test", with: title))
            let served = try await client.rounds(10, until: title)
            #expect(served, "the rebuild to \(title) never showed: \(server.stderr.suffix(2000))")
        }
        let streamed = await abuser.waitForStreams()
        #expect(streamed, "the streams were still sending after two minutes: \(abuser.tally)")
        let during = ProcessMemory(pid: pid)
        await abuser.stop()
        let after = try #require(ProcessMemory(pid: pid), "serve died: \(server.stderr.suffix(3000))")
        #expect(await server.interrupt() == 0)

        let growth = (after.peak - before.resident) / 1024
        print(
            "serve abuse: \(client.answered)/\(client.asked) normal GETs answered (median "
                + "\(Int(client.median * 1000)) ms, slowest \(Int(client.slowest * 1000)) ms); RSS "
                + "\(before.resident / 1024) MiB before, \((during?.resident ?? 0) / 1024) MiB during, peak "
                + "\(after.peak / 1024) MiB; abuse: "
                + abuser.tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(client.failures.isEmpty, "no answer in 3 tries: \(client.failures)")
        // The streams sent 512 MiB; none of it may stay in memory. The bound is far above what serve needs
        // (its peak, rebuilds included, is under 100 MiB), so only memory that grows with the abuse fails it.
        #expect(abuser.tally["bytes streamed", default: 0] > Self.streamed / 2)
        #expect(growth < 256, "serve grew by \(growth) MiB")
        #expect(abuser.tally["slow connections opened", default: 0] == 200)
        #expect(leaks.problems.isEmpty, "\(leaks.problems.prefix(5))")
        #expect(leaks.answers > 0)
    }
}

/// The well-behaved client beside the abuse: GET / (three tries each), a tick of the slow connections
/// after each. Latencies are reported, never asserted: a loaded machine may be slow, not wrong.
final class NormalClient {
    let port: UInt16
    let abuser: Abuser
    private(set) var latencies: [Double] = []
    private(set) var failures: [Int] = []
    private(set) var asked = 0

    init(port: UInt16, abuser: Abuser) {
        self.port = port
        self.abuser = abuser
    }

    var answered: Int { latencies.count }
    var median: Double { latencies.isEmpty ? 0 : latencies.sorted()[latencies.count / 2] }
    var slowest: Double { latencies.max() ?? 0 }

    /// At least `count` rounds, then more until a page contains `title` (when given); false if it never
    /// did before a deadline that only a stuck rebuild reaches.
    @discardableResult
    func rounds(_ count: Int, until title: String?) async throws -> Bool {
        let deadline = Date().addingTimeInterval(120)
        var seen = title == nil
        var done = 0
        while done < count || (!seen && Date() < deadline) {
            let page = await get()
            seen = seen || title.map { page?.contains($0) == true } == true
            abuser.tick()
            done += 1
            // Between polls for the rebuild only, so the loop does not take the CPU the rebuild needs.
            if done >= count && !seen { try await Task.sleep(for: .milliseconds(50)) }
        }
        return seen
    }

    private func get() async -> String? {
        asked += 1
        for _ in 0..<3 {
            let started = Date()
            if let page = try? await RawHTTP.get(port: port, "/"), page.status == 200, page.text.contains("<html") {
                latencies.append(Date().timeIntervalSince(started))
                return page.text
            }
        }
        failures.append(asked)
        return nil
    }
}

/// Every answer to a broken request: an error status, never the secret beside the site.
final class LeakCheck: @unchecked Sendable {
    let secret: String
    private let lock = NSLock()
    private(set) var problems: [String] = []
    private(set) var answers = 0

    init(secret: String) { self.secret = secret }

    func check(_ status: Int?, _ text: String) {
        lock.withLock {
            guard let status else { return }
            answers += 1
            for marker in [secret, "A comment that must survive"] where text.contains(marker) {
                problems.append("served a file outside the site: \(text.prefix(200))")
            }
            if ![301, 400, 403, 404, 405, 408, 413, 426, 431].contains(status) {
                problems.append("status \(status): \(text.prefix(200))")
            }
        }
    }
}
