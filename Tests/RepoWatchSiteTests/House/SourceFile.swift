import Foundation

/// A Swift source file seen as code: comments and the contents of string literals blanked out
/// (lines kept), so braces and words in them count for nothing. Regex literals are not read as such;
/// the sources have none.
struct SourceFile {
    struct Declaration {
        var name: String
        var line: Int
        var lines: Int
    }

    struct EscapeHatch {
        var text: String
        var line: Int
        var explained: Bool
    }

    let path: String
    let text: [UInt8]
    /// `text` with comments and string contents as spaces.
    let code: [UInt8]
    /// Which bytes of `text` are in a comment.
    let inComment: [Bool]
    /// Offsets where each line starts.
    let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        let bytes = Array(text.utf8)
        self.text = bytes
        (code, inComment) = Self.blankingCommentsAndStrings(bytes)
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    var lineCount: Int { lineStarts.count - (text.last == UInt8(ascii: "\n") || text.isEmpty ? 1 : 0) }

    /// 1-based.
    func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Functions, initializers, deinitializers and subscripts with a body, from the keyword to the
    /// closing brace.
    var declarations: [Declaration] {
        var found: [Declaration] = []
        for keyword in ["func", "init", "deinit", "subscript"] {
            for start in wordOffsets(of: keyword) where !follows(".", start) {
                guard let name = declarationName(keyword, after: start + keyword.utf8.count),
                    let body = bodyStart(after: start + keyword.utf8.count), let end = matchingBrace(body)
                else { continue }
                let line = line(at: start)
                found.append(Declaration(name: name, line: line, lines: self.line(at: end) - line + 1))
            }
        }
        return found.sorted { $0.line < $1.line }
    }

    var escapeHatches: [EscapeHatch] {
        let patterns = ["@unchecked Sendable", "nonisolated(unsafe)", "UncheckedBox"]
        return patterns.flatMap { pattern in
            offsets(of: pattern).filter { pattern != "UncheckedBox" || isWord(at: $0, length: pattern.utf8.count) }
                .map { EscapeHatch(text: pattern, line: line(at: $0), explained: hasComment(onOrAbove: line(at: $0))) }
        }.sorted { $0.line < $1.line }
    }

    // MARK: - Reading the code

    private func lineRange(_ line: Int) -> Range<Int> {
        let end = line < lineStarts.count ? lineStarts[line] - 1 : text.count
        return lineStarts[line - 1]..<max(lineStarts[line - 1], end)
    }

    /// A comment on the line (after code), or a line just above it that holds only a comment.
    private func hasComment(onOrAbove line: Int) -> Bool {
        if lineRange(line).contains(where: { inComment[$0] }) { return true }
        guard line > 1 else { return false }
        let above = lineRange(line - 1)
        return above.contains { inComment[$0] } && above.allSatisfy { inComment[$0] || code[$0] == UInt8(ascii: " ") }
    }

    private func offsets(of word: String) -> [Int] {
        let needle = Array(word.utf8)
        return code.withUnsafeBufferPointer { code in
            var found: [Int] = []
            var start = 0
            while start + needle.count <= code.count {
                var matched = 0
                while matched < needle.count, code[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { found.append(start) }
                start += 1
            }
            return found
        }
    }

    private func wordOffsets(of word: String) -> [Int] {
        offsets(of: word).filter { isWord(at: $0, length: word.utf8.count) }
    }

    private func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || byte >= 0x80
    }

    private func isWord(at start: Int, length: Int) -> Bool {
        (start == 0 || !isIdentifier(code[start - 1]))
            && (start + length == code.count || !isIdentifier(code[start + length]))
    }

    private func follows(_ character: Unicode.Scalar, _ start: Int) -> Bool {
        var index = start - 1
        while index >= 0, code[index] == UInt8(ascii: " ") { index -= 1 }
        return index >= 0 && code[index] == UInt8(ascii: character)
    }

    private func skippingSpaces(_ offset: Int) -> Int {
        var index = offset
        while index < code.count, code[index] == UInt8(ascii: " ") || code[index] == UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// "func name", or the keyword; nil when the keyword is not a declaration (`init` used as a name).
    private func declarationName(_ keyword: String, after offset: Int) -> String? {
        let next = skippingSpaces(offset)
        switch keyword {
        case "func":
            var end = next
            while end < code.count, ![" ", "(", "<", "\n"].contains(Character(UnicodeScalar(code[end]))) { end += 1 }
            return "func " + String(decoding: code[next..<end], as: UTF8.self)
        case "init", "subscript":
            var index = next
            if keyword == "init", index < code.count,
                code[index] == UInt8(ascii: "?") || code[index] == UInt8(ascii: "!")
            {
                index = skippingSpaces(index + 1)
            }
            guard index < code.count, code[index] == UInt8(ascii: "(") || code[index] == UInt8(ascii: "<") else {
                return nil
            }
            return keyword
        default:
            return keyword
        }
    }

    /// The body's opening brace: the first `{` outside the signature's brackets, unless the
    /// declaration ends first (a closing brace, or the next declaration or attribute).
    private func bodyStart(after offset: Int) -> Int? {
        let stops = [
            "func", "var", "let", "init", "case", "subscript", "typealias", "struct", "class", "enum",
            "extension", "protocol", "actor", "import",
        ]
        var depth = 0
        var index = offset
        while index < code.count {
            switch code[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "{") where depth == 0: return index
            case UInt8(ascii: "}") where depth == 0: return nil
            case UInt8(ascii: "@") where depth == 0: return nil
            default:
                if depth == 0, index == 0 || !isIdentifier(code[index - 1]),
                    stops.contains(where: { stop in
                        index + stop.utf8.count <= code.count
                            && code[index..<(index + stop.utf8.count)].elementsEqual(stop.utf8)
                            && isWord(at: index, length: stop.utf8.count)
                    })
                {
                    return nil
                }
            }
            index += 1
        }
        return nil
    }

