import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// How site.yml's problems read: in the file's order, naming the file actually read, with a "did
/// you mean" for a mistyped key or value.
@Suite("site.yml messages: order, file name, suggestions")
struct ConfigMessagesTests {
    func problems(_ yaml: String, file: String = "site.yml") -> [Diagnostic] {
        do {
            return try ConfigLoader(file: file, locales: .builtIn).parse(yaml).warnings
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test("errors and warnings together, sorted by line then column")
    func sortedByPosition() {
        let yaml = """
            titel: x
            repos:
              - apple/swift
              - bad name
            appearance: drak
            widgets:
              - repo: apple/swift
                sizez: [medium]
                numbers: ful
            """
        let found = problems(yaml).map { "\($0.line):\($0.column) \($0.severity.rawValue)" }
        #expect(found == ["1:1 warning", "4:5 error", "5:13 error", "8:5 warning", "9:14 error"], "\(found)")
    }

    @Test("DiagnosticsError keeps every list in file order, whoever made it")
    func errorSorts() {
        let error = DiagnosticsError([
            Diagnostic(.warning, file: "site.yml", line: 9, column: 1, "c"),
            Diagnostic(.error, file: "Templates/a.mustache", line: 1, column: 1, "a"),
            Diagnostic(.error, file: "site.yml", line: 2, column: 5, "b1"),
            Diagnostic(.warning, file: "site.yml", line: 2, column: 5, "b2"),
        ])
        #expect(error.diagnostics.map(\.message) == ["a", "b1", "b2", "c"])
        #expect(error.description.hasPrefix("Templates/a.mustache:1:1: error: a\nsite.yml:2:5: error: b1"))
    }

    @Test("messages name the configuration file that was read")
    func namesTheFile() throws {
        let empty = problems("", file: "sites/watch.yml")
        #expect(
            empty.map(\.description) == [
                "sites/watch.yml:1:1: error: sites/watch.yml is empty; list the repositories to show under `repos:` (OWNER/NAME)"
            ])
        #expect(problems("# only a comment\n", file: "w.yml").first?.message.hasPrefix("w.yml is empty") == true)
        let list = problems("- a/b\n", file: "w.yml")
        #expect(list.first?.message == "w.yml must be a mapping with at least `repos:`")
        #expect(!(empty + list).contains { $0.message.contains("site.yml") })
        #expect(try ConfigLoader(file: "w.yml").parse("repos: [a/b]\n").config.file == "w.yml")
    }

    @Test("a mistyped value gets the choice it most likely meant")
    func valueSuggestions() {
        func message(_ yaml: String) -> String { problems(yaml).first?.message ?? "" }
        #expect(message("repos: [a/b]\nappearance: drak\n").hasSuffix("(got 'drak'); did you mean 'dark'?"))
        #expect(message("repos: [a/b]\nrendering: acented\n").hasSuffix("did you mean 'accented'?"))
        #expect(message("repos: [a/b]\nnumbers: compcat\n").hasSuffix("did you mean 'compact'?"))
        #expect(message("repos: [a/b]\nwidgets:\n  - kind: duble\n").hasSuffix("did you mean 'double'?"))
        #expect(message("repos: [a/b]\nwidgets:\n  - sizes: [larg]\n").hasSuffix("did you mean 'large'?"))
        #expect(message("owners:\n  - owner: apple\n    sort: star\n").hasSuffix("did you mean 'stars'?"))
        #expect(message("repos: [a/b]\nlocale: jp\n").hasSuffix("did you mean 'ja'?"))
        #expect(
            message("repos: [a/b]\napperance: dark\n")
                == "unknown key 'apperance' is ignored; did you mean 'appearance'?")
        #expect(message("repos: [a/b]\nwidgets:\n  - repo: a/b\n    notes: x\n").hasSuffix("did you mean 'note'?"))
        #expect(
            message("repos: [a/b]\nappearance: purple\n") == "`appearance` must be auto, light or dark (got 'purple')")
    }
}
