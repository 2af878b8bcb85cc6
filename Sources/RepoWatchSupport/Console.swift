import Foundation
import Synchronization

/// Where the build reports to. Diagnostics go to stderr; the token never reaches here because no
/// request or header is ever logged.
public protocol BuildLog: Sendable {
    func info(_ message: String)
    func warning(_ message: String)
    func error(_ message: String)
}

public struct StandardErrorLog: BuildLog {
    public init() {}

    public func info(_ message: String) { write(message) }

    public func warning(_ message: String) { write("warning: \(message)") }
    public func error(_ message: String) { write("error: \(message)") }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Collects messages, for tests.
package final class MemoryLog: BuildLog {
    private let lines = Mutex<[String]>([])

    package init() {}

    package var messages: [String] { lines.withLock { $0 } }

    package func info(_ message: String) { append(message) }
    package func warning(_ message: String) { append("warning: \(message)") }
    package func error(_ message: String) { append("error: \(message)") }

    private func append(_ line: String) { lines.withLock { $0.append(line) } }
}
