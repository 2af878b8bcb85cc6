import Foundation

/// Collects rendered files in memory, from any thread.
final class FileCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String: Data] = [:]

    var files: [String: Data] { lock.withLock { collected } }

    func add(_ path: String, _ data: Data) {
        lock.withLock { collected[path] = data }
    }
}
