/// A template compiled into nodes that `CompiledRenderer` renders without the library's per-lookup
/// dynamic casts, name splitting and per-token strings, where a large build's render spent its time.
///
/// `MustacheParser` reads the source by swift-mustache's rules (standalone lines, indentation,
/// delimiters, inheritance), after the library itself accepted it; `CompiledTemplateTests` compares
/// the two on every built-in template, and `MustacheSpecTests` on the Mustache spec. A template using
/// a tag the renderer does not do (dynamic partials, content-type pragmas) is not compiled: the site
/// renders with swift-mustache as before, and `build` and `check` warn, naming the template and the tag.
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

    package init(nodes: [Node]) { self.nodes = nodes }

    /// Parses `source`, which swift-mustache has already accepted (its errors are the ones reported).
    /// Throws for a tag the renderer does not do, and for a template the two would read differently.
    package init(parsing source: String) throws {
        nodes = try MustacheParser.parse(source)
    }
}
