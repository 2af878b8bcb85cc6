import Foundation
import Synchronization

/// Blocking work (waiting for a process, reading a pipe to its end, a socket call) on a thread of its own.
/// Neither Swift's cooperative pool (a thread per core: two blocked tests stop every other test) nor
/// Dispatch's global queues is a place to block: on Linux those add a thread about once a second when
/// all they have are blocked, and a full suite on two cores sat still for fifteen minutes that way.
enum OwnThread {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: Result { try body() }) }
        }
    }

    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: body()) }
        }
    }

    /// The thread keeps the signals its creator blocks (the pools block SIGCHLD among others): with
    /// SIGCHLD let through, Foundation's own handler interrupts a pipe read here (EINTR), which
    /// `readDataToEndOfFile` answers with a crash. Processes started from it unblock what they need
    /// themselves (the tool and the fixture server do).
    static func start(_ body: @escaping @Sendable () -> Void) {
        Thread(block: body).start()
    }
}

/// Blocking work on a thread of its own that starts at once, awaited later. `async let` over
/// `OwnThread.run` would start the thread only when a pool thread runs the child task, and in the
/// full suite both pool threads can be busy for long enough that a socket the work should serve
/// meanwhile goes unread.
final class StartedWork<T: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<T, any Error>?>(nil)

    init(_ body: @escaping @Sendable () throws -> T) {
        OwnThread.start { [self] in
            let result = Result { try body() }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// The work's result, or what it threw.
    var value: T {
        get async throws {
            await OwnThread.run { [done] in done.wait() }
            return try outcome.withLock { $0! }.get()
        }
    }
}
