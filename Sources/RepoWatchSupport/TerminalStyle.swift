import Foundation

/// Colour on standard error: only when it is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org), so pipes, files and CI logs get plain text.
package struct TerminalStyle: Sendable {
    package var colours: Bool

    package init(colours: Bool) { self.colours = colours }

    package static let plain = TerminalStyle(colours: false)

    package static func standardError(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> TerminalStyle
    {
        TerminalStyle(colours: isatty(STDERR_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// `error:` in bold red, `warning:` in bold magenta, as compilers show them.
    package func severity(_ word: String) -> String {
        guard colours else { return word }
        return (word.hasPrefix("error") ? "\u{1B}[1;31m" : "\u{1B}[1;35m") + word + reset
    }

    /// `FILE:LINE:COL:` in bold.
    package func location(_ text: String) -> String { colours ? "\u{1B}[1m" + text + reset : text }

    /// The caret under the column, in bold green.
    package func caret(_ text: String) -> String { colours ? "\u{1B}[1;32m" + text + reset : text }

    private var reset: String { "\u{1B}[0m" }
}

/// A diagnostic as it reads on the terminal: `FILE:LINE:COL: error: …` (or `error: …` with no file),
/// then the source line it is about and a caret under the column, the way compilers show them.
package struct DiagnosticMessage: Sendable, Equatable {
    package enum Severity: String, Sendable { case error, warning }

    package var severity: Severity
    /// `FILE:LINE:COL`, or nil when no file is involved.
    package var location: String?
    package var message: String
    /// The line the column is on, as written, when the file could be read.
    package var sourceLine: String?
    package var line: Int
    package var column: Int

    package init(
        _ severity: Severity, location: String?, _ message: String, sourceLine: String? = nil, line: Int = 0,
        column: Int = 0
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
        self.line = line
        self.column = column
    }

    /// The first line alone, as annotations and tests compare it.
    var headline: String { (location.map { $0 + ": " } ?? "") + severity.rawValue + ": " + message }

    package func text(_ style: TerminalStyle) -> String {
        // One line: a message quotes site.yml's text, which may hold line breaks or escapes.
        var lines = [
            (location.map { style.location(ConsoleText.inline($0) + ":") + " " } ?? "")
                + style.severity(severity.rawValue + ":") + " " + ConsoleText.inline(message)
        ]
        if let excerpt = SourceExcerpt(line: line, column: column, text: sourceLine) {
            lines.append(excerpt.gutter + " | " + excerpt.source)
            lines.append(
                String(repeating: " ", count: excerpt.gutter.count) + " | " + excerpt.padding
                    + style.caret("^"))
        }
        return lines.joined(separator: "\n")
    }
}

/// The source line with its controls made visible, and the blanks that put a caret under `column`.
struct SourceExcerpt: Sendable {
    var gutter: String
    var source: String
    var padding: String

    /// Longest stretch of a line shown; a minified line is cut around the column.
    static let width = 160

    init?(line: Int, column: Int, text: String?) {
        guard let text, line >= 1, column >= 1 else { return nil }
        var scalars = Array(text.unicodeScalars)
        guard column <= scalars.count + 1 else { return nil }
        var column = column
        var prefix = ""
        if column > Self.width - 20 {
            let drop = column - 40
            scalars.removeFirst(drop)
            column -= drop
            prefix = "…"
        }
        var suffix = ""
        if scalars.count > Self.width {
            scalars.removeLast(scalars.count - Self.width)
            suffix = "…"
        }
        var source = String.UnicodeScalarView()
        var padding = ""
        for (index, scalar) in scalars.enumerated() {
            let shown = Self.visible(scalar)
            source.append(shown)
            if index < column - 1 {
                padding += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(of: shown))
            }
        }
        let number = String(line)
        gutter = String(repeating: " ", count: max(0, 5 - number.count)) + number
        self.source = prefix + String(source) + suffix
        self.padding = (prefix.isEmpty ? "" : " ") + padding
    }

    /// Controls (an escape sequence in a file must not drive the terminal) shown as U+FFFD; tabs kept.
    static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return scalar }
        // ConsoleText's controls (bidirectional overrides too), one column each so the caret stays put.
        if ConsoleText.isControl(scalar) || scalar.properties.generalCategory == .format { return "\u{FFFD}" }
        return scalar
    }

    /// Columns on a terminal: two for East Asian wide characters, none for combining marks.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
