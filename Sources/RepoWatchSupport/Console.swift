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
    /// Under GitHub Actions a line that would be a workflow command is made inert (`ConsoleText`).
    private let actions: Bool

    public init() { self.init(environment: ProcessInfo.processInfo.environment) }

    package init(environment: [String: String]) { actions = environment["GITHUB_ACTIONS"] == "true" }

    public func info(_ message: String) { write(message) }

    public func warning(_ message: String) { write("warning: \(message)") }
    public func error(_ message: String) { write("error: \(message)") }

    private func write(_ line: String) {
        Console.write(line, to: .standardError, actions: actions)
    }
}

/// Where the tool's own lines go: every one passes `ConsoleText.lines`, so text from the network or
/// site.yml inside it moves no cursor and, under GitHub Actions, runs no workflow command.
package enum Console {
    package enum Stream: Sendable { case standardOutput, standardError }

    /// Whether this process runs as a GitHub Actions step (`GITHUB_ACTIONS=true`).
    package static var underActions: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    package static func write(_ message: String, to stream: Stream, actions: Bool = underActions) {
        let data = Data((ConsoleText.lines(message, actions: actions) + "\n").utf8)
        switch stream {
        case .standardOutput: FileHandle.standardOutput.write(data)
        case .standardError: FileHandle.standardError.write(data)
        }
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
