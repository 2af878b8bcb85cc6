import CCmark
import Foundation

/// CommonMark through libcmark for the site description and widget notes. Without `CMARK_OPT_UNSAFE`,
/// raw HTML is omitted; links and images are further limited to http(s) (and links to mailto):
/// anything else keeps its text and loses the link.
package enum Markdown {
    package static func html(_ markdown: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, options) else { return "" }
        defer { cmark_node_free(document) }
        for node in nodesWithDisallowedDestinations(in: document) { unwrap(node) }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Whether a link (or, with `image`, an image source) may stay.
    static func isAllowed(destination: String, image: Bool = false) -> Bool {
        let lowered = destination.lowercased()
        let schemes = image ? ["https://", "http://"] : ["https://", "http://", "mailto:"]
        return schemes.contains { lowered.hasPrefix($0) && lowered.count > $0.count }
    }

    private static func nodesWithDisallowedDestinations(in document: OpaquePointer) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                let node = cmark_iter_get_node(iterator)
            else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if !isAllowed(destination: destination, image: type == CMARK_NODE_IMAGE) { found.append(node) }
        }
        return found
    }

    /// Replaces a link or image by its children: the words stay, the destination goes.
    private static func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        cmark_node_free(node)
    }

    /// The words of a Markdown text, without markup: for a `<meta name="description">`, where tags
    /// would show as text. Raw HTML is dropped, as `html(_:)` drops it; line and paragraph breaks
    /// become spaces.
    static func plainText(_ markdown: String) -> String {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT),
            let iterator = cmark_iter_new(document)
        else { return "" }
        defer {
            cmark_iter_free(iterator)
            cmark_node_free(document)
        }
        var words = ""
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER
            if entering, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                words += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                || (!entering && type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue)
            {
                words += " "
            }
        }
        return words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
