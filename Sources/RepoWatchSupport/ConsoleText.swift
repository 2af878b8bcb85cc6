/// Text on its way to a terminal or a CI job's log, where some of it comes from the network or from
/// site.yml. A control character there could move the cursor, rewrite a line, or start a line of
/// its own; on GitHub Actions a line that begins with `::` (or holds `##[`) is a workflow command
/// the runner executes: an annotation, a mask, `stop-commands`. Only the tool's own commands may be.
package enum ConsoleText {
    /// Text from outside inside a message: every control character, line breaks included, is shown
    /// as an escape (`\n`, `\u{1B}`), so it stays on the message's line and moves nothing.
    package static func inline(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { append(scalar, to: &out, keepingLineBreaks: false) }
        return out
    }

    /// A message about to be written: its own line breaks are kept, every other control character is
    /// shown as an escape, and with `actions` (GitHub Actions) a line the runner would read as a
    /// workflow command is neutralised: a leading `::` becomes `%3A:`, a `##[` becomes `#%23[`,
    /// readable and inert.
    package static func lines(_ message: String, actions: Bool) -> String {
        var out = message
        if message.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) {
            out = ""
            for scalar in message.unicodeScalars { append(scalar, to: &out, keepingLineBreaks: true) }
        }
        guard actions, out.contains("::") || out.contains("##[") else { return out }
        return out.split(separator: "\n", omittingEmptySubsequences: false).map(neutralised).joined(separator: "\n")
    }

    /// One line as the runner reads it: it trims leading white space, then looks for `::`; the older
    /// syntax, `##[command]`, anywhere in the line.
    private static func neutralised(_ line: Substring) -> String {
        var line = String(line)
        if line.contains("##[") { line = line.replacingOccurrences(of: "##[", with: "#%23[") }
        let start = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
        guard line[start...].hasPrefix("::") else { return line }
        line.replaceSubrange(start..<line.index(after: start), with: "%3A")
        return line
    }

    /// C0 and C1 controls and DEL, the Unicode line and paragraph separators, and the bidirectional
    /// overrides and isolates (they reorder what a reader sees); a tab is harmless and stays.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x061C: return true
        default: return isDirectionalFormatting(scalar)
        }
    }

    /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): the
    /// controls that reorder the text after them until closed.
    package static func isDirectionalFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String, keepingLineBreaks: Bool) {
        guard isControl(scalar), !(keepingLineBreaks && scalar == "\n") else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
