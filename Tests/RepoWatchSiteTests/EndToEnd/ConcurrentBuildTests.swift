import Foundation
import Testing

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Another process holding a `flock`, as a build in another terminal would (python3's fcntl).
final class LockHolder: @unchecked Sendable {
    let process = SpawnedProcess()

    init(_ file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let script = """
            import fcntl, os, signal, sys
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
            print("locked", flush=True)
            signal.pause()
            """
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = output.fileHandleForReading.readData(ofLength: 7)
        guard String(decoding: line, as: UTF8.self) == "locked\n" else {
            kill9()
            throw BinaryRunnerError(description: "the lock holder did not start")
        }
    }

    /// What the kernel does to a build killed mid-way: its locks go with it.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill9() } }
}

@Suite("End-to-end: concurrent builds take turns", .timeLimit(.minutes(10)))
struct EndToEndConcurrentBuildTests {
    let repos = ["twbs/bootstrap", "octocat/Hello-World"]

    func leftovers(_ site: RebuiltSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.dir.url.path)
            .filter { $0.hasPrefix(".public.") && ![".public.recycled", ".public.lock"].contains($0) }
    }

    @Test("two builds of one site at once: one after the other, never interleaved; public/ complete")
    func twoBuildsAtOnce() async throws {
        let site = try RebuiltSite("concurrent", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes(), options: ["--latency", "0.2"])
        defer { server.stop() }
        let arguments = ["build", "--jobs", "1", "--api-url", server.base]
        async let first = site.run(arguments, token: "ghp_firstBuild000000000000000000000000")
        async let second = site.run(arguments, token: "ghp_secondBuild00000000000000000000000")
        let results = try await [first, second]
        for result in results { #expect(result.status == 0, "\(result)") }

        // Each build's API requests carry its own token: they form two runs, one after the other.
        let tokens = try await server.requests().compactMap { $0.header("authorization") }
        let switches = zip(tokens, tokens.dropFirst()).filter { $0 != $1 }.count
        #expect(Set(tokens).count == 2 && switches == 1, "interleaved: \(tokens)")

        let left = try leftovers(site)
        #expect(left.isEmpty, "\(left)")
        for repo in ["twbs/bootstrap", "octocat/hello-world"] {
            #expect(try site.page("repos/\(repo)/large.html").contains("data-state=\"fresh\""))
        }
        #expect(try site.page("data/snapshot.json").contains("\"full_name\" : \"octocat/Hello-World\""))
    }

    @Test("a build that finds the site locked past --lock-wait refuses with exit 2; once the holder is killed, builds")
    func lockedOutThenKilledHolder() async throws {
        let site = try RebuiltSite("locked", repos: repos)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.run(["build", "--api-url", server.base]).status == 0)
        let before = SiteFiles.files(in: site.output)
        let requests = try await server.requests().count

        let holder = try LockHolder(site.dir.url.appendingPathComponent(".public.lock"))
        let refused = try await site.run(["build", "--lock-wait", "0.5", "--api-url", server.base])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("another build holds") && refused.stderr.contains(".public.lock"), "\(refused)")
        #expect(SiteFiles.files(in: site.output) == before)
        #expect(try await server.requests().count == requests, "fetched while locked out")

        holder.kill9()
        let after = try await site.run(["build", "--lock-wait", "0", "--api-url", server.base])
        #expect(after.status == 0, "\(after)")
        #expect(try leftovers(site).isEmpty)
    }

    @Test("a build waits for the cache's lock and goes on when its holder is killed")
    func waitsForTheCacheLock() async throws {
        let site = try RebuiltSite("cache-lock", repos: ["twbs/bootstrap"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let holder = try LockHolder(site.cache.appendingPathComponent("build.lock"))

        let stderr = site.dir.url.appendingPathComponent("build-stderr.txt")
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let build = SpawnedProcess()
        build.executableURL = try BinaryRunner.binaryURL()
        build.arguments = ["build", "--lock-wait", "600", "--api-url", server.base]
        build.currentDirectoryURL = site.dir.url
        build.environment = BinaryRunner.environment(home: site.dir.url.appendingPathComponent("home"))
        build.standardOutput = FileHandle.nullDevice
        build.standardError = try FileHandle(forWritingTo: stderr)
        let end = ProcessEnd(build)
        try build.run()

        // Wait until it says it is waiting (a deadline only a stuck build reaches), then kill the holder.
        var waiting = false
        let deadline = Date().addingTimeInterval(120)
        while !waiting, Date() < deadline, build.isRunning {
            try await Task.sleep(for: .milliseconds(50))
            waiting = ((try? String(contentsOf: stderr, encoding: .utf8)) ?? "").contains("Another build holds")
        }
        #expect(waiting, "the build never said it was waiting")
        #expect(try await server.requests().isEmpty, "fetched before it had the lock")
        holder.kill9()
        let ended = await end.wait()
        let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        if !ended { kill(build.processIdentifier, SIGKILL) }
        try #require(ended, "the build never ended once the holder was gone: \(text)")
        #expect(build.terminationStatus == 0, "\(text)")
        #expect(try site.page("repos/twbs/bootstrap/medium.html").contains("data-state=\"fresh\""))
    }
}
