import Foundation
import Testing

/// What `--help` says of where the data comes from names the other forges too: a site reads GitLab,
/// Gitea and Forgejo projects, each with its host's token, and caches their answers.
@Suite("End-to-end: --help names every forge the data comes from", .timeLimit(.minutes(10)))
struct ForgeHelpTests {
    /// The help of `command`, wrapped lines read as one.
    func help(_ command: [String]) async throws -> String {
        let dir = try TempDir("forge-help")
        defer { dir.remove() }
        let result = try await BinaryRunner.run(
            command + ["--help"], in: dir.url, environment: BinaryRunner.environment(home: dir.url))
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(
        "each help that says where data comes from says every forge",
        arguments: [
            (
                [String](), ["GitLab, Gitea, Forgejo", "codeberg.org", "declared under `forges:`"],
                ["of GitHub repository widgets"]
            ),
            (["build"], ["GITLAB_TOKEN for gitlab.com", "CODEBERG_TOKEN for codeberg.org", "`token_env`"], []),
            (["build"], ["answers of GitHub and the other forges"], ["GitHub's answers stay"]),
            (["cache"], ["the other forges' responses"], ["cache of GitHub responses"]),
        ])
    func forges(_ form: (command: [String], says: [String], saysNot: [String])) async throws {
        let text = try await help(form.command)
        for words in form.says { #expect(text.contains(words), "\(form.command): \(words)") }
        for words in form.saysNot { #expect(!text.contains(words), "\(form.command): \(words)") }
    }
}
