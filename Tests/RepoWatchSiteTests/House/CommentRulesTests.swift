import Foundation
import Testing

extension SourceFile {
    /// Each line's comment text (the bytes in a comment), for the lines that have one.
    var comments: [(line: Int, text: String)] {
        (1...max(1, lineCount)).compactMap { line in
            let end = line < lineStarts.count ? lineStarts[line] - 1 : text.count
            let bytes = (lineStarts[line - 1]..<max(lineStarts[line - 1], end)).filter { inComment[$0] }.map {
                text[$0]
            }
            return bytes.isEmpty ? nil : (line, String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// Comments that will not rot: none points outside the repository (the design notes it was built
/// from are not in it, nor is the folder beside the checkout), and none quotes a measured size, which is true of one
/// commit on one machine: the figures live in docs/ beside the command that made them
/// (docs/fast-paths.md), and the comment keeps the why.
@Suite("Comments: nothing outside the repository, no measured sizes")
struct CommentRulesTests {
    /// A size in MiB, MB or GiB; a figure inside double quotes is an example of output, not a claim.
    static var size: Regex<(Substring, Substring)> { /[0-9][0-9.,]*\s*(MiB|MB|GiB)\b/ }
    static var outside: Regex<Substring> { /DESIGN\.md|DESIGN's|\.\.\/shared/ }

    static func problems(_ file: SourceFile) -> [String] {
        file.comments.compactMap { line, text in
            let unquoted = text.replacing(/"[^"]*"/, with: "")
            if text.contains(Self.outside) { return "\(file.path):\(line): points outside the repository: \(text)" }
            if unquoted.contains(Self.size) { return "\(file.path):\(line): quotes a measured size: \(text)" }
            return nil
        }
    }

    @Test("no comment in Sources names DESIGN.md or a folder beside the checkout, or quotes a MiB, MB or GiB figure")
    func commentsStayTrue() throws {
        let found = try HouseRulesTests.scanned.get().flatMap(Self.problems)
        #expect(found.isEmpty, "\(found.count) comments:\n\(found.joined(separator: "\n"))")
    }

    @Test func theRuleSeesCommentsOnly() {
        let file = SourceFile(
            path: "Example.swift",
            text: #"""
                /// Held 79 MiB at the peak.
                let limit = "12 MB"  // fine: the figure is code
                // See DESIGN.md, "Output".
                /* a set took ~12 MB */
                /// "Removed 3 entries (1.2 MiB)": an example of the output.
                /// Blocks of 256 KB and more: a setting, not a size in MB.
                """#)
        #expect(Self.problems(file).map { $0.split(separator: ":")[1] } == ["1", "3", "4"])
    }
}
