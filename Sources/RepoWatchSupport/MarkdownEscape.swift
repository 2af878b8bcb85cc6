/// Text from anywhere (an API's error message, a repository name) as literal GitHub Markdown, for
/// the Actions step summary: no emphasis, link, HTML tag, table cell break or heading can come of it.
package enum MarkdownEscape {
    /// What can start markup inside a line: emphasis, code, links and images, table cells, headings,
    /// strikethrough, math. Backslash escapes (CommonMark allows one before any ASCII punctuation)
    /// render as the bare character; the rest of the punctuation stays readable in the raw file.
    private static let punctuation = Set("\\`*_[]()|#!~{}$".unicodeScalars)

    package static func text(_ string: String) -> String {
        var out = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            // Entities, not backslashes: GitHub's HTML sanitizer then sees no tag at all.
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            // One line per item: a line break could start a heading or end the table.
            case "\n", "\r", "\t": out += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            case _ where punctuation.contains(scalar): out += "\\" + String(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
