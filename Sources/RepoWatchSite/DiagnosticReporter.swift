import Foundation
import RepoWatchModel
import RepoWatchSupport

/// Problems with site.yml and the templates, shown where the user will look: on stderr as
/// `FILE:LINE:COL: warning: …` like a compiler, and under GitHub Actions also as annotations on
/// those lines of the pull request or commit.
package struct DiagnosticReporter: Sendable {
    package let log: any BuildLog
    package let actions: GitHubActions
    /// `--config` as given: diagnostics about it name it so; the others (`Templates/…`) are
    /// relative to its folder.
    package let configPath: String

    package init(log: any BuildLog, actions: GitHubActions, configPath: String) {
        self.log = log
        self.actions = actions
        self.configPath = configPath
    }

    package init(log: any BuildLog, environment: [String: String], configPath: String) {
        self.init(log: log, actions: GitHubActions(environment: environment), configPath: configPath)
    }

    package func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics.sortedByPosition() {
            log.info(diagnostic.description)
            let level: GitHubActions.Level = diagnostic.severity == .error ? .error : .warning
            actions.annotate(level, at: place(of: diagnostic), diagnostic.message)
        }
    }

    /// Every diagnostic of `error`, then its note (`--strict`) as an error of its own.
    package func report(_ error: DiagnosticsError) {
        report(error.diagnostics)
        if let note = error.note {
            log.info("error: \(note)")
            actions.annotate(.error, at: nil, note)
        }
    }

    /// The file as the repository names it, so the annotation lands on it.
    package func place(of diagnostic: Diagnostic) -> GitHubActions.Place {
        let url: URL
        if diagnostic.file == configPath || diagnostic.file.hasPrefix("/") {
            url = URL(fileURLWithPath: diagnostic.file)
        } else {
            url = URL(fileURLWithPath: configPath).deletingLastPathComponent()
                .appendingPathComponent(diagnostic.file)
        }
        return GitHubActions.Place(
            file: actions.repositoryPath(of: url), line: max(1, diagnostic.line), column: max(1, diagnostic.column))
    }
}
