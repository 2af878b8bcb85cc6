import Foundation

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
