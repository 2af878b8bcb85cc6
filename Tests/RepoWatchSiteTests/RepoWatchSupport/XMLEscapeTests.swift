import Testing

@testable import RepoWatchSupport

/// `XMLEscape` hands back text with nothing to escape as it is, judged on its bytes. These hold
/// that shortcut to the scalar-by-scalar escaping it skips, for HTML and for XML, over every pair of
/// pieces that touch its cases: the five markup characters, tabs and line breaks, other control
/// characters, U+FFFE and U+FFFF (and U+FFFD, which shares their first byte), and text in other
/// scripts.
@Suite("Markup escaping: text with nothing to escape is the scalar-by-scalar result")
struct XMLEscapeTests {
    static let pieces = [
        "", "plain", "a b", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{1}", "\u{1F}", "\u{7F}", "\u{FFFE}",
        "\u{FFFF}", "\u{FFFD}", "é", "漢字", "👍", "مرحبا", "&amp;",
    ]

    static var texts: [String] {
        pieces + pieces.flatMap { first in pieces.map { first + "x" + $0 } }
    }

    /// The escaping as it stands for every scalar.
    static func scalarByScalar(_ string: String, strictXML: Bool) -> String {
        var result = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r":
                if strictXML { result += " " } else { result.unicodeScalars.append(scalar) }
            case _ where strictXML && (scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF):
                continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test("HTML text and XML text escape as scalar by scalar, whatever the text holds")
    func shortcutMatchesTheScalars() {
        for text in Self.texts {
            #expect(XMLEscape.text(text) == Self.scalarByScalar(text, strictXML: false), "\(text.debugDescription)")
            #expect(XMLEscape.xml(text) == Self.scalarByScalar(text, strictXML: true), "\(text.debugDescription)")
        }
    }

    @Test("the byte buffer form writes what the string form returns")
    func bytesMatchText() {
        for text in Self.texts {
            var bytes: [UInt8] = []
            XMLEscape.appendText(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == XMLEscape.text(text), "\(text.debugDescription)")
        }
    }
}
