/// Escapes text for XML and HTML text and attribute positions.
public enum XMLEscape {
    public static func text(_ string: String) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for character in string.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
