import Foundation

/// GitHub Actions' two side channels, used only when `GITHUB_ACTIONS=true`: workflow commands on
/// standard output (an annotation shows on the file and line in the pull request and the run) and
/// the Markdown of `$GITHUB_STEP_SUMMARY`, shown on the run's page.
package struct GitHubActions: Sendable {
    package enum Level: String, Sendable { case error, warning, notice }

    /// Where an annotation points; `file` is relative to the repository's root.
    package struct Place: Sendable, Equatable {
        package var file: String
        package var line: Int
        package var column: Int

        package init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    let isActive: Bool
    let summaryFile: URL?
    /// `GITHUB_WORKSPACE` (else the current folder): annotations name files relative to it.
    let workspace: URL
    private let emit: @Sendable (String) -> Void

    /// - Parameter emit: where workflow commands go; the runner reads them from standard output, and
    ///   from standard error too, where they go when `--json` keeps standard output for its document.
    package init(
        environment: [String: String],
        emit: @escaping @Sendable (String) -> Void = {
            let line = Data(($0 + "\n").utf8)
            if StandardOutput.isReserved {
                FileHandle.standardError.write(line)
            } else {
                FileHandle.standardOutput.write(line)
            }
        }
    ) {
        isActive = environment["GITHUB_ACTIONS"] == "true"
        summaryFile = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let root = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
        workspace = URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath)
        self.emit = emit
    }

    /// `::warning file=site.yml,line=3,col=1::unknown key …`, when running under Actions.
    package func annotate(_ level: Level, at place: Place?, _ message: String) {
        guard isActive else { return }
        emit(Self.command(level, at: place, message))
    }

    package static func command(_ level: Level, at place: Place?, _ message: String) -> String {
        let properties = place.map { place in
            " file=\(escapeProperty(place.file)),line=\(place.line),col=\(place.column)"
        }
        return "::\(level.rawValue)\(properties ?? "")::\(escapeData(message))"
    }

    /// Whether `appendSummary` writes anything: worth asking before composing a summary.
    package var writesSummary: Bool { isActive && summaryFile != nil }

    /// Appends to the step summary; a summary that cannot be written is not worth failing a build.
    /// - Returns: why it could not be written, if it could not.
    @discardableResult
    package func appendSummary(_ markdown: String) -> String? {
        guard writesSummary, let summaryFile else { return nil }
        do {
            if !FileManager.default.fileExists(atPath: summaryFile.path) {
                try Data().write(to: summaryFile)
            }
            let handle = try FileHandle(forWritingTo: summaryFile)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(markdown.utf8))
            return nil
        } catch {
            return "could not write the step summary to \(summaryFile.path): \(ErrorText.describe(error))"
        }
    }

    /// `path` as the repository names it: relative to the workspace when inside it.
    package func repositoryPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let root = workspace.standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The runner's rules (actions/toolkit `escapeData`): a message may not break its line. Beyond
    /// them, the other control characters are shown as escapes, as in every line the tool writes
    /// (`ConsoleText`), and the older syntax `##[`, which the runner looks for anywhere in a line, is
    /// made inert.
    static func escapeData(_ text: String) -> String { escape(text, extra: "") }

    /// `escapeProperty`: also `:` and `,`, which would end the property.
    static func escapeProperty(_ text: String) -> String { escape(text, extra: ":,") }

    // By scalar: as Characters, "\r\n" is one grapheme and neither "\r" nor "\n" would match it.
    private static func escape(_ text: String, extra: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "\r" || scalar == "\n" || extra.unicodeScalars.contains(scalar) {
                out += "%" + String(format: "%02X", scalar.value)
            } else if ConsoleText.isControl(scalar) {
                out += ConsoleText.inline(String(scalar))
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.contains("##[") ? out.replacingOccurrences(of: "##[", with: "#%23[") : out
    }
}
