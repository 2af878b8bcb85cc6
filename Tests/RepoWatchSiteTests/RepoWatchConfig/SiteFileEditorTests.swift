import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("repo list/add/remove: site.yml edited in place")
struct SiteFileEditorTests {
    static let commented = """
        # My watch list — keep the comments!
        title: "Repo Watcher"   # quoted on purpose
        refresh: 12h

        repos:                  # the saved list
          # Swift first
          - apple/swift         # the language
          - 'kudoleh/iOS-Clean-Architecture-MVVM'
          - sallen0400/swift-news
        # between the lists
        widgets:
          - kind: single
            repo: apple/swift
          - kind: double
            top: apple/swift
            bottom: kudoleh/iOS-Clean-Architecture-MVVM
        # trailing comment

        """

    func edit(_ text: String = Self.commented) -> SiteTextEdit { SiteTextEdit(file: "site.yml", text: text) }

    /// The lines of `after` equal those of `before` with exactly one line inserted or removed.
    func differsByOneLine(_ before: String, _ after: String) -> String? {
        var long = before.split(separator: "\n", omittingEmptySubsequences: false)
        var short = after.split(separator: "\n", omittingEmptySubsequences: false)
        if short.count > long.count { swap(&long, &short) }
        guard long.count == short.count + 1 else { return nil }
        guard let index = long.indices.first(where: { $0 >= short.count || long[$0] != short[$0] }) else { return nil }
        var trimmed = long
        let changed = trimmed.remove(at: index)
        return trimmed == short ? String(changed) : nil
    }

    @Test("add appends one line after the last entry, with its indentation; nothing else changes")
    func add() throws {
        let (name, edited) = try edit().adding("octocat/Hello-World")
        #expect(name.description == "octocat/Hello-World")
        #expect(differsByOneLine(Self.commented, edited) == "  - octocat/Hello-World")
        #expect(edited.contains("  - sallen0400/swift-news\n  - octocat/Hello-World\n# between the lists"))
        let config = try ConfigLoader(file: "site.yml").parse(edited).config
        #expect(config.repos.last?.description == "octocat/Hello-World")
        #expect(config.repos.count == 4)
    }

    @Test("add keeps CRLF line endings and handles a file without a final newline")
    func lineEndings() throws {
        let crlf = "repos:\r\n  - apple/swift\r\n"
        let (_, edited) = try edit(crlf).adding("a/b")
        #expect(edited == "repos:\r\n  - apple/swift\r\n  - a/b\r\n")
        let (_, noNewline) = try edit("repos:\n    -   apple/swift").adding("a/b")
        #expect(noNewline == "repos:\n    -   apple/swift\n    -   a/b\n")
    }

    @Test("add refuses duplicates case-insensitively, invalid names and flow lists")
    func addRefusals() throws {
        #expect {
            try edit().adding("Apple/Swift")
        } throws: { String(describing: $0) == "apple/swift was already saved." }
        #expect {
            try edit().adding("KUDOLEH/ios-clean-architecture-mvvm")
        } throws: { String(describing: $0) == "kudoleh/iOS-Clean-Architecture-MVVM was already saved." }
        #expect(throws: UsageError.self) { try edit().adding("not a repo") }
        #expect(throws: UsageError.self) { try edit().adding("owner/..") }
        #expect(throws: UsageError.self) { try edit().adding("-bad/name") }
        #expect {
            try edit("repos: [apple/swift]\n").adding("a/b")
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.first.map { $0.line == 1 && $0.message.contains("[a, b]") }
                == true
        }
    }

    @Test("remove deletes exactly the entry's line, found case-insensitively")
    func remove() throws {
        let (name, edited) = try edit().removing("SALLEN0400/Swift-News")
        #expect(name.description == "sallen0400/swift-news")
        #expect(differsByOneLine(Self.commented, edited) == "  - sallen0400/swift-news")
        let (_, quoted) = try edit("repos:\n  - 'a/b'   # old\n  - c/d\n").removing("A/B")
        #expect(quoted == "repos:\n  - c/d\n")
    }

    @Test("remove refuses the last repository")
    func lastRepository() throws {
        #expect {
            try edit("repos:\n  - apple/swift\n").removing("apple/swift")
        } throws: { error in
            (error as? DiagnosticsError)?.description
                == "site.yml:2:5: error: apple/swift is the last repository, and a site needs at least one; "
                + "add another first (`repo add OWNER/NAME`), or list an owner under `owners:`"
        }
    }

    @Test("remove refuses a repository a widget shows, naming the widget's line")
    func usedByWidget() throws {
        #expect {
            try edit().removing("kudoleh/iOS-Clean-Architecture-MVVM")
        } throws: { error in
            guard let diagnostic = (error as? DiagnosticsError)?.diagnostics.first else { return false }
            return diagnostic.line == 16 && diagnostic.message.contains("the widget at line 14")
                && diagnostic.description.hasPrefix("site.yml:16:")
        }
        // A widget without `repo:` shows the first repository.
        let implicit = "repos:\n  - apple/swift\n  - a/b\nwidgets:\n  - kind: single\n    sizes: [medium]\n"
        #expect {
            try edit(implicit).removing("apple/swift")
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.first?.message.contains("line 5 (it has no `repo:`") == true
        }
        #expect(throws: Never.self) { try edit(implicit).removing("a/b") }
        // Without `widgets:` each repository has its own default widget, which goes with it.
        let (_, edited) = try edit("repos:\n  - apple/swift\n  - a/b\n").removing("apple/swift")
        #expect(edited == "repos:\n  - a/b\n")
        #expect(throws: UsageError.self) { try edit().removing("not/saved") }
    }

    @Test("the editor writes the file; list reads it")
    func onDisk() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("site.yml").path
        try Data(Self.commented.utf8).write(to: URL(fileURLWithPath: path))
        let editor = SiteFileEditor(path: path)
        try editor.add("a/b")
        #expect(try editor.list().map(\.description).last == "a/b")
        try editor.remove("a/b")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.commented)
        #expect(throws: DiagnosticsError.self) {
            try SiteFileEditor(path: dir.appendingPathComponent("nope.yml").path).list()
        }
    }
}
