import CCmark
import Foundation

/// CommonMark through libcmark. Without `CMARK_OPT_UNSAFE`, raw HTML is omitted and
/// `javascript:`/`vbscript:`/`file:`/`data:` links are dropped.
public enum Markdown {
    public static func html(_ markdown: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        guard let rendered = cmark_markdown_to_html(markdown, markdown.utf8.count, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
