import Foundation
import RepoWatchModel
import Yams

/// Where site.yml writes each `repos:` entry and each widget, found again after the build learnt
/// something about them (a private repository left out): the config keeps no positions, since
/// most builds never need one and a large `repos:` list would hold them all build long. A site that
/// loaded holds no invalid entry, so the n-th repository of the config is the n-th item of the list.
package struct SitePlaces: Sendable {
    package let file: String
    private let repos: [Mark]
    private let widgets: [Mark]

    private struct Mark: Sendable {
        var line: Int
        var column: Int
    }

    /// Reads `file` again; a file that cannot be read or parsed any more gives no places.
    package init(file: String) {
        self.file = file
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            case .mapping(let mapping)? = try? Yams.compose(yaml: text)
        else {
            repos = []
            widgets = []
            return
        }
        func marks(_ key: String) -> [Mark] {
            guard case .sequence(let items)? = mapping.first(where: { $0.key.string == key })?.value else { return [] }
            return items.map { Mark(line: $0.mark?.line ?? 1, column: $0.mark?.column ?? 1) }
        }
        repos = marks("repos")
        widgets = marks("widgets")
    }

    /// A warning at the `repos:` entry at `position`, or at the file's start when it is not found.
    package func repoEntry(_ position: Int, _ message: String) -> Diagnostic {
        diagnostic(repos.indices.contains(position) ? repos[position] : nil, message)
    }

    /// A warning at the widget at `position` of `widgets:`.
    package func widget(_ position: Int, _ message: String) -> Diagnostic {
        diagnostic(widgets.indices.contains(position) ? widgets[position] : nil, message)
    }

    private func diagnostic(_ mark: Mark?, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message)
    }
}
