import Foundation

/// Starts a child process one at a time across the whole test process. Foundation's `Process.run()`
/// on Linux is not safe to call from many threads at once: with the suite's parameterized cases each
/// starting the binary and a fixture server together, it crashed inside `run()` copying a buffer it
/// did not own. Only the start is serialized; the children still run, and are waited on, together.
enum ProcessLaunch {
    private static let lock = NSLock()

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
