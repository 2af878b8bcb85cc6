import RepoWatchModel
import Yams

/// Where a YAML syntax error starts, and what it is in the user's words. libyaml reports where it
/// noticed the problem, which is often a line or more later: a missing space in `title:Foo` shows on
/// the next key, an unclosed quote or `[` at the end of the file, a repeated key at the first of
/// the two. This looks back from that place to where the problem begins.
struct YAMLErrorPlace {
    let file: String
    let text: String

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Lines as unicode scalars (libyaml counts columns in scalars), without their terminators.
    private var lines: [[Unicode.Scalar]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var scalars = Array(line.unicodeScalars)
            if scalars.last == "\r" { scalars.removeLast() }
            return scalars
        }
    }

    func diagnostic(_ error: YamlError) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return syntax(problem: problem, context: context, at: mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicate(duplicates.first ?? "", first: context.mark)
        case .reader(let problem, let offset, let value, _):
            let (line, column) = offset.map(position(ofCharacterOffset:)) ?? (1, 1)
            let what =
                value >= 0
                ? "a character YAML does not allow (U+\(String(UInt32(value), radix: 16, uppercase: true)))"
                : problem
            return Diagnostic(
                .error, file: file, line: line, column: column,
                "\(what); site.yml must be UTF-8 text without control characters")
        default:
            return Diagnostic(.error, file: file, line: 1, column: 1, "invalid YAML")
        }
    }

    private func syntax(problem: String, context: YamlError.Context?, at mark: Mark) -> Diagnostic {
        if let tab = indentingTab(atOrBefore: mark.line) {
            return Diagnostic(
                .error, file: file, line: tab.line, column: tab.column,
                "a tab in the indentation; YAML indents with spaces only")
        }
        if let colon = colonWithoutSpace(atOrBefore: mark.line) {
            return Diagnostic(
                .error, file: file, line: colon.line, column: colon.column,
                "a space is needed after ':' to give `\(colon.key)` a value (`\(colon.key): …`)")
        }
        if let context, context.mark.line <= mark.line {
            if context.text.contains("quoted scalar") {
                let quote = character(at: context.mark).map(String.init) ?? "\""
                return Diagnostic(
                    .error, file: file, line: context.mark.line, column: context.mark.column,
                    "this quoted text is never closed; end it with \(quote) on the same entry")
            }
            if context.text.contains("flow sequence") || context.text.contains("flow mapping") {
                let open = character(at: context.mark) ?? "["
                let close = open == "{" ? "}" : "]"
                return Diagnostic(
                    .error, file: file, line: context.mark.line, column: context.mark.column,
                    "'\(open)' starts a list here that is never closed with '\(close)'; "
                        + "close it, or quote the text if it is not a list")
            }
        }
        let detail = context.map { "\(problem) \($0.text)" } ?? problem
        return Diagnostic(.error, file: file, line: mark.line, column: mark.column, "invalid YAML: \(detail)")
    }

    /// The second of two equal keys (libyaml's mark is the first): the next line after it that starts
    /// with the same key at the same column.
    private func duplicate(_ key: String, first: Mark) -> Diagnostic {
        let lines = self.lines
        let keyScalars = Array(key.unicodeScalars)
        let column = first.column - 1
        for index in first.line..<lines.count {
            let line = lines[index]
            guard line.count > column + keyScalars.count,
                line[..<column].allSatisfy({ $0 == " " || $0 == "-" }),
                Array(line[column..<(column + keyScalars.count)]) == keyScalars
            else { continue }
            let rest = line[(column + keyScalars.count)...].drop { $0 == " " }
            guard rest.first == ":" else { continue }
            return Diagnostic(
                .error, file: file, line: index + 1, column: first.column,
                "`\(key)` is given twice (first at line \(first.line)); keep one")
        }
        return Diagnostic(
            .error, file: file, line: first.line, column: first.column, "`\(key)` is given more than once; keep one")
    }

    /// The first tab in the leading whitespace of the nearest line at or before `line`.
    private func indentingTab(atOrBefore line: Int) -> (line: Int, column: Int)? {
        let lines = self.lines
        for index in stride(from: min(line, lines.count) - 1, through: 0, by: -1) {
            let indent = lines[index].prefix { $0 == " " || $0 == "\t" }
            if let tab = indent.firstIndex(of: "\t"), indent.count < lines[index].count {
                return (index + 1, tab + 1)
            }
        }
        return nil
    }

    /// `key:value` at the start of the nearest line at or before `line`: YAML reads it as one word,
    /// and the error shows up only at the next key.
    private func colonWithoutSpace(atOrBefore line: Int) -> (line: Int, column: Int, key: String)? {
        let lines = self.lines
        for index in stride(from: min(line, lines.count) - 1, through: 0, by: -1) {
            var rest = lines[index].drop { $0 == " " }[...]
            if rest.first == "-", rest.dropFirst().first == " " { rest = rest.dropFirst().drop { $0 == " " } }
            let key = rest.prefix { isKeyScalar($0) }
            guard let first = key.first, first != "-", !key.isEmpty else { continue }
            let after = rest.dropFirst(key.count)
            guard after.first == ":", let next = after.dropFirst().first, next != " ", next != "/", next != ":"
            else { continue }
            return (index + 1, after.startIndex + 1, String(String.UnicodeScalarView(key)))
        }
        return nil
    }

    private func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
        default: return false
        }
    }

    private func character(at mark: Mark) -> Character? {
        let lines = self.lines
        guard mark.line >= 1, mark.line <= lines.count, mark.column >= 1, mark.column <= lines[mark.line - 1].count
        else { return nil }
        return Character(lines[mark.line - 1][mark.column - 1])
    }

    /// Line and column (in unicode scalars) of a Character offset into the text.
    private func position(ofCharacterOffset offset: Int) -> (Int, Int) {
        let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
        let before = text[..<index].unicodeScalars
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (line, before[lineStart...].count + 1)
    }
}
