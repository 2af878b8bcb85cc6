import Mustache
import RepoWatchSupport

/// Renders `CompiledTemplate`s the way swift-mustache renders the same templates, for the typed
/// contexts of Render/Pages and Render/Cards: the context stack, dotted names, sections over
/// booleans, objects and arrays, transforms (`{{#empty(src)}}`, and `{{#first()}}`, `{{index()}}`
/// inside a sequence), partials with their indentation, parent templates with blocks, and values
/// seen through their `MustacheCustomRepresentation` (an `NSNull` is no value).
///
/// Where it is faster: an object's `MustacheParent` conformance is looked up once, when it is pushed,
/// not at every key; names are split at compile time; everything is appended to one byte buffer.
/// Where it differs on purpose: markup characters are escaped byte by byte. The library escapes
/// whole characters, so a quote followed by a combining mark (`"\u{301}`) went out unescaped and
/// could end an attribute.
struct CompiledRenderer: Sendable {
    let templates: [String: CompiledTemplate]

    /// Nil when there is no template of that name, like `MustacheLibrary.render`.
    func render(_ name: String, _ context: Any) -> String? {
        bytes(name, context).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The rendered UTF-8, for a page that goes to a file as it is: every piece appended is a whole
    /// string's bytes or template text cut at ASCII delimiters, so it is valid without a check.
    func bytes(_ name: String, _ context: Any) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var state = RenderState(templates: templates, root: context)
        state.render(template, indentation: nil, inherited: nil)
        return state.output
    }
}

/// One object on the context stack.
private struct Frame {
    let value: Any
    let parent: (any MustacheParent)?

    init(_ value: Any) {
        self.value = value
        parent = value as? any MustacheParent
    }

    init(parent: any MustacheParent) {
        value = parent
        self.parent = parent
    }

    func child(_ name: String) -> Any? {
        if let parent { return parent.child(named: name) }
        // What the library does for other values: its representation's child (`NSNull`: none), or
        // else a stored property of that name.
        if let custom = value as? any MustacheCustomRepresentation {
            return custom.representation.flatMap { Frame($0).child(name) }
        }
        guard let match = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
        let mirror = Mirror(reflecting: match.value)
        guard mirror.displayStyle == .optional else { return match.value }
        return mirror.children.first?.value
    }
}

/// Where an element is in the sequence being rendered: what `{{first()}}` and the like read.
private struct SequencePosition: MustacheTransformable {
    var first: Bool
    var last: Bool
    var index: Int

    func transform(_ name: String) -> Any? {
        switch name {
        case "first": return first
        case "last": return last
        case "index": return index
        case "even": return index & 1 == 0
        case "odd": return index & 1 == 1
        default: return nil
        }
    }
}

private struct RenderState {
    let templates: [String: CompiledTemplate]
    var output: [UInt8] = []
    var stack: [Frame]
    /// Set only while an element of a sequence is rendered, as the library's context has it: a
    /// section over an object, a partial or a block starts without one.
    var position: SequencePosition?

    init(templates: [String: CompiledTemplate], root: Any) {
        self.templates = templates
        stack = [Frame(root)]
        output.reserveCapacity(16 * 1024)
    }

    mutating func render(
        _ template: CompiledTemplate, indentation: String?, inherited: [String: CompiledTemplate]?
    ) {
        guard let indentation, !indentation.isEmpty else {
            for node in template.nodes { render(node, indentation: indentation, inherited: inherited) }
            return
        }
        // A partial's indentation goes before whatever a token renders at the start of a line of
        // this template's own output (the library's rule, token by token).
        let start = output.count
        let indent = Array(indentation.utf8)
        for node in template.nodes {
            let atLineStart = output.count > start && endsWithLineFeed(after: start)
            let tokenStart = output.count
            render(node, indentation: indentation, inherited: inherited)
            if atLineStart, output.count > tokenStart { output.insert(contentsOf: indent, at: tokenStart) }
        }
    }

    /// The last character is "\n" (a "\r\n" is one character, and not "\n").
    private func endsWithLineFeed(after start: Int) -> Bool {
        guard output.last == 0x0A else { return false }
        return output.count - 1 == start || output[output.count - 2] != 0x0D
    }

