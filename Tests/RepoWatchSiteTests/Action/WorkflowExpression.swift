import Foundation

struct WorkflowError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The few forms of GitHub's expression language that action.yml and the generated workflow use:
/// context paths (`inputs.config`, `steps.resolve.outputs.version`, `github.token`), string literals,
/// `==`, `!=` and `||`. Anything else is refused, so a new form in either file fails the test instead
/// of being misread.
struct WorkflowExpression {
    /// Flattened contexts: "inputs.config" → "site.yml", "steps.run.outputs.site-path" → "/…".
    var values: [String: String] = [:]

    /// `text` with every `${{ … }}` replaced by its value.
    func substitute(_ text: String) throws -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw WorkflowError("unclosed ${{ in \(text)")
            }
            out += try evaluate(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// An `if:` condition; none means the default `success()`, which holds while no step failed.
    func condition(_ text: String?) throws -> Bool {
        guard var text = text?.trimmingCharacters(in: .whitespaces) else { return true }
        if text.hasPrefix("${{") && text.hasSuffix("}}") { text = String(text.dropFirst(3).dropLast(2)) }
        let value = try evaluate(text)
        return !value.isEmpty && value != "false" && value != "0"
    }

    func evaluate(_ expression: String) throws -> String {
        let alternatives = try split(expression, on: "||")
        if alternatives.count > 1 {
            for alternative in alternatives {
                let value = try evaluate(alternative)
                if !value.isEmpty && value != "false" { return value }
            }
            return try evaluate(alternatives.last!)
        }
        for (operator_, equal) in [("!=", false), ("==", true)] {
            let sides = try split(expression, on: operator_)
            if sides.count == 2 {
                let same = try operand(sides[0]).lowercased() == operand(sides[1]).lowercased()
                return same == equal ? "true" : "false"
            }
        }
        return try operand(expression)
    }

    private func operand(_ text: String) throws -> String {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        guard text.range(of: #"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$"#, options: .regularExpression) != nil
        else { throw WorkflowError("expression form not supported by this test: \(text)") }
        return values[text] ?? ""
    }

    /// Splits at `separator` outside string literals.
    private func split(_ text: String, on separator: String) throws -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "'" { quoted.toggle() }
            if !quoted && text[index...].hasPrefix(separator) {
                parts.append(current)
                current = ""
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            current.append(text[index])
            index = text.index(after: index)
        }
        guard !quoted else { throw WorkflowError("unbalanced quote in \(text)") }
        parts.append(current)
        return parts
    }
}
