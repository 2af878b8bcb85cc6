import Foundation
import RepoWatchModel

/// Reads the templates for what the Content-Security-Policy would block, before anything renders:
/// each finding is a warning at its line and column, for `check` and `build`. Literal `<style>`
/// blocks are hashed instead, so the policy can allow exactly them.
struct TemplateAudit: Sendable {
    private(set) var styleHashes: [String] = []
    private(set) var warnings: [Diagnostic] = []

    init() {}

    private static func pattern(_ text: String) -> NSRegularExpression {
        // The patterns are constants: a failure here is a bug, caught by every test run.
        try! NSRegularExpression(pattern: text, options: [.caseInsensitive, .dotMatchesLineSeparators])
    }

    private static let script = pattern(#"<script\b([^>]*)>"#)
    private static let style = pattern(#"<style\b[^>]*>(.*?)</style\s*>"#)
    private static let styleAttribute = pattern(#"<[a-z][^<>]*?\sstyle\s*="#)
    private static let handler = pattern(#"<[a-z][^<>]*?\s(on[a-z]+)\s*="#)
    private static let javascriptURL = pattern(#"\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:"#)
    private static let source = pattern(#"(?:^|\s)src\s*="#)
    /// `<script type=…>` that holds data rather than code runs nothing, so the policy ignores it.
    private static let dataType = pattern(#"\btype\s*=\s*["']?(?:application/(?:ld\+)?json|text/template)"#)

    mutating func scan(_ text: String, file: String) {
        let first = warnings.count
        defer {
            // In the file's order, as a compiler reports.
            warnings[first...].sort { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        let all = NSRange(text.startIndex..., in: text)
        func each(_ regex: NSRegularExpression, _ body: (NSTextCheckingResult) -> Void) {
            for match in regex.matches(in: text, range: all) { body(match) }
        }
        each(Self.script) { match in
            let attributes = Self.substring(text, match.range(at: 1))
            let range = NSRange(attributes.startIndex..., in: attributes)
            guard Self.source.firstMatch(in: attributes, range: range) == nil,
                Self.dataType.firstMatch(in: attributes, range: range) == nil
            else { return }
            warn(
                text, file, match.range,
                "an inline <script> does not run: the pages' Content-Security-Policy allows only the site's own "
                    + "script files; move it to Templates/assets/NAME.js and load it with <script src=\"{{root}}assets/NAME.js\">"
            )
        }
        each(Self.style) { match in
            let body = Self.substring(text, match.range(at: 1))
            if body.contains("{{") {
                warn(
                    text, file, match.range,
                    "this <style> holds Mustache tags, so the Content-Security-Policy cannot allow it by its hash; "
                        + "move it to Templates/assets/style.css")
            } else {
                styleHashes.append(ContentSecurityPolicy.hashSource(of: body))
            }
        }
        each(Self.styleAttribute) { match in
            warn(
                text, file, match.range,
                "a style=\"…\" attribute is ignored under the pages' Content-Security-Policy; give the element a "
                    + "class and style it in Templates/assets/style.css")
        }
        each(Self.handler) { match in
            warn(
                text, file, match.range(at: 1),
                "an inline event handler (\(Self.substring(text, match.range(at: 1)))=) does not run under the "
                    + "Content-Security-Policy; attach it with addEventListener in a script file")
        }
        each(Self.javascriptURL) { match in
            warn(text, file, match.range, "a javascript: URL does not run under the Content-Security-Policy")
        }
    }

    private static func substring(_ text: String, _ range: NSRange) -> String {
        Range(range, in: text).map { String(text[$0]) } ?? ""
    }

    private mutating func warn(_ text: String, _ file: String, _ range: NSRange, _ message: String) {
        let start = Range(range, in: text)?.lowerBound ?? text.startIndex
        let before = text[..<start]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column =
            before.distance(
                from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex, to: before.endIndex)
            + 1
        warnings.append(Diagnostic(.warning, file: file, line: line, column: column, message))
    }
}
