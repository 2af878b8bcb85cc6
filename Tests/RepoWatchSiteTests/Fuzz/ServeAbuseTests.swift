import Foundation
import Testing

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

    @Test("200 slow connections, endless streams, broken requests, a rebuild: GETs answered, memory bounded")
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
        abuser.endlessStreams(4)
        abuser.malformed(Self.brokenRequests) { status, text in leaks.check(status, text) }

        // Normal requests all along, and two rebuilds (site.yml edited) in the middle.
        var latencies: [Double] = []
        var failures: [String] = []
        for round in 0..<40 {
            if round == 10 || round == 25 {
                try dir.write(
                    "site.yml", ServeTests.site.replacingOccurrences(of: "Serve Test", with: "Round \(round)"))
            }
            try await Task.sleep(for: .milliseconds(200))
            var answered = false
            for _ in 0..<3 where !answered {
                let started = Date()
                if let page = try? await RawHTTP.get(port: port, "/"), page.status == 200, page.text.contains("<html") {
                    latencies.append(Date().timeIntervalSince(started))
                    answered = true
                }
            }
            if !answered { failures.append("round \(round)") }
        }
        let during = ProcessMemory(pid: pid)
        abuser.stop()
        let after = try #require(ProcessMemory(pid: pid), "serve died: \(server.stderr.suffix(3000))")
        // The second rebuild's title shows once it is done (a bounded wait, not a timing assertion).
        var rebuilt = false
        for _ in 0..<60 where !rebuilt {
            rebuilt = (try? await RawHTTP.get(port: port, "/"))?.text.contains("Round 25") == true
            if !rebuilt { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(rebuilt, "the rebuilds did not run: \(server.stderr.suffix(2000))")
        #expect(await server.interrupt() == 0)

        latencies.sort()
        let median = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
        let growth = Double(after.peak - before.resident) / 1024
        print(
            "serve abuse: \(latencies.count)/40 normal GETs answered (median \(Int(median * 1000)) ms, "
                + "slowest \(Int((latencies.last ?? 0) * 1000)) ms); RSS \(before.resident / 1024) MiB before, "
                + "\((during?.resident ?? 0) / 1024) MiB during, peak \(after.peak / 1024) MiB; abuse: "
                + abuser.tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(failures.isEmpty, "no answer in 3 tries: \(failures)")
        // Generous: a file server answering within a second even on a loaded CI machine.
        #expect(median < 1.0, "median \(median) s")
        // The streams sent hundreds of megabytes; none of it may stay in memory.
        #expect(abuser.tally["bytes streamed", default: 0] > 0)
        #expect(growth < 128, "serve grew by \(growth) MiB")
        #expect(abuser.tally["slow connections opened", default: 0] == 200)
        #expect(leaks.problems.isEmpty, "\(leaks.problems.prefix(5))")
        #expect(leaks.answers > 0)
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
            if ![301, 400, 404, 405, 408, 413, 426, 431].contains(status) {
                problems.append("status \(status): \(text.prefix(200))")
            }
        }
    }
}
