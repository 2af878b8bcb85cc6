import RepoWatchSupport

/// A message about the user's input, printed as `FILE:LINE:COL: error: …` like a compiler's.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable { case error, warning }

    package var severity: Severity
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String
    /// Whether the terminal shows the source line under it; not for a line that names a private
    /// repository, since a public workflow's log is public.
    package var quotesSource = true

    package init(_ severity: Severity, file: String, line: Int, column: Int, _ message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: a message quotes site.yml's text (keys, values), which may hold line breaks.
    package var description: String {
        "\(ConsoleText.inline(file)):\(line):\(column): \(severity.rawValue): \(ConsoleText.inline(message))"
    }
}

/// Thrown when input is invalid; carries every problem found, not just the first, in the order a
/// reader meets them in the files.
package struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]
    /// A last line saying why these stop the command, when that is not plain from them (`--strict`).
    package var note: String?

    package init(_ diagnostics: [Diagnostic], note: String? = nil) {
        self.diagnostics = diagnostics.sortedByPosition()
        self.note = note
    }

    package var description: String {
        (diagnostics.map(\.description) + (note.map { ["error: \($0)"] } ?? [])).joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// By file, then line, then column; diagnostics at one place keep their order (errors are
    /// usually found before the warnings about the same spot).
    package func sortedByPosition() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            let left = (lhs.element.file, lhs.element.line, lhs.element.column, lhs.offset)
            let right = (rhs.element.file, rhs.element.line, rhs.element.column, rhs.offset)
            return left < right
        }
        .map(\.element)
    }
}
