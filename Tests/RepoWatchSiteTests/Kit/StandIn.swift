import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stand-in executables (`pagefind`, `gh`, `swift`, a fake release binary): the one way a test writes a
/// script it or the code under test then runs.
///
/// Linux refuses to run a file that any process holds open for writing (ETXTBSY). The file is written
/// through a descriptor opened close-on-exec, so a child another test spawns meanwhile drops it at its
/// own exec; but between that child's fork and its exec the descriptor is still there, and a run in that
/// window fails as if the program were broken. So before the path is handed out, the script is run
/// once in a probe mode (it exits at its first line), again after a short pause while the kernel
/// answers ETXTBSY, a bounded number of times.
enum StandIn {
    /// Set for the probe run; the line `write` adds after the `#!` line exits when it is.
    static let probeVariable = "REPOWATCH_STAND_IN_PROBE"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `script` (a `#!` line first: sh, bash or python3) to `url` as an executable, replacing
    /// whatever was there (a link included), and returns once it runs.
    @discardableResult
    static func write(_ script: String, to url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        let bytes = Array(withProbe(script).utf8)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(url.path): errno \(errno)") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(descriptor)
                throw Failure(description: "cannot write \(url.path): errno \(errno)")
            }
            written += count
        }
        // The mode asked of open() passes through the umask; a stand-in must be executable whatever it is.
        fchmod(descriptor, 0o755)
        guard close(descriptor) == 0 else { throw Failure(description: "cannot close \(url.path): errno \(errno)") }
        try waitUntilRunnable(url)
        return url
    }

    /// The script with a line after its `#!` line that ends the probe run before anything else runs.
    static func withProbe(_ script: String) -> String {
        guard script.hasPrefix("#!"), let end = script.firstIndex(of: "\n") else {
            preconditionFailure("a stand-in starts with a #! line")
        }
        let shebang = script[..<end]
        let probe =
            shebang.contains("python")
            ? "import os as _o, sys as _s\nif _o.environ.get(\"\(probeVariable)\"): _s.exit(0)"
            : "[ -n \"${\(probeVariable):-}\" ] && exit 0"
        return String(shebang) + "\n" + probe + String(script[end...])
    }

    /// How many times, 20 ms apart, a probe answered ETXTBSY is tried again: a child's fork-to-exec
    /// window is far shorter than that, even on a loaded machine.
    static let attempts = 250

    /// Runs the stand-in in probe mode until the kernel lets it run; throws for any other failure.
    static func waitUntilRunnable(_ url: URL) throws {
        for _ in 1..<attempts {
            let status = spawn(url)
            if status != ETXTBSY { return try check(status, url) }
            usleep(20_000)
        }
        try check(spawn(url), url)
    }

    private static func check(_ status: Int32, _ url: URL) throws {
        guard status == 0 else { throw Failure(description: "\(url.path) does not run: \(status)") }
    }

    /// 0 when the probe ran and exited 0; the spawn's errno (ETXTBSY…) or -1 otherwise.
    static func spawn(_ url: URL) -> Int32 {
        let arguments = [url.path, "--version"]
        let environment = ["\(probeVariable)=1", "PATH=/usr/local/bin:/usr/bin:/bin"]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, url.path, nil, nil, &argv, &envp)
        guard spawned == 0 else { return spawned }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, which Swift does not import).
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? 0 : -1
    }
}
