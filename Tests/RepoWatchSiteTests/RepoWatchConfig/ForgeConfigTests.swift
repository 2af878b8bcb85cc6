import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// `forges:` in site.yml, and `HOST/PATH` repositories: a known host needs nothing, a declared one
/// its entry, and every mistake is an error at its line and column.
@Suite("site.yml: forges and HOST/PATH repositories")
struct ForgeConfigTests {
    func load(_ yaml: String) throws -> ConfigLoader.LoadedConfig {
        try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
    }

    func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try load(yaml)
            Issue.record("loaded without an error:\n\(yaml)")
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test("gitlab.com is known; a declared host gets its defaults and its own keys")
    func declared() throws {
        let loaded = try load(
            """
            forges:
              - host: gitlab.example.com
                kind: gitlab
                token_env: EXAMPLE_TOKEN
                rate: 10/s
              - host: gitlab.com
                api: http://127.0.0.1:8080/api/v4
            repos:
              - apple/swift
              - gitlab.com/gitlab-org/gitlab
              - gitlab.example.com/team/sub/app
            """)
        #expect(loaded.warnings.isEmpty)
        let config = loaded.config
        #expect(
            config.repos.map(\.description) == [
                "apple/swift", "gitlab.com/gitlab-org/gitlab", "gitlab.example.com/team/sub/app",
            ])
        let example = try #require(config.forges.forge(at: "gitlab.example.com"))
        #expect(example.kind == .gitlab)
        #expect(example.api.absoluteString == "https://gitlab.example.com/api/v4")
        #expect(example.tokenEnv == "EXAMPLE_TOKEN")
        #expect(example.perMinute == 600)
        let gitLab = try #require(config.forges.forge(at: "gitlab.com"))
        #expect(gitLab.api.absoluteString == "http://127.0.0.1:8080/api/v4", "an entry overrides a known host's API")
        #expect(gitLab.tokenEnv == "GITLAB_TOKEN", "and keeps its token variable")
        #expect(config.forges.kind(of: config.repos[0]) == .github)
        #expect(config.forges.used(by: config.repos).map(\.host) == ["gitlab.com", "gitlab.example.com"])
    }

    @Test("a repository on an undeclared host is an error at its line and column that says how to declare it")
    func undeclaredHost() {
        let found = errors(
            """
            repos:
              - apple/swift
              - git.example.org/team/app
            """)
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
        #expect(found.first?.column == 5)
        #expect(found.first?.message.contains("`forges:`") == true)
        #expect(found.first?.message.contains("- host: git.example.org") == true)
    }

    @Test(
        "each bad forges entry is an error at its place",
        arguments: [
            ("forges:\n  - host: gitlab.example.com\n", 2, "no `kind:`"),
            ("forges:\n  - host: gitlab.example.com\n    kind: gogs\n", 3, "one of gitlab, gitea, forgejo"),
            ("forges:\n  - host: https://gitlab.example.com\n    kind: gitlab\n", 2, "without scheme"),
            (
                "forges:\n  - host: gitlab.example.com\n    kind: gitlab\n    api: http://gitlab.example.com/api/v4\n",
                4, "http only"
            ),
            ("forges:\n  - host: gitlab.example.com\n    kind: gitlab\n    token: glpat-secret\n", 4, "committed"),
            ("forges:\n  - host: gitlab.example.com\n    kind: gitlab\n    rate: fast\n", 4, "600/min"),
            ("forges:\n  - host: github.com\n    kind: gitlab\n", 2, "GitHub needs no"),
            (
                "forges:\n  - host: a.example.com\n    kind: gitlab\n  - host: A.example.com\n    kind: gitlab\n", 4,
                "twice"
            ),
        ])
    func badEntries(_ entry: (yaml: String, line: Int, says: String)) {
        let found = errors(entry.yaml + "repos:\n  - apple/swift\n")
        #expect(found.contains { $0.line == entry.line && $0.message.contains(entry.says) }, "\(found)")
        #expect(!found.contains { $0.message.contains("glpat-secret") }, "a token is never repeated")
    }

    @Test("a pasted GitLab address in site.yml is an error with the short form")
    func pastedInFile() {
        let found = errors("repos:\n  - https://gitlab.com/a/b/-/tree/main\n")
        #expect(found.first?.message.contains("did you mean 'gitlab.com/a/b'") == true)
        #expect(found.first?.line == 2)
    }

    @Test(
        "repo add writes a pasted GitLab address as HOST/PATH",
        arguments: [
            "https://gitlab.com/gitlab-org/gitlab-runner/-/tree/main", "git@gitlab.com:gitlab-org/gitlab-runner.git",
            "https://gitlab.com/gitlab-org/gitlab-runner",
        ])
    func repoAdd(_ pasted: String) throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("site.yml").path
        let site = "title: Mine\nrepos:\n  - apple/swift\n"
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        let addition = try SiteFileEditor(path: path).add(pasted, widget: false)
        #expect(addition.name.description == "gitlab.com/gitlab-org/gitlab-runner")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == site + "  - gitlab.com/gitlab-org/gitlab-runner\n")
    }

    @Test("repo add of a project on an undeclared host is refused and writes nothing")
    func repoAddUndeclared() throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("site.yml").path
        let site = "title: Mine\nrepos:\n  - apple/swift\n"
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) {
            try SiteFileEditor(path: path).add("git@git.example.org:team/app.git", widget: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == site)
    }
}
