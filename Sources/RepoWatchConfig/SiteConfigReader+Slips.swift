import Foundation
import RepoWatchModel
import Yams

/// The slips site.yml's messages name: a widget's repository a letter away from a saved one, and a
/// list item indented deeper than the items above it.
extension SiteConfigReader {
    /// A widget's repository missing from `repos:`, and the entry it most likely meant.
    struct Miss {
        var name: RepoName
        var line: Int
        var closest: RepoName
    }

    /// The `repos:` list, to find an entry's place when a message points at it (seldom: no index of
    /// every name is kept for it).
    struct RepoEntries {
        var items: Node.Sequence?

        /// The line and column of the entry named `key`.
        subscript(key: String) -> (line: Int, column: Int)? {
            guard let items else { return nil }
            for item in items {
                guard let text = item.string?.trimmingCharacters(in: .whitespaces),
                    RepoName.parse(text).value?.key == key, let mark = item.mark
                else { continue }
                return (mark.line, mark.column)
            }
            return nil
        }
    }

    /// A list item indented deeper than the one above is, to YAML, more of that item's text
    /// (`apple/swift - kudoleh/iOS`): said as an indentation error at the deeper line, with the
    /// items' texts as they were meant; nil when the item is one line.
    mutating func mergedItems(_ node: Node) -> [String]? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let mark = node.mark,
            mark.line >= 1, mark.line <= lines.count, scalar.string.contains(" - ")
        else { return nil }
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        let itemLine = lines[mark.line - 1]
        let itemIndent = indent(itemLine)
        guard itemLine.dropFirst(itemIndent).hasPrefix("- ") else { return nil }
        for number in mark.line..<min(lines.count, mark.line + 50) {
            let line = lines[number]
            let spaces = indent(line)
            let rest = line.dropFirst(spaces)
            if rest.isEmpty || rest.hasPrefix("#") { continue }
            guard spaces > itemIndent else { return nil }
            guard rest.hasPrefix("- ") else { continue }
            errors.append(
                Diagnostic(
                    .error, file: file, line: number + 1, column: spaces + 1,
                    "this list item is indented \(spaces) spaces; the items above use \(itemIndent), so YAML reads "
                        + "it as more of the item on line \(mark.line); indent it by \(itemIndent) like them"))
            return scalar.string.components(separatedBy: " - ").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
