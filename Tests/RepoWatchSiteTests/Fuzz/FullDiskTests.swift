import Foundation
import Testing

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A build on a disk that fills up or turns read-only fails with one clear message, exit 1 or 2,
/// and leaves the previous site and the cache as they were. The disk is a small tmpfs (mounting
/// needs root); without one, `ulimit -f` stands in for a full disk and a read-only folder (which
/// root ignores) for a read-only one.
@Suite("Full and read-only disks", .serialized, .timeLimit(.minutes(10)))
struct FullDiskTests {
    /// A tmpfs of `megabytes` at a fresh folder, or nil where mounting is not allowed.
    final class SmallDisk {
        let url: URL
        init?(megabytes: Int) {
            guard geteuid() == 0, let dir = try? TempDir("small-disk") else { return nil }
            url = dir.url
            guard Self.mount(["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", url.path]) else {
                try? FileManager.default.removeItem(at: url)
                return nil
            }
        }
        func remount(readOnly: Bool) -> Bool { Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", url.path]) }
        deinit {
            _ = Self.run("/bin/umount", [url.path])
            try? FileManager.default.removeItem(at: url)
        }
        static func mount(_ arguments: [String]) -> Bool { run("/bin/mount", arguments) }
        static func run(_ tool: String, _ arguments: [String]) -> Bool {
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        /// Fills the disk but for `bytes`.
        func fill(leaving bytes: Int) throws {
            var stats = statvfs()
            guard statvfs(url.path, &stats) == 0 else { throw RawSocketError(description: "statvfs failed") }
            let free = Int(stats.f_bavail) * Int(stats.f_frsize)
            let filler = open(url.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o644)
            defer { close(filler) }
            let chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var left = free - bytes
            while left > 0 {
                let written = chunk.withUnsafeBytes { write(filler, $0.baseAddress, min($0.count, left)) }
                guard written > 0 else { break }
                left -= written
            }
        }
    }

    /// The site folder's state that must survive: the published site byte for byte, the cache's
    /// files (each still whole JSON) and the history byte for byte.
    struct Kept: Equatable {
        var site: [String: Data]
        var cacheFiles: Set<String>
        var history: Data?

        init(_ folder: URL) throws {
            site = SiteFiles.files(in: folder.appendingPathComponent("public"))
            let cache = folder.appendingPathComponent(".repowatch")
            let files = SiteFiles.files(in: cache)
            cacheFiles = Set(files.keys)
            history = files["history.json"]
            for (name, data) in files where name.hasSuffix(".json") {
                #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name) is not whole JSON any more")
            }
        }
    }

    static func build(_ folder: URL, _ server: FixtureServer, now: String, limitKiB: Int? = nil) async throws
        -> RunResult
    {
        var arguments = ["build", "--jobs", "2", "--api-url", server.base]
        let environment = BinaryRunner.environment(
            home: folder.appendingPathComponent("home"), ["REPOWATCH_NOW": now])
        guard let limitKiB else { return try await BinaryRunner.run(arguments, in: folder, environment: environment) }
        // An ignored SIGXFSZ stays ignored across exec, so writes past the limit fail with EFBIG.
        arguments =
            ["-c", "trap '' XFSZ; ulimit -f \(limitKiB); exec \"$0\" \"$@\"", try BinaryRunner.binaryURL().path]
            + arguments
        return try await BinaryRunner.run(
            arguments, in: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// One line says what failed; nothing else on stderr is an error.
    static func expectOneClearError(_ result: RunResult, mentioning reasons: [String]) {
        #expect([1, 2].contains(result.status), "\(result)")
        let errors = result.stderr.split(separator: "\n").filter { $0.lowercased().contains("error") }
        #expect(errors.count == 1, "\(result)")
        #expect(reasons.contains { reason in errors.first?.contains(reason) == true }, "\(result)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result)")
        print("disk test: exit \(result.status): \(errors.first ?? "")")
    }

    static func expectNoLeftovers(_ folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!names.contains { $0.hasPrefix(".public.building-") }, "\(names)")
        let cache =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".repowatch").path))
            ?? []
        #expect(!cache.contains { $0.contains(".tmp-") }, "\(cache)")
    }

    @Test("a disk that fills up mid-build: one message, exit 1 or 2, the previous site and cache intact")
    func fullDisk() async throws {
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let disk = SmallDisk(megabytes: 8)
        let fallback = disk == nil ? try TempDir("full-disk") : nil
        defer { fallback?.remove() }
        let folder = disk?.url ?? fallback!.url
        try Data("title: Disk\nrepos:\n  - twbs/bootstrap\n  - octocat/Hello-World\n".utf8)
            .write(to: folder.appendingPathComponent("site.yml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)

        let first = try await Self.build(folder, server, now: "2026-11-21T12:00:00Z")
        try #require(first.status == 0, "\(first)")
        let before = try Kept(folder)
        #expect(before.history != nil && !before.site.isEmpty)

        let second: RunResult
        if let disk {
            try disk.fill(leaving: 48 * 1024)
            second = try await Self.build(folder, server, now: "2026-11-22T12:00:00Z")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
        } else {
            second = try await Self.build(folder, server, now: "2026-11-22T12:00:00Z", limitKiB: 8)
        }
        Self.expectOneClearError(second, mentioning: ["No space left on device", "File too large"])
        #expect(try Kept(folder) == before)
        Self.expectNoLeftovers(folder)

        // With room again, the next build goes through.
        let third = try await Self.build(folder, server, now: "2026-11-22T12:00:00Z")
        #expect(third.status == 0, "\(third)")
    }

    @Test("a read-only disk: one message, exit 1 or 2, the previous site and cache intact")
    func readOnlyDisk() async throws {
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let disk = SmallDisk(megabytes: 8)
        let fallback = disk == nil ? try TempDir("read-only") : nil
        defer { fallback?.remove() }
        guard disk != nil || geteuid() != 0 else {
            print("read-only disk: skipped (root ignores folder permissions and mounting a tmpfs is not allowed here)")
            return
        }
        let folder = disk?.url ?? fallback!.url
        try Data("title: Disk\nrepos:\n  - twbs/bootstrap\n  - octocat/Hello-World\n".utf8)
            .write(to: folder.appendingPathComponent("site.yml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        let first = try await Self.build(folder, server, now: "2026-11-21T12:00:00Z")
        try #require(first.status == 0, "\(first)")
        let before = try Kept(folder)

        if let disk {
            try #require(disk.remount(readOnly: true))
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        let second = try await Self.build(folder, server, now: "2026-11-22T12:00:00Z")
        if let disk {
            #expect(disk.remount(readOnly: false))
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        Self.expectOneClearError(second, mentioning: ["Read-only file system", "Permission denied"])
        #expect(try Kept(folder) == before)
        Self.expectNoLeftovers(folder)
    }
}
