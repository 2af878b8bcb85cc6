import Foundation

/// A JSON value whose object keys keep the order they were given in, written the same way every
/// time: two-space indents, a nested object of plain values on one line (`{ "total": 3, "written": 1 }`),
/// an empty array or object as `[]` or `{}`.
indirect enum OrderedJSON: Equatable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    static func string(_ value: String?) -> OrderedJSON { value.map { .string($0) } ?? .null }
    static func int(_ value: Int?) -> OrderedJSON { value.map { .int($0) } ?? .null }

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool { lhs.text == rhs.text }

    /// The document, without a final newline.
    var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out
    }

    private var isPlain: Bool {
        switch self {
        case .object(let members): return members.isEmpty
        case .array(let items): return items.isEmpty
        default: return true
        }
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .object(let members) where members.isEmpty: out += "{}"
        case .array(let items) where items.isEmpty: out += "[]"
        case .object(let members) where !indent.isEmpty && members.allSatisfy({ $0.1.isPlain }):
            out += "{ "
            for (offset, member) in members.enumerated() {
                if offset > 0 { out += ", " }
                Self.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: indent)
            }
            out += " }"
        case .object(let members):
            let inner = indent + "  "
            out += "{\n"
            for (offset, member) in members.enumerated() {
                out += inner
                Self.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: inner)
                out += offset == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let items):
            let inner = indent + "  "
            out += "[\n"
            for (offset, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += offset == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .string(let value): Self.quote(value, into: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped, and the `#` of `##[`
    /// as `\u0023`, since a GitHub Actions log runs `##[command]` found anywhere in a line.
    private static func quote(_ value: String, into out: inout String) {
        out += "\""
        var previous: Unicode.Scalar?
        var beforePrevious: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "[" where previous == "#" && beforePrevious == "#":
                out.removeLast()
                out += "\\u0023["
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
            (beforePrevious, previous) = (previous, scalar)
        }
        out += "\""
    }
}