    private mutating func render(
        _ node: CompiledTemplate.Node, indentation: String?, inherited: [String: CompiledTemplate]?
    ) {
        switch node {
        case .text(let bytes):
            output.append(contentsOf: bytes)
        case .variable(let name, let escaped, let transforms):
            if let value = lookup(name, transforms) { append(value, escaped: escaped) }
        case .section(let name, let transforms, let body, let inverted):
            let value = lookup(name, transforms)
            section(value, body, inverted: inverted, indentation: indentation, inherited: inherited)
        case .partial(let name, let indented, let overrides):
            guard let template = templates[name] else { return }
            var inheriting = inherited
            if let overrides {
                // The outer template's blocks win over the ones this partial passes on.
                inheriting = inherited?.merging(overrides) { outer, _ in outer } ?? overrides
            }
            let outer = position
            position = nil
            render(template, indentation: Self.indent(indentation, indented), inherited: inheriting)
            position = outer
        case .block(let name, let fallback, let indented):
            let outer = position
            position = nil
            render(
                inherited?[name] ?? fallback, indentation: Self.indent(indentation, indented), inherited: inherited)
            position = outer
        }
    }

    private static func indent(_ outer: String?, _ inner: String?) -> String? {
        guard let inner else { return outer }
        return (outer ?? "") + inner
    }

    private func lookup(_ name: CompiledTemplate.Name, _ transforms: [String]) -> Any? {
        var found: Any?
        switch name.start {
        case .current:
            found = stack.last?.value
        case .currentOnly:
            found = stack.last.flatMap { descend(name.parts[...], from: $0.value) }
        case .stack:
            guard let first = name.parts.first else {
                // `{{first()}}`: no name, so the transform reads the position in the sequence.
                found = transforms.isEmpty ? stack.last?.value : position
                break
            }
            // The nearest object that has the first part answers, even when the rest is missing.
            for frame in stack.reversed() {
                if let child = frame.child(first) {
                    found = descend(name.parts.dropFirst(), from: child)
                    break
                }
            }
        }
        guard var value = found else { return nil }
        for transform in transforms.reversed() {
            guard let transformed = (value as? any MustacheTransformable)?.transform(transform) else { return nil }
            value = transformed
        }
        return value
    }

    private func descend(_ parts: ArraySlice<String>, from value: Any) -> Any? {
        guard let part = parts.first else { return value }
        guard let child = Frame(value).child(part) else { return nil }
        return descend(parts.dropFirst(), from: child)
    }

    private mutating func append(_ value: Any, escaped: Bool) {
        switch value {
        case let text as String:
            if escaped { XMLEscape.appendText(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case let number as Int:
            output.append(contentsOf: String(number).utf8)
        case let flag as Bool:
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        default:
            // An `NSNull` renders as nothing: the library looks through a representation.
            if let custom = value as? any MustacheCustomRepresentation {
                if let represented = custom.representation { append(represented, escaped: escaped) }
                return
            }
            let text = String(describing: value)
            if escaped { XMLEscape.appendText(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        }
    }

    private mutating func section(
        _ value: Any?, _ body: CompiledTemplate, inverted: Bool, indentation: String?,
        inherited: [String: CompiledTemplate]?
    ) {
        guard let value else {
            if inverted { render(body, indentation: indentation, inherited: inherited) }
            return
        }
        if let flag = value as? Bool {
            if flag != inverted { render(body, indentation: indentation, inherited: inherited) }
            return
        }
        if let parent = value as? any MustacheParent {
            if !inverted { within(Frame(parent: parent), body, indentation: indentation, inherited: inherited) }
            return
        }
        if let sequence = value as? any MustacheSequence {
            let elements = Self.elements(of: sequence)
            if !inverted {
                for (index, element) in elements.enumerated() {
                    let place = SequencePosition(first: index == 0, last: index == elements.count - 1, index: index)
                    within(Frame(element), body, position: place, indentation: indentation, inherited: inherited)
                }
            } else if elements.isEmpty {
                within(Frame(value), body, indentation: indentation, inherited: inherited)
            }
            return
        }
        if let custom = value as? any MustacheCustomRepresentation {
            section(custom.representation, body, inverted: inverted, indentation: indentation, inherited: inherited)
            return
        }
        if let renderable = value as? any MustacheCustomRenderable, renderable.isNull {
            if inverted { render(body, indentation: indentation, inherited: inherited) }
            return
        }
        if !inverted { within(Frame(value), body, indentation: indentation, inherited: inherited) }
    }

    private mutating func within(
        _ frame: Frame, _ body: CompiledTemplate, position place: SequencePosition? = nil, indentation: String?,
        inherited: [String: CompiledTemplate]?
    ) {
        let outer = position
        position = place
        stack.append(frame)
        render(body, indentation: indentation, inherited: inherited)
        stack.removeLast()
        position = outer
    }

    private static func elements<S: Sequence>(of sequence: S) -> [Any] { sequence.map { $0 } }
}
