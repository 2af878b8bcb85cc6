import Foundation
import Synchronization

/// Where the build reports to. Diagnostics go to stderr; the token never reaches here because no
/// request or header is ever logged.
package protocol BuildLog: Sendable {
    func info(_ message: String)
    func warning(_ message: String)
    func error(_ message: String)
    /// A problem with a file the user wrote: its place, the message, and the source line with a caret.
    func report(_ diagnostic: DiagnosticMessage)
    /// Whether progress lines ("Fetching 3/9 repositories…") may be written; they go straight to
    /// the terminal, past `info`, to redraw one line.
    var showsProgress: Bool { get }
}

extension BuildLog {
    package func report(_ diagnostic: DiagnosticMessage) { info(diagnostic.text(.plain)) }
    package var showsProgress: Bool { true }
}

package struct StandardErrorLog: BuildLog {
    /// Under GitHub Actions a line that would be a workflow command is made inert (`ConsoleText`).
    private let actions: Bool
    /// Colour, when stderr is a terminal and NO_COLOR is unset.
    package let style: TerminalStyle

    package init() { self.init(environment: ProcessInfo.processInfo.environment) }

    package init(environment: [String: String], style: TerminalStyle? = nil) {
        actions = environment["GITHUB_ACTIONS"] == "true"
        self.style = style ?? .standardError(environment: environment)
    }

    package func info(_ message: String) { Console.write(message, to: .standardError, actions: actions) }

    package func warning(_ message: String) { write(style.severity("warning:") + " " + sanitised(message)) }
    package func error(_ message: String) { write(style.severity("error:") + " " + sanitised(message)) }

    package func report(_ diagnostic: DiagnosticMessage) {
        // Coloured only on a terminal; there each part is sanitised before the colours go in.
        if style.colours {
            write(diagnostic.text(style))
        } else {
            Console.write(diagnostic.text(.plain), to: .standardError, actions: actions)
        }
    }

    private func sanitised(_ message: String) -> String { ConsoleText.lines(message, actions: actions) }

    /// Already sanitised: the colours' escapes are the only control characters left.
    private func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
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

/// `--quiet`: errors only. Progress, the summary and warnings are dropped.
package struct QuietLog: BuildLog {
    package let base: any BuildLog

    package init(_ base: any BuildLog) { self.base = base }

    package var showsProgress: Bool { false }
    package func info(_ message: String) {}
    package func warning(_ message: String) {}
    package func error(_ message: String) { base.error(message) }
    package func report(_ diagnostic: DiagnosticMessage) {
        if diagnostic.severity == .error { base.report(diagnostic) }
    }
}

/// Collects messages, for tests.
final class MemoryLog: BuildLog {
    private let lines = Mutex<[String]>([])

    init() {}

    var messages: [String] { lines.withLock { $0 } }

    func info(_ message: String) { append(message) }
    func warning(_ message: String) { append("warning: \(message)") }
    func error(_ message: String) { append("error: \(message)") }

    private func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Standard output, which `--json` keeps for its one document: whatever would otherwise be written
/// there (workflow commands under GitHub Actions) goes to standard error instead.
package enum StandardOutput {
    private static let reserved = Atomic<Bool>(false)

    package static func reserveForDocument() { reserved.store(true, ordering: .relaxed) }

    static var isReserved: Bool { reserved.load(ordering: .relaxed) }
}
