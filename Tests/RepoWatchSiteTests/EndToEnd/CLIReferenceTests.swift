import Foundation
import Testing

/// docs/cli.md is generated from the argument parser (`repowatch-site generate-docs`); these keep
/// the committed file equal to what the binary says.
@Suite("docs/cli.md: every command and option, as the binary has them", .timeLimit(.minutes(2)))
struct CLIReferenceTests {
    static let regenerate = "swift run repowatch-site generate-docs --output docs/cli.md"
    static var committed: URL { E2EPaths.packageRoot.appendingPathComponent("docs/cli.md") }

    func run(_ arguments: [String]) async throws -> RunResult {
        let dir = try TempDir("cli-docs")
        defer { dir.remove() }
        return try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: dir.url))
    }

    @Test("the committed docs/cli.md is exactly what generate-docs writes")
    func upToDate() async throws {
        let generated = try await run(["generate-docs"])
        #expect(generated.status == 0 && generated.stderr.isEmpty, "\(generated)")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        guard committed != generated.stdout else { return }
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).md")
        try Data(generated.stdout.utf8).write(to: fresh)
        defer { try? FileManager.default.removeItem(at: fresh) }
        let diff = try ProcessOutput.run(
            "/usr/bin/env", ["diff", "-u", Self.committed.path, fresh.path], in: E2EPaths.packageRoot,
            environment: ProcessInfo.processInfo.environment)
        Issue.record("docs/cli.md is out of date; regenerate it with `\(Self.regenerate)`:\n\(diff.output)")
    }

    @Test("each command's section lists every option its --help shows, and only visible commands appear")
    func everyOption() async throws {
        let docs = try String(contentsOf: Self.committed, encoding: .utf8)
        let commands = [
            "build", "check", "serve", "publish", "init", "repo", "repo list", "repo add", "repo remove", "cache",
            "cache info", "cache prune", "cache clear",
        ]
        for command in commands {
            let heading = "## repowatch-site \(command)\n"
            let section = try #require(docs.range(of: heading).map { docs[$0.upperBound...] }, "no \(heading)")
            let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
            let help = try await run(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0, "\(help)")
            let options = Set(help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
            #expect(!options.isEmpty, "\(command)")
            for option in options { #expect(body.contains(option), "\(command): \(option) missing from docs/cli.md") }
        }
        #expect(docs.contains("| [`repowatch-site repo add`](#repowatch-site-repo-add) |"))
        #expect(!docs.contains("generate-docs\n") && !docs.contains("## repowatch-site generate-docs"))
    }
}
