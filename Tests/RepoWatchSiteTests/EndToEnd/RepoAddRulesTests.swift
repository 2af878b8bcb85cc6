import Foundation
import Testing

/// `repo add --help` says what a name is checked against on each forge, and `repo add` does what it
/// says: GitHub's rules for OWNER/NAME; for HOST/PATH a host the site knows, any subgroups on
/// GitLab, exactly OWNER/REPO on Gitea and Forgejo.
@Suite("End-to-end: repo add checks each forge's rules, as its --help says", .timeLimit(.minutes(10)))
struct RepoAddRulesTests {
    func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        try await BinaryRunner.run(arguments, in: dir.url, environment: BinaryRunner.environment(home: dir.url))
    }

    @Test("--help names each forge's rules, not GitHub's alone")
    func help() async throws {
        let dir = try TempDir("repo-add-help")
        defer { dir.remove() }
        let help = try await run(["repo", "add", "--help"], in: dir)
        #expect(help.status == 0, "\(help)")
        // The discussion is wrapped to the terminal's width: read it as one line.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!text.contains("checked against GitHub's rules"), "\(text)")
        for claim in [
            "On GitHub, OWNER/NAME", "(at most 39)", "On another forge, HOST/PATH",
            "declared under `forges:`", "any subgroups between on GitLab", "exactly OWNER/REPO on Gitea and Forgejo",
        ] {
            #expect(text.contains(claim), "\(claim): \(text)")
        }
    }

    @Test(
        "what --help says is what repo add does",
        arguments: [
            ("gitlab.com/group/sub/project", true), ("codeberg.org/owner/repo", true),
            ("codeberg.org/owner/sub/repo", false), ("git.unknown.org/owner/repo", false),
            ("gitlab.com/group/.hidden", false), ("gitlab.com/group/a..b", false), ("octo-cat/thing", true),
            ("octo--cat/thing", false), (String(repeating: "o", count: 40) + "/thing", false),
        ])
    func rules(_ form: (name: String, saved: Bool)) async throws {
        let dir = try TempDir("repo-add-rules")
        defer { dir.remove() }
        try dir.write("site.yml", "repos:\n  - a/b\n")
        let added = try await run(["repo", "add", form.name], in: dir)
        #expect((added.status == 0) == form.saved, "\(added)")
        if !form.saved { #expect(added.status == 2 && !added.stderr.isEmpty, "\(added)") }
        let text = try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
        #expect(text == "repos:\n  - a/b\n" + (form.saved ? "  - \(form.name)\n" : ""))
    }
}
