import Mustache

/// A template as swift-mustache parsed it, compiled into nodes that `CompiledRenderer` renders
/// without the library's per-lookup dynamic casts, name splitting and per-token strings (about half
/// of a large build's CPU went there).
///
/// Parsing stays swift-mustache's: its tokens (standalone lines, indentation, delimiters and
/// inheritance already resolved) are read off the parsed template, so the two can only differ in
/// rendering, which `CompiledTemplateTests` compares on every built-in template, and
/// `MustacheSpecTests` on the Mustache spec. A template using a tag the renderer does not do
/// (dynamic partials, content-type pragmas) is not compiled: the site renders with swift-mustache
/// as before, and `build` and `check` warn, naming the template and the tag.
package struct CompiledTemplate: Sendable {
    package indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool, transforms: [String])
        case section(Name, transforms: [String], body: CompiledTemplate, inverted: Bool)
        case partial(String, indentation: String?, overrides: [String: CompiledTemplate]?)
        case block(String, fallback: CompiledTemplate, indentation: String?)
    }

    /// A tag's name, split once here rather than at every lookup.
    package struct Name: Sendable {
        package enum Start: Sendable {
            /// `{{.}}`: the current object.
            case current
            /// `{{.name}}`: the current object only, without climbing the stack.
            case currentOnly
            /// `{{name}}` and `{{a.b}}`: the nearest object on the stack that has the first part.
            case stack
        }

        package let start: Start
        package let parts: [String]

        package init(_ name: String) {
            parts = name.split(separator: ".").map(String.init)
            start = name == "." ? .current : name.first == "." ? .currentOnly : .stack
        }
    }

    package let nodes: [Node]

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads swift-mustache's parsed tokens (an internal enum, read through `Mirror`).
    package init(_ template: MustacheTemplate) throws {
        guard let tokens = Mirror(reflecting: template).descendant("tokens") as? [Any] else {
            throw Unsupported(description: "no tokens in swift-mustache's template")
        }
        nodes = try tokens.map(Self.node)
    }

    private static func node(_ token: Any) throws -> Node {
        guard let payload = Mirror(reflecting: token).children.first, let kind = payload.label else {
            throw Unsupported(description: "an unknown token: \(token)")
        }
        let fields = Mirror(reflecting: payload.value).children.map(\.value)
        func field<T>(_ index: Int, _: T.Type) throws -> T {
            guard index < fields.count, let value = fields[index] as? T else {
                throw Unsupported(description: "an unknown \(kind) token")
            }
            return value
        }
        switch kind {
        case "text":
            guard let text = payload.value as? String else { throw Unsupported(description: "an unknown text token") }
            return .text(Array(text.utf8))
        case "variable", "unescapedVariable":
            let name = try field(0, String.self)
            let transforms = try field(1, [String].self)
            return .variable(Name(name), escaped: kind == "variable", transforms: transforms)
        case "section", "invertedSection":
            let name = try field(0, String.self)
            let transforms = try field(1, [String].self)
            let body = try CompiledTemplate(try field(2, MustacheTemplate.self))
            return .section(Name(name), transforms: transforms, body: body, inverted: kind == "invertedSection")
        case "partial":
            let overrides = try field(2, [String: MustacheTemplate]?.self)
            return .partial(
                try field(0, String.self), indentation: try field(1, String?.self),
                overrides: try overrides?.mapValues(CompiledTemplate.init))
        case "blockExpansion":
            return .block(
                try field(0, String.self), fallback: try CompiledTemplate(try field(1, MustacheTemplate.self)),
                indentation: try field(2, String?.self))
        case "dynamicNamePartial":
            throw Unsupported(description: "a dynamic partial {{>*\(try field(0, String.self))}}")
        case "contentType":
            throw Unsupported(description: "a content-type pragma {{% CONTENT_TYPE: …}}")
        default:
            // blockDefinition outside a parent.
            throw Unsupported(description: "a \(kind) tag")
        }
    }
}
