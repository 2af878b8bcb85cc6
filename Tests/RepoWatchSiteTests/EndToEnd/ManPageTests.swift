import Foundation
import Testing

/// docs/man/repowatch-site.1 is generated from the argument parser (`generate-docs --man`), as
/// docs/cli.md is; these keep the committed page equal to what the binary says.
@Suite("docs/man/repowatch-site.1: the man page, as the binary has it", .timeLimit(.minutes(10)))
struct ManPageTests {
    static var committed: URL { E2EPaths.packageRoot.appendingPathComponent("docs/man/repowatch-site.1") }

    func run(_ arguments: [String]) async throws -> RunResult {
        let dir = try TempDir("man-page")
        defer { dir.remove() }
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: dir.url))
    }

    @Test("the committed page is exactly what generate-docs --man writes")
    func upToDate() async throws {
        let generated = try await run(["generate-docs", "--man"])
        #expect(generated.status == 0 && generated.stderr.isEmpty, "\(generated)")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(
            committed == generated.stdout,
            """
            docs/man/repowatch-site.1 is out of date; regenerate it with \
            `swift run repowatch-site generate-docs --man --output docs/man/repowatch-site.1`
            """)
    }

    @Test("every command has its section, with every option its --help shows")
    func everyOption() async throws {
        let page = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(page.hasPrefix(#".\" Generated"#) && page.contains("\n.TH REPOWATCH-SITE 1 "))
        for command in ["build", "check", "serve", "publish", "init", "repo add", "cache prune", "templates export"] {
            let heading = ".SH \"REPOWATCH\\-SITE \(command.uppercased())\"\n"
            let section = try #require(page.range(of: heading).map { page[$0.upperBound...] }, "no \(heading)")
            let body = section.range(of: "\n.SH ").map { section[..<$0.lowerBound] } ?? section
            let help = try await run(command.split(separator: " ").map(String.init) + ["--help"])
            let options = Set(help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
            #expect(!options.isEmpty, "\(command)")
            for option in options {
                let roff = option.replacingOccurrences(of: "-", with: "\\-")
                #expect(body.contains(roff), "\(command): \(option) missing from the man page")
            }
        }
        // No line starts a roff request by accident.
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(
                line.range(of: #"^\.(\\"|TH|SH|TP|B|I|PP|nf|fi)( |$)"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test("the page keeps to 80 columns, as man shows it at that width and in its source")
    func eightyColumns() async throws {
        let page = try String(contentsOf: Self.committed, encoding: .utf8)
        // The unfilled sections (each command's --help) are shown as written, after man's indent.
        var unfilled = false
        for line in page.split(separator: "\n") {
            if line == ".nf" || line == ".fi" { unfilled = line == ".nf" }
            let shown = line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
                .replacingOccurrences(of: "\\&", with: "")
            #expect(!unfilled || shown.count <= 72, "\(shown.count) columns: \(line)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let rendered = try ProcessOutput.run(
            "/usr/bin/man", ["-l", "-P", "cat", Self.committed.path], in: E2EPaths.packageRoot,
            environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        // Bold and underline come as overstrikes (a character, a backspace, the character): one column.
        let plain = rendered.output.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        for line in plain.split(separator: "\n") {
            #expect(line.count <= 80, "\(line.count) columns: \(line)")
        }
    }

    @Test("man renders it, where man is installed")
    func renders() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let rendered = try ProcessOutput.run(
            "/usr/bin/man", ["-l", "-P", "cat", Self.committed.path], in: E2EPaths.packageRoot,
            environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        // man justifies lines: compare with single spaces.
        let words = rendered.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("repowatch-site - Build a static gallery"), "\(rendered.output)")
        #expect(rendered.output.contains("--offline"), "\(rendered.output)")
    }
}
