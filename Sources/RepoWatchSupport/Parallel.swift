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

    /// `transform` of each index in `range`, in order, computed on every core.
    package static func map<T: Sendable>(_ range: Range<Int>, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
        let results = Mutex<[T?]>(Array(repeating: nil, count: range.count))
        try forEach(range) { index in
            let value = try transform(index)
            results.withLock { $0[index - range.lowerBound] = value }
        }
        return results.withLock { $0.map { $0! } }
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
