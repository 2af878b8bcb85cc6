import Foundation

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of the binary did.
struct RunResult: Sendable, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: String
    let stderr: String
    let timedOut: Bool
    /// `status` is then the signal's number (Foundation reports SIGPIPE as 13), not an exit status.
    var killedBySignal = false

    var description: String {
        let ending = killedBySignal ? "killed by signal \(status)" : "exit \(status)"
        return "repowatch-site \(arguments.joined(separator: " "))\n→ \(ending)\(timedOut ? " (timed out)" : "")\n"
            + "--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
}

struct BinaryRunnerError: Error, CustomStringConvertible {
    let description: String
}

/// Runs the built `repowatch-site` with an environment the test controls completely.
enum BinaryRunner {
    /// "Now" for every run, so days-since-push are fixed.
    static let now = "2026-11-22T12:00:00Z"

    /// The binary beside the test executable (`.build/<triple>/debug/`), else
    /// `<root>/.build/debug/repowatch-site`; `$REPOWATCH_BINARY` overrides both.
    static func binaryURL() throws -> URL {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["REPOWATCH_BINARY"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        for exe in [Bundle.main.executablePath, CommandLine.arguments.first].compactMap({ $0 }) {
            var url = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            // On macOS the test bundle's executable is inside …/X.xctest/Contents/MacOS/.
            while url.path.contains(".xctest") { url.deleteLastPathComponent() }
            candidates.append(url.appendingPathComponent("repowatch-site"))
        }
        candidates.append(E2EPaths.packageRoot.appendingPathComponent(".build/debug/repowatch-site"))
        for candidate in candidates where fm.isExecutableFile(atPath: candidate.path) {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue {
                return candidate
            }
        }
        throw BinaryRunnerError(
            description: "repowatch-site not found; looked at:\n"
                + candidates.map(\.path).joined(separator: "\n"))
    }

    /// A minimal environment: no GITHUB_TOKEN / GH_TOKEN / GITHUB_API_URL unless given in `extra`;
    /// HOME and the XDG cache point into `home` so runs never share a cache.
    static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
        let outer = ProcessInfo.processInfo.environment
        var env: [String: String] = [
            "PATH": outer["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "TMPDIR": outer["TMPDIR"] ?? "/tmp",
            "LANG": "C.UTF-8",
            "REPOWATCH_NOW": now,
        ]
        if let ld = outer["LD_LIBRARY_PATH"] { env["LD_LIBRARY_PATH"] = ld }
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs the binary with `arguments` in `directory` and exactly `environment`;
    /// kills it after `timeout` seconds.
    /// - Parameter executable: another program to run instead (a shell wrapping the binary).
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String],
        timeout: TimeInterval = 300, executable: URL? = nil
    ) async throws -> RunResult {
        let binary = try executable ?? binaryURL()
        return try await OwnThread.run {
            try runBlocking(
                binary: binary, arguments: arguments, directory: directory,
                environment: environment, timeout: timeout)
        }
    }

    private static func runBlocking(
        binary: URL, arguments: [String], directory: URL,
        environment: [String: String], timeout: TimeInterval
    ) throws -> RunResult {
        let process = SpawnedProcess()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        // Pipes made close-on-exec, so that a fixture server or another test's child started meanwhile
        // does not inherit their write ends and hold them open: the readers would then wait for an end
        // of file that comes only when that other process exits, and the output would come back empty.
        let (outRead, outWrite) = try Self.closeOnExecPipe()
        let (errRead, errWrite) = try Self.closeOnExecPipe()
        process.standardOutput = outWrite
        process.standardError = errWrite

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }

        let out = DataBox()
        let err = DataBox()
        let readers = DispatchGroup()
        for (handle, box) in [(outRead, out), (errRead, err)] {
            readers.enter()
            OwnThread.start {
                box.set(handle.readDataToEndOfFile())
                readers.leave()
            }
        }

        try process.run()
        try outWrite.close()
        try errWrite.close()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 3) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                _ = finished.wait(timeout: .now() + 30)
            }
        }
        _ = readers.wait(timeout: .now() + 10)
        return RunResult(
            arguments: arguments, status: process.terminationStatus,
            stdout: String(decoding: out.get(), as: UTF8.self),
            stderr: String(decoding: err.get(), as: UTF8.self),
            timedOut: timedOut, killedBySignal: process.terminationReason == .uncaughtSignal)
    }
}

extension BinaryRunner {
    /// A pipe whose two ends are closed in every child process but the one they are handed to.
    fileprivate static func closeOnExecPipe() throws -> (read: FileHandle, write: FileHandle) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (
            FileHandle(fileDescriptor: fds[0], closeOnDealloc: true),
            FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        )
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
