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
        var sources = SourceLines()
        for diagnostic in diagnostics.sortedByPosition() {
            let line = diagnostic.quotesSource ? sources.line(diagnostic.line, of: url(of: diagnostic)) : nil
            log.report(diagnostic.message(sourceLine: line))
            let level: GitHubActions.Level = diagnostic.severity == .error ? .error : .warning
            actions.annotate(level, at: place(of: diagnostic), diagnostic.message)
        }
    }

    /// Every diagnostic of `error`, then its note (`--strict`) as an error of its own.
    package func report(_ error: DiagnosticsError) {
        report(error.diagnostics)
        if let note = error.note {
            log.report(DiagnosticMessage(.error, location: nil, note))
            actions.annotate(.error, at: nil, note)
        }
    }

    /// The file as the repository names it, so the annotation lands on it.
    package func place(of diagnostic: Diagnostic) -> GitHubActions.Place {
        GitHubActions.Place(
            file: actions.repositoryPath(of: url(of: diagnostic)), line: max(1, diagnostic.line),
            column: max(1, diagnostic.column))
    }

    /// The file a diagnostic is about: `--config` as given, or a path beside it (`Templates/…`).
    package func url(of diagnostic: Diagnostic) -> URL {
        if diagnostic.file == configPath || diagnostic.file.hasPrefix("/") {
            return URL(fileURLWithPath: diagnostic.file)
        }
        return URL(fileURLWithPath: configPath).deletingLastPathComponent().appendingPathComponent(diagnostic.file)
    }
}

/// The lines of the files diagnostics point into, each file read once; a file that cannot be read as
/// UTF-8 text (missing, a folder, binary) shows no source line.
struct SourceLines {
    private var files: [URL: [String.UnicodeScalarView.SubSequence]] = [:]

    mutating func line(_ number: Int, of url: URL) -> String? {
        if files[url] == nil {
            let text = (try? Data(contentsOf: url)).flatMap { String(validating: $0, as: UTF8.self) }
            // By scalar: as Characters, "\r\n" is one and would hide the "\n".
            files[url] = text.map { $0.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        }
        guard let lines = files[url], number >= 1, number <= lines.count else { return nil }
        var line = lines[number - 1]
        if line.last == "\r" { line = line.dropLast() }
        return String(String.UnicodeScalarView(line))
    }
}

extension Diagnostic {
    /// As the terminal shows it, with the source line when there is one.
    package func message(sourceLine: String?) -> DiagnosticMessage {
        DiagnosticMessage(
            severity == .error ? .error : .warning, location: "\(file):\(line):\(column)", message,
            sourceLine: sourceLine, line: line, column: column)
    }
}
