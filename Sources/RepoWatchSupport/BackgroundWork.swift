import Foundation
import Synchronization

/// Work started on a thread of its own, for a step whose cores are not all busy (the render leaves
/// part of one idle), and waited for where its value is needed.
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// The work's value or error, once it is done. A blocking wait, not an `await`: the steps that
    /// ask run one at a time, with nothing else for their thread to do meanwhile.
    package func value() throws -> Value {
        done.wait()
        // Signalled again, so that a later wait returns at once.
        done.signal()
        return try outcome.withLock { $0! }.get()
    }
}
