import Foundation
import Synchronization

/// Collects rendered files in memory, from any thread.
package final class FileCollector: Sendable {
    private let collected = Mutex<[String: Data]>([:])

    package init() {}

    package var files: [String: Data] { collected.withLock { $0 } }

    package func add(_ path: String, _ data: Data) {
        collected.withLock { $0[path] = data }
    }
}
