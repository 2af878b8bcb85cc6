/// The one escaper for markup: HTML and XML text and attribute positions.
enum XMLEscape {
    /// For HTML: the five markup characters, everything else as it is.
    static func text(_ string: String) -> String { escape(string, strictXML: false) }

    /// For an XML document (the SVG images): also without the control characters XML 1.0 forbids
    /// (an API string may hold them; HTML shrugs, an XML parser refuses the whole image), and with
    /// tabs and line breaks as spaces.
    static func xml(_ string: String) -> String { escape(string, strictXML: true) }

    private static func escape(_ string: String, strictXML: Bool) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
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
}
