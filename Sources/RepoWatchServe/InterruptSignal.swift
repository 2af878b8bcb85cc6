import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM ask a long-running task to stop cleanly; a second one exits at once, in
/// case stopping hangs.
///
/// Not a DispatchSource signal source: on Linux it reads a signalfd and loses a signal the kernel
/// hands to a thread that does not block it (the file watcher's, the server's). A plain handler runs
/// on whichever thread gets the signal and writes a byte to a pipe, which is async-signal-safe.
package enum InterruptSignal {
    /// Runs `body`; the first signal calls `stop`, which should make `body` return soon.
    package static func stopping<T: Sendable>(
        with stop: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let task = Task { try await body() }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return try await task.value }
        interruptPipeWriteEnd.store(ends[1], ordering: .releasing)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(interruptPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)

        let received = SignalCount()
        let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = read(ends[0], &bytes, bytes.count)
            guard count > 0 else { return }
            if received.add(count) > 1 { exit(130) }
            stop()
        }
        source.resume()
        defer {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            source.cancel()
        }
        return try await task.value
    }
}

/// Read by the signal handler, which may capture nothing. An atomic load is async-signal-safe, and
/// the global is made (on first use) before the handler is installed, so the handler never runs
/// its initializer.
private let interruptPipeWriteEnd = Atomic<Int32>(-1)

private final class SignalCount: Sendable {
    private let count = Atomic(0)

    func add(_ signals: Int) -> Int { count.wrappingAdd(signals, ordering: .relaxed).newValue }
}
