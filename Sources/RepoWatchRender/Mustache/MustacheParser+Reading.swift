/// The reading under `MustacheParser`: a line's indentation, text up to a tag, names, delimiters.
extension MustacheParser {
    /// A line's leading spaces and tabs; inside a parent, less the first line's.
    mutating func readIndentation(_ scope: inout Scope) -> String {
        let whitespace = String(read(while: { $0 == " " || $0 == "\t" }))
        guard scope.inParent, !scope.parentTopLevel else { return whitespace }
        guard let indent = scope.parentIndent else {
            scope.parentIndent = whitespace.count
            return ""
        }
        return String(whitespace.dropFirst(indent))
    }

    /// Text up to a line break or the next tag (whose opening delimiter is read).
    mutating func readText(_ scope: Scope) -> String {
        var text = ""
        guard let first = scope.start.first else { return "" }
        while !atEnd {
            text += String(read(while: { $0 != "\n" && $0 != "\r\n" && $0 != first }))
            if current.isNewline { break }
            if current == first {
                if read(scope.start) { break }
                text.append(first)
                position += 1
            }
        }
        return text
    }

    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    /// A tag's name and its transforms: `empty(src)` is `src` with `["empty"]`.
    mutating func readName(_ scope: Scope) throws -> (String, [String]) {
        skipWhitespace()
        let name = read(while: { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" })
        skipWhitespace()
        guard read(scope.end) else { throw Failure(description: "an unfinished tag") }
        guard let bracket = name.firstIndex(where: { $0 == "(" || $0 == ")" }) else { return (String(name), []) }
        var transforms: [String] = []
        var rest = name[...]
        while let open = rest.firstIndex(of: "("), rest[..<open].allSatisfy(Self.nameCharacters.contains) {
            transforms.append(String(rest[..<open]))
            rest = rest[rest.index(after: open)...]
        }
        let argument = rest.prefix(while: Self.nameCharacters.contains)
        let closing = rest.dropFirst(argument.count)
        guard name[bracket] == "(", closing.count == transforms.count, closing.allSatisfy({ $0 == ")" }) else {
            throw Failure(description: "an unfinished transform")
        }
        return (String(argument), transforms)
    }

    mutating func readPartialName(_ scope: Scope) throws -> String {
        skipWhitespace()
        let name = read(while: { Self.nameCharacters.contains($0) || "()/".contains($0) })
        skipWhitespace()
        guard read(scope.end) else { throw Failure(description: "an unfinished partial tag") }
        return String(name)
    }

    mutating func skipComment(_ scope: Scope) throws {
        while !atEnd {
            if read(scope.end) { return }
            position += 1
        }
        throw Failure(description: "an unfinished comment")
    }

    mutating func setDelimiters(_ scope: inout Scope) throws {
        skipWhitespace()
        let start = read(while: { !$0.isWhitespace })
        skipWhitespace()
        let end = read(while: { $0 != "=" && !$0.isWhitespace })
        skipWhitespace()
        guard !atEnd, read(["="]), read(scope.end), !start.isEmpty, !end.isEmpty else {
            throw Failure(description: "an invalid set-delimiter tag")
        }
        scope.start = Array(start)
        scope.end = Array(end)
        scope.parentTopLevel = false
    }

    /// A tag alone on its line: the rest of the line (spaces, tabs, the break) is read with it.
    mutating func isStandalone(_ scope: Scope) -> Bool {
        guard scope.newLine else { return false }
        if atEnd { return true }
        var ahead = position
        while ahead < text.count, text[ahead] == " " || text[ahead] == "\t" { ahead += 1 }
        guard ahead < text.count, text[ahead].isNewline else { return false }
        position = ahead + 1
        return true
    }

    mutating func skipWhitespace() { _ = read(while: \.isWhitespace) }

    mutating func read(while accepts: (Character) -> Bool) -> ArraySlice<Character> {
        let start = position
        while !atEnd, accepts(text[position]) { position += 1 }
        return text[start..<position]
    }

    mutating func read(_ expected: [Character]) -> Bool {
        guard position + expected.count <= text.count,
            text[position..<position + expected.count].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
    }
}
