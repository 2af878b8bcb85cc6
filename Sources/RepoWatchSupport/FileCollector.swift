import Foundation

/// Collects rendered files in memory, from any thread.
package final class FileCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String: Data] = [:]

    package init() {}

    package var files: [String: Data] { lock.withLock { collected } }

    package func add(_ path: String, _ data: Data) {
        lock.withLock { collected[path] = data }
    }
}