    private func matchingBrace(_ open: Int) -> Int? {
        var depth = 0
        for index in open..<code.count {
            if code[index] == UInt8(ascii: "{") { depth += 1 }
            if code[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    // MARK: - Blanking comments and strings

    private enum Context {
        /// `parentheses`: open ones, so an interpolation ends at its own `)`.
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int)
    }

    private static func blankingCommentsAndStrings(_ text: [UInt8]) -> (code: [UInt8], inComment: [Bool]) {
        var code = text
        var inComment = [Bool](repeating: false, count: text.count)
        var stack: [Context] = [.code(parentheses: 0)]
        var index = 0
        func starts(_ literal: [UInt8], at offset: Int) -> Bool {
            offset + literal.count <= text.count && text[offset..<(offset + literal.count)].elementsEqual(literal)
        }
        func blank(_ range: Range<Int>) {
            for offset in range where text[offset] != UInt8(ascii: "\n") { code[offset] = UInt8(ascii: " ") }
        }
        while index < text.count {
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                if let end = commentEnd(text, from: index) {
                    blank(index..<end)
                    for offset in index..<end { inComment[offset] = true }
                    index = end
                } else if let (opening, multiline, hashes) = stringOpening(text, at: index) {
                    blank(index..<(index + opening))
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    index += opening
                } else if text[index] == UInt8(ascii: ")"), parentheses == 0, stack.count > 1 {
                    blank(index..<(index + 1))
                    stack.removeLast()
                    index += 1
                } else {
                    let change = text[index] == UInt8(ascii: "(") ? 1 : text[index] == UInt8(ascii: ")") ? -1 : 0
                    stack[stack.count - 1] = .code(parentheses: parentheses + change)
                    index += 1
                }
            case .string(let multiline, let hashes):
                let hashBytes = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
                let closing = [UInt8](repeating: UInt8(ascii: "\""), count: multiline ? 3 : 1) + hashBytes
                let escape = [UInt8(ascii: "\\")] + hashBytes
                if starts(closing, at: index) {
                    blank(index..<(index + closing.count))
                    stack.removeLast()
                    index += closing.count
                } else if starts(escape, at: index) {
                    let after = index + escape.count
                    let interpolates = after < text.count && text[after] == UInt8(ascii: "(")
                    blank(index..<min(after + 1, text.count))
                    if interpolates { stack.append(.code(parentheses: 0)) }
                    index = after + 1
                } else {
                    blank(index..<(index + 1))
                    index += 1
                }
            }
        }
        return (code, inComment)
    }

    /// Where a comment starting at `index` ends (block comments nest), or nil when none starts there.
    private static func commentEnd(_ text: [UInt8], from index: Int) -> Int? {
        guard index + 1 < text.count, text[index] == UInt8(ascii: "/") else { return nil }
        if text[index + 1] == UInt8(ascii: "/") {
            return text[index...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
        }
        guard text[index + 1] == UInt8(ascii: "*") else { return nil }
        var depth = 0
        var offset = index
        while offset + 1 < text.count {
            if text[offset] == UInt8(ascii: "/"), text[offset + 1] == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if text[offset] == UInt8(ascii: "*"), text[offset + 1] == UInt8(ascii: "/") {
                depth -= 1
                offset += 2
                if depth == 0 { return offset }
            } else {
                offset += 1
            }
        }
        return text.count
    }

    /// A string literal's opening delimiter at `index`: its length, whether it is multiline, and its
    /// raw-string hashes.
    private static func stringOpening(_ text: [UInt8], at index: Int) -> (Int, Bool, Int)? {
        var quote = index
        while quote < text.count, text[quote] == UInt8(ascii: "#") { quote += 1 }
        guard quote < text.count, text[quote] == UInt8(ascii: "\"") else { return nil }
        let multiline =
            quote + 2 < text.count && text[quote + 1] == UInt8(ascii: "\"")
            && text[quote + 2] == UInt8(ascii: "\"")
        return (quote - index + (multiline ? 3 : 1), multiline, quote - index)
    }
}
