import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an SVG widget holds, read with a real XML parser: the document must be well-formed XML,
/// refer to nothing outside itself and carry no script. Used by unit and end-to-end tests.
struct SVGAudit: CustomStringConvertible {
    /// Why the SVG is not a safe, self-contained image; empty when it is.
    var problems: [String] = []
    /// The text of each `<text>` element, in document order.
    var texts: [String] = []
    var rootAttributes: [String: String] = [:]
    var imageCount = 0
    var bytes = 0

    var description: String { problems.joined(separator: "\n") }

    /// Elements that run code or pull in other documents.
    static let forbiddenElements: Set<String> = [
        "script", "foreignObject", "iframe", "object", "embed", "audio", "video", "animate", "set", "handler",
    ]

    init(_ data: Data) {
        bytes = data.count
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        if !parser.parse() {
            problems.append("not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "unknown")")
        }
        problems += delegate.problems
        texts = delegate.texts
        rootAttributes = delegate.root
        imageCount = delegate.images
        if data.count >= 100_000 { problems.append("\(data.count) bytes, over 100 KB") }
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("<!DOCTYPE") || text.contains("<!ENTITY") { problems.append("a DOCTYPE or entity") }
    }

    /// Whether a `<text>` shows `text`: whole, or its beginning followed by "…" (shortened to fit its slot).
    func shows(_ text: String) -> Bool {
        texts.contains { shown in
            shown == text || (shown.hasSuffix("\u{2026}") && shown.count > 1 && text.hasPrefix(shown.dropLast()))
        }
    }

    /// Text as a person reads it: every `<text>`, whitespace collapsed.
    var readableText: String {
        texts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var problems: [String] = []
        var texts: [String] = []
        var root: [String: String] = [:]
        var images = 0
        private var depth = 0
        private var inText = 0
        private var current = ""
        private var inStyle = false
        private var style = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if depth == 0 {
                root = attributes
                if name != "svg" { problems.append("root element is <\(name)>") }
            }
            depth += 1
            if SVGAudit.forbiddenElements.contains(name) { problems.append("a <\(name)> element") }
            if name == "image" { images += 1 }
            if name == "text" {
                inText += 1
                current = ""
            }
            if name == "style" { inStyle = true }
            for (key, value) in attributes {
                let lower = key.lowercased()
                if lower.hasPrefix("on") { problems.append("event handler \(key)=\"\(value)\" on <\(name)>") }
                if lower == "href" || lower.hasSuffix(":href") || lower == "src" {
                    let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
                    if !(trimmed.hasPrefix("#") || trimmed.hasPrefix("data:image/")) {
                        problems.append("external reference \(key)=\"\(value.prefix(80))\" on <\(name)>")
                    }
                }
                if Self.externalURL(in: value) { problems.append("external url() in \(key) on <\(name)>") }
                if value.lowercased().contains("javascript:") { problems.append("javascript: in \(key)") }
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            depth -= 1
            if name == "text" {
                inText -= 1
                texts.append(current)
            }
            if name == "style" {
                inStyle = false
                if style.contains("@import") || Self.externalURL(in: style) { problems.append("external CSS") }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText > 0 { current += string }
            if inStyle { style += string }
        }

        /// `url(…)` pointing anywhere but a fragment of this document.
        static func externalURL(in text: String) -> Bool {
            var rest = Substring(text.lowercased())
            while let range = rest.range(of: "url(") {
                let after = rest[range.upperBound...].drop { $0 == " " || $0 == "'" || $0 == "\"" }
                if !after.hasPrefix("#") { return true }
                rest = rest[range.upperBound...]
            }
            return false
        }
    }
}
