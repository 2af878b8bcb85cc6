import Foundation

/// Runs independent work items on every core and rethrows the first error.
package enum Parallel {
    package static func forEach(_ range: Range<Int>, _ body: (Int) throws -> Void) throws {
        guard range.count > 1 else {
            for index in range { try body(index) }
            return
        }
        let failure = FailureBox()
        withoutActuallyEscaping(body) { body in
            let unchecked = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                guard !failure.isSet else { return }
                do {
                    try unchecked.value(range.lowerBound + offset)
                } catch {
                    failure.set(error)
                }
            }
        }
        if let error = failure.error { throw error }
    }

    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var first: Error?
        var error: Error? { lock.withLock { first } }
        var isSet: Bool { lock.withLock { first != nil } }
        func set(_ error: Error) { lock.withLock { first = first ?? error } }
    }

    private struct UncheckedBox<T>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
