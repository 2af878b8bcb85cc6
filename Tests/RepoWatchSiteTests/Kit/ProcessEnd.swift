import Foundation

@testable import RepoWatchSupport

/// The end of a process a test started itself, awaited on a thread of its own: `waitUntilExit()` on
/// the test pool would hold one of its few threads for as long as the process runs.
final class ProcessEnd: Sendable {
    private let ended = DispatchSemaphore(value: 0)

    /// Set up before `process.run()`: it takes the process's termination handler.
    init(_ process: SpawnedProcess) {
        process.terminationHandler = { [ended] _ in ended.signal() }
    }

    /// True once the process has ended; false past `seconds`, which only a stuck process reaches.
    func wait(seconds: Double = 120) async -> Bool {
        await OwnThread.run { [ended] in ended.wait(timeout: .now() + seconds) == .success }
    }
}
