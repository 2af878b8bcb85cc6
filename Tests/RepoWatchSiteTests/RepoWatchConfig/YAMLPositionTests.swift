import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// libyaml notices a mistake where it can go no further, often a line or more after it; each case
/// here is one a user makes, and the place the message must point at is where the mistake starts.
@Suite("YAML errors point where the problem starts")
struct YAMLPositionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var line: Int
        var column: Int
        var says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "no space after a key's colon", yaml: "title:Foo\nrepos:\n  - apple/swift\n", line: 1, column: 6,
            says: "a space is needed after ':'"),
        Case(
            name: "no space after a colon further down", yaml: "repos:\n  - apple/swift\nappearance:dark\nlocale: ko\n",
            line: 3, column: 11, says: "`appearance: …`"),
        Case(
            name: "an unterminated double quote", yaml: "title: \"Foo\nrepos:\n  - apple/swift\n", line: 1, column: 8,
            says: "this quoted text is never closed; end it with \""),
        Case(
            name: "an unterminated single quote", yaml: "repos:\n  - apple/swift\ndescription: 'it is\nlocale: ko\n",
            line: 3, column: 14, says: "quoted text is never closed"),
        Case(
            name: "an unclosed flow list on line 4", yaml: "title: x\nrepos:\n  - apple/swift\n  - [broken\n",
            line: 4, column: 5, says: "'[' starts a list here that is never closed with ']'"),
        Case(
            name: "an unclosed flow list with lines after it",
            yaml: "title: x\nrepos:\n  - apple/swift\n  - [broken\nlocale: ko\n", line: 4, column: 5,
            says: "never closed with ']'"),
        Case(
            name: "a duplicate repos: key", yaml: "repos:\n  - apple/swift\ntitle: x\nrepos:\n  - a/b\n", line: 4,
            column: 1, says: "`repos` is given twice (first at line 1)"),
        Case(
            name: "a duplicate key inside a widget",
            yaml: "repos: [a/b]\nwidgets:\n  - kind: single\n    repo: a/b\n    kind: double\n", line: 5, column: 5,
            says: "`kind` is given twice (first at line 3)"),
        Case(
            name: "a tab in indentation", yaml: "repos:\n\t- apple/swift\n", line: 2, column: 1,
            says: "a tab in the indentation; YAML indents with spaces only"),
        Case(
            name: "a tab after spaces in indentation",
            yaml: "repos:\n  - a/b\nwidgets:\n  - kind: single\n  \trepo: a/b\n",
            line: 5, column: 3, says: "a tab in the indentation"),
        Case(
            name: "a control character", yaml: "title: a\u{1}b\nrepos: [a/b]\n", line: 1, column: 9,
            says: "a character YAML does not allow (U+1)"),
    ]

    @Test(arguments: cases)
    func position(_ test: Case) throws {
        let found = errors(test.yaml)
        let first = try #require(found.first)
        #expect(found.count == 1)
        #expect((first.line, first.column) == (test.line, test.column), "\(first)")
        #expect(first.message.contains(test.says), "\(first.message)")
        #expect(first.severity == .error)
    }

    @Test("a colon inside a value or a URL is not taken for a missing space")
    func colonsInValues() throws {
        let yaml = "base_url: https://me.github.io/watch/\nrefresh: 12h\nrepos:\n  - apple/swift\n  - [oops\n"
        let first = try #require(errors(yaml).first)
        #expect((first.line, first.column) == (5, 5), "\(first)")
    }
}
