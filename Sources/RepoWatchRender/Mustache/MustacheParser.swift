/// Mustache source read into `CompiledTemplate.Node`s, by the rules swift-mustache 2.1.1 parses by:
/// the same standalone lines, indentation, delimiters, transforms and inheritance, and the same
/// token boundaries (a partial's indentation goes before each token that starts a line, so where one
/// token ends matters to the output). The library has no public tokens; owning the parse keeps the
/// compiled renderer independent of its internals, while the library still checks every template
/// first (its errors, with their line and column, are the ones users see) and stays the reference
/// `CompiledTemplateTests` and `MustacheSpecTests` compare against.
struct MustacheParser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What the tags being read are inside of.
    struct Scope {
        var sectionName: String?
        var sectionTransforms: [String] = []
        var newLine = true
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        /// Inside a parent (`{{<name}}`), whose content is only block definitions and text.
        var inParent = false
        /// Directly inside a parent, where `{{$name}}` defines a block rather than expands one.
        var parentTopLevel = false
        /// The first line's indentation inside a parent, taken off every later line.
        var parentIndent: Int?

        func section(_ name: String, newLine keeps: Bool, transforms: [String] = []) -> Scope {
            var scope = self
            scope.sectionName = name
            scope.sectionTransforms = transforms
            scope.parentTopLevel = false
            if !keeps { scope.newLine = false }
            return scope
        }

        func parent(_ name: String) -> Scope {
            var scope = self
            scope.sectionName = name
            scope.sectionTransforms = []
            scope.newLine = true
            scope.inParent = true
            scope.parentTopLevel = true
            return scope
        }
    }

    /// One parsed piece: a node, or a block a parent's content defines.
    private enum Piece {
        case node(CompiledTemplate.Node)
        case blockDefinition(String, [CompiledTemplate.Node])
    }

    let text: [Character]
    var position = 0

    init(_ source: String) { text = Array(source) }

    /// The template's nodes.
    static func parse(_ source: String) throws -> [CompiledTemplate.Node] {
        var parser = MustacheParser(source)
        return try nodes(parser.parse(Scope()))
    }

    private static func nodes(_ pieces: [Piece]) throws -> [CompiledTemplate.Node] {
        try pieces.map { piece in
            guard case .node(let node) = piece else {
                throw Failure(description: "a block definition outside a parent")
            }
            return node
        }
    }

    var atEnd: Bool { position == text.count }
    var current: Character { atEnd ? "\0" : text[position] }

    /// The pieces up to the end of `outer`'s section (or of the source).
    private mutating func parse(_ outer: Scope) throws -> [Piece] {
        var line = Line(scope: outer)
        while !atEnd {
            if line.scope.newLine { line.before = readIndentation(&line.scope) }
            let text = readText(line.scope)
            if current.isNewline {
                line.pieces.append(.node(.text(Array((line.before + text + String(current)).utf8))))
                line.scope.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                line.pieces.append(.node(.text(Array((line.before + text).utf8))))
                line.before = ""
                line.scope.newLine = false
            }
            if atEnd { break }
            guard let standalone = try tag(&line) else { return line.pieces }
            line.scope.newLine = standalone
        }
        guard line.scope.sectionName == nil else { throw Failure(description: "a section never closed") }
        return line.pieces
    }

    /// What is being read: the scope, the pieces so far, and the current line's indentation not yet
    /// written (a standalone tag drops it).
    private struct Line {
        var scope: Scope
        var pieces: [Piece] = []
        var before = ""

        init(scope: Scope) { self.scope = scope }

        /// The indentation as text of its own, when there is some; `clear` starts the line's rest without it.
        mutating func keepBefore(clear: Bool = true) {
            if !before.isEmpty { pieces.append(.node(.text(Array(before.utf8)))) }
            if clear { before = "" }
        }
    }

    /// Reads the tag whose opening delimiter was just read: whether it stood alone on its line, or nil
    /// when it closes the section being read.
    private mutating func tag(_ line: inout Line) throws -> Bool? {
        switch current {
        case "#", "^":
            let inverted = current == "^"
            position += 1
            let (name, transforms) = try readName(line.scope)
            let standalone = isStandalone(line.scope)
            if !standalone { line.keepBefore() }
            let body = try Self.nodes(parse(line.scope.section(name, newLine: standalone, transforms: transforms)))
            line.pieces.append(
                .node(
                    .section(
                        CompiledTemplate.Name(name), transforms: transforms, body: CompiledTemplate(nodes: body),
                        inverted: inverted)))
            return standalone
        case "/":
            position += 1
            let (name, transforms) = try readName(line.scope)
            guard name == line.scope.sectionName, transforms == line.scope.sectionTransforms else {
                throw Failure(description: "a section closed with another name")
            }
            if !isStandalone(line.scope) { line.keepBefore() }
            return nil
        case "!":
            position += 1
            try skipComment(line.scope)
            return isStandalone(line.scope)
        case "=":
            position += 1
            try setDelimiters(&line.scope)
            return isStandalone(line.scope)
        case "%":
            throw Failure(description: "a content-type pragma {{% CONTENT_TYPE: …}}")
        case ">", "<", "$":
            return try partialOrBlock(&line)
        default:
            line.keepBefore()
            let triple = current == "{"
            let escaped = !triple && current != "&"
            if !escaped { position += 1 }
            let (name, transforms) = try readName(line.scope)
            if triple, !read(["}"]) { throw Failure(description: "an unfinished {{{tag}}}") }
            line.pieces.append(.node(.variable(CompiledTemplate.Name(name), escaped: escaped, transforms: transforms)))
            return false
        }
    }

    /// A partial (`{{>name}}`), a parent with its blocks (`{{<name}}`), or a block (`{{$name}}`).
    private mutating func partialOrBlock(_ line: inout Line) throws -> Bool {
        let kind = current
        position += 1
        if kind == "$" { return try block(&line) }
        skipWhitespace()
        let dynamic = kind == ">" && read(["*"])
        let name = try readPartialName(line.scope)
        if dynamic || name.first == "*" {
            throw Failure(description: "a dynamic partial {{>*\(dynamic ? name : String(name.dropFirst()))}}")
        }
        line.keepBefore(clear: false)
        let standalone = isStandalone(line.scope)
        defer { line.before = "" }
        guard kind == "<" else {
            line.pieces.append(.node(.partial(name, indentation: standalone ? line.before : nil, overrides: nil)))
            return standalone
        }
        var overrides: [String: CompiledTemplate] = [:]
        for piece in try parse(line.scope.parent(name)) {
            switch piece {
            case .blockDefinition(let block, let body): overrides[block] = CompiledTemplate(nodes: body)
            case .node(.text): break
            case .node: throw Failure(description: "a tag other than a block inside a parent")
            }
        }
        line.pieces.append(.node(.partial(name, indentation: line.before, overrides: overrides)))
        return standalone
    }

    /// A block: defined, directly inside a parent; otherwise expanded, with its content as the fallback.
    private mutating func block(_ line: inout Line) throws -> Bool {
        let (name, transforms) = try readName(line.scope)
        guard transforms.isEmpty else { throw Failure(description: "a transform on a block") }
        if line.scope.parentTopLevel {
            let standalone = isStandalone(line.scope)
            line.pieces.append(
                .blockDefinition(name, try Self.nodes(parse(line.scope.section(name, newLine: standalone)))))
            return standalone
        }
        line.keepBefore(clear: false)
        let standalone = isStandalone(line.scope)
        let body = try Self.nodes(parse(line.scope.section(name, newLine: standalone)))
        line.pieces.append(.node(.block(name, fallback: CompiledTemplate(nodes: body), indentation: line.before)))
        line.before = ""
        return standalone
    }
}
