import Foundation
import Synchronization

/// Runs independent work items on every core and rethrows the first error.
package enum Parallel {
    /// `body` runs on several threads at once, so it must be `@Sendable`: the compiler then checks that
    /// everything it captures is safe to share.
    package static func forEach(_ range: Range<Int>, _ body: @Sendable (Int) throws -> Void) throws {
        guard range.count > 1 else {
            for index in range { try body(index) }
            return
        }
        let failure = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: range.count) { offset in
            guard !failure.isSet else { return }
            do {
                try body(range.lowerBound + offset)
            } catch {
                failure.set(error)
            }
        }
        if let error = failure.error { throw error }
    }

    /// `work` here while `side` runs on a thread of its own; the first error of either is thrown once
    /// both are done.
    package static func alongside(
        _ side: @escaping @Sendable () throws -> Void, _ work: () throws -> Void
    ) throws {
        let thread = SideThread(side)
        do { try work() } catch {
            try? thread.finish()
            throw error
        }
        try thread.finish()
    }

    /// Work started on a thread of its own, waited for by `finish()`. Its own thread, not a dispatch
    /// item: a `forEach` inside a dispatch item runs one item at a time, so the work beside it would
    /// take the parallelism of the rest.
    package final class SideThread: Sendable {
        private let failure = FirstFailure()
        private let done = DispatchSemaphore(value: 0)

        package init(_ work: @escaping @Sendable () throws -> Void) {
            Thread { [failure, done] in
                do { try work() } catch { failure.set(error) }
                done.signal()
            }.start()
        }

        /// Waits for the work, and throws what it threw; again at every call.
        package func finish() throws {
            done.wait()
            done.signal()
            if let error = failure.error { throw error }
        }
    }

    /// The first error thrown; the flag is read on every item without taking the lock.
    private final class FirstFailure: Sendable {
        private let first = Mutex<(any Error)?>(nil)
        private let flag = Atomic<Bool>(false)

        var isSet: Bool { flag.load(ordering: .relaxed) }
        var error: (any Error)? { first.withLock { $0 } }

        func set(_ error: any Error) {
            first.withLock { $0 = $0 ?? error }
            flag.store(true, ordering: .relaxed)
        }
    }
}
