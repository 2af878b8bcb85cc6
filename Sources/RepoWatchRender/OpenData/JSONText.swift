import Foundation

/// JSON written by hand, a value at a time: the open data files list every repository of the site,
/// and building them through `JSONEncoder` would hold a tree of the whole document.
struct JSONText {
    private(set) var text = ""

    init() { text.reserveCapacity(1024) }

    mutating func raw(_ piece: String) { text += piece }

    /// A JSON string literal; every control character, quote and backslash escaped, and `<`, `>`
    /// and `&` too, so the text stays inert if a page ever inlines it.
    mutating func string(_ value: String) {
        text.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { text += "null" }
    }

    mutating func number(_ value: Int?) { text += value.map(String.init) ?? "null" }

    mutating func bool(_ value: Bool?) { text += value.map { $0 ? "true" : "false" } ?? "null" }

    /// `"key":` before a value; `first` leaves out the comma.
    mutating func key(_ name: String, first: Bool = false) {
        if !first { text.append(",") }
        string(name)
        text.append(":")
    }
}
