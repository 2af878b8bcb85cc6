import Foundation
import Synchronization
import Testing

@testable import RepoWatchSupport

/// The small text tools behind the command line's messages: suggestions, plurals, GitHub's workflow
/// command escaping and the step summary's Markdown escaping.
@Suite("CLI text: suggestions, plurals, workflow commands, Markdown")
struct CLITextTests {
    @Test("edit distance counts a swap of neighbours as one slip")
    func editDistance() {
        #expect(Suggestion.editDistance("drak", "dark") == 1)
        #expect(Suggestion.editDistance("biuld", "build") == 1)
        #expect(Suggestion.editDistance("apperance", "appearance") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("same", "same") == 0)
    }

    @Test("the closest known word within about one slip per three letters, else a prefix, else nothing")
    func closest() {
        #expect(Suggestion.closest(to: "drak", among: ["auto", "light", "dark"]) == "dark")
        #expect(Suggestion.closest(to: "apperance", among: ["appearance", "accent"]) == "appearance")
        #expect(Suggestion.closest(to: "Base-URL", among: ["base_url", "title"]) == "base_url")
        #expect(Suggestion.closest(to: "desc", among: ["description", "title"]) == "description")
        #expect(Suggestion.closest(to: "zzzzzz", among: ["build", "check"]) == nil)
        #expect(Suggestion.closest(to: "", among: ["build"]) == nil)
        // Equally close: the first listed wins, so the message is the same every run.
        #expect(Suggestion.closest(to: "bat", among: ["cat", "bar"]) == "cat")
    }

    @Test("a bad choice lists the choices and the likely one")
    func choiceProblem() {
        #expect(
            Suggestion.choiceProblem("appearance", ["auto", "light", "dark"], got: "drak")
                == "`appearance` must be auto, light or dark (got 'drak'); did you mean 'dark'?")
        #expect(
            Suggestion.choiceProblem("numbers", ["full", "compact"], got: "xyz")
                == "`numbers` must be full or compact (got 'xyz')")
    }

    @Test("plurals: one is singular, everything else plural, numbers grouped")
    func plurals() {
        #expect(Formatting.plural(1, "repository", "repositories") == "1 repository")
        #expect(Formatting.plural(0, "repository", "repositories") == "0 repositories")
        #expect(Formatting.plural(1234, "request", "requests") == "1,234 requests")
    }

    @Test("workflow commands escape %, CR and LF in the message, and : and , in properties")
    func workflowCommands() {
        let place = GitHubActions.Place(file: "sites/a,b:c.yml", line: 3, column: 7)
        #expect(
            GitHubActions.command(.warning, at: place, "50% off\r\nnext: line, too")
                == "::warning file=sites/a%2Cb%3Ac.yml,line=3,col=7::50%25 off%0D%0Anext: line, too")
        #expect(GitHubActions.command(.error, at: nil, "no place") == "::error::no place")
        // A hostile message cannot start a command of its own on the next line.
        #expect(!GitHubActions.command(.error, at: nil, "x\n::add-mask::y").contains("\n"))
    }

    @Test("annotations and the step summary only under GitHub Actions")
    func onlyUnderActions() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("summary.md")
        let emitted = Mutex<[String]>([])
        let off = GitHubActions(environment: ["GITHUB_STEP_SUMMARY": summary.path]) { line in
            emitted.withLock { $0.append(line) }
        }
        off.annotate(.warning, at: nil, "quiet")
        #expect(off.appendSummary("# nothing") == nil)
        #expect(emitted.withLock { $0 }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: summary.path))

        let on = GitHubActions(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": "/w/repo"]
        ) { line in emitted.withLock { $0.append(line) } }
        on.annotate(.warning, at: GitHubActions.Place(file: "site.yml", line: 2, column: 1), "hi")
        #expect(emitted.withLock { $0 } == ["::warning file=site.yml,line=2,col=1::hi"])
        #expect(on.appendSummary("one\n") == nil)
        #expect(on.appendSummary("two\n") == nil)
        #expect(try String(contentsOf: summary, encoding: .utf8) == "one\ntwo\n", "appended, never replaced")
        #expect(on.repositoryPath(of: URL(fileURLWithPath: "/w/repo/docs/site.yml")) == "docs/site.yml")
        #expect(on.repositoryPath(of: URL(fileURLWithPath: "/elsewhere/site.yml")) == "/elsewhere/site.yml")

        let unwritable = GitHubActions(
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": folder.appendingPathComponent("no/such").path,
            ])
        #expect(unwritable.appendSummary("x")?.contains("could not write the step summary") == true)
    }

    @Test("Markdown from anywhere stays text: no tags, links, emphasis, cells or new lines")
    func markdownEscape() {
        let hostile = "<img src=x onerror=alert(1)> [click](javascript:x) *bold* a|b `code`\n## heading & more"
        let escaped = MarkdownEscape.text(hostile)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\n"))
        #expect(escaped.contains("&lt;img") && escaped.contains("&amp; more"))
        #expect(escaped.contains("\\[click\\]\\(javascript:x\\)") && escaped.contains("\\*bold\\*"))
        #expect(escaped.contains("a\\|b") && escaped.contains("\\`code\\`") && escaped.contains("\\#\\# heading"))
        #expect(MarkdownEscape.text("apple/swift: 404 Not Found.") == "apple/swift: 404 Not Found.")
    }
}
