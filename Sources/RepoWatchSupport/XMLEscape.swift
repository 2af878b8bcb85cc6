/// The one escaper for markup: HTML and XML text and attribute positions.
package enum XMLEscape {
    /// For HTML: the five markup characters, everything else as it is.
    package static func text(_ string: String) -> String { escape(string, strictXML: false) }

    /// For an XML document (the SVG images): also without the control characters XML 1.0 forbids
    /// (an API string may hold them; HTML shrugs, an XML parser refuses the whole image), and with
    /// tabs and line breaks as spaces.
    package static func xml(_ string: String) -> String { escape(string, strictXML: true) }

    /// `text(_:)` appended to a byte buffer: the five characters are ASCII, so bytes will do, and
    /// a run without any is copied whole.
    package static func appendText(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                entity.withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    private static func escape(_ string: String, strictXML: Bool) -> String {
        // Most text (names, numbers, dates) has nothing to escape: it is returned as it is, found so
        // on its bytes. For XML a control byte or 0xEF (which starts U+FFFE and U+FFFF) goes the long way.
        let plain = string.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return false
            case 0..<0x20, 0xEF: return !strictXML
            default: return true
            }
        }
        if plain { return string }
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
