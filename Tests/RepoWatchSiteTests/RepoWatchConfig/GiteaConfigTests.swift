import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// Gitea and Forgejo in site.yml: codeberg.org needs no entry, another instance is declared with
/// `kind: gitea` or `kind: forgejo`, and their repositories are OWNER/NAME on the host.
@Suite("site.yml: Gitea, Forgejo and Codeberg")
struct GiteaConfigTests {
    func load(_ yaml: String) throws -> ConfigLoader.LoadedConfig {
        try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
    }

    @Test("codeberg.org is known (Forgejo, CODEBERG_TOKEN, paced); a declared Gitea gets /api/v1 and its own rate")
    func known() throws {
        let loaded = try load(
            """
            forges:
              - host: git.example.org
                kind: gitea
                token_env: EXAMPLE_TOKEN
              - host: forge.example.net
                kind: forgejo
                api: https://forge.example.net/gitea/api/v1
                rate: 120/min
            repos:
              - codeberg.org/forgejo/forgejo
              - git.example.org/team/app
              - forge.example.net/me/tool
            """)
        #expect(loaded.warnings.isEmpty)
        let forges = loaded.config.forges
        let codeberg = try #require(forges.forge(at: "codeberg.org"))
        #expect(codeberg.kind == .forgejo && codeberg.tokenEnv == "CODEBERG_TOKEN")
        #expect(codeberg.api.absoluteString == "https://codeberg.org/api/v1")
        #expect(codeberg.perMinute == 60)
        let gitea = try #require(forges.forge(at: "git.example.org"))
        #expect(gitea.kind == .gitea && gitea.api.absoluteString == "https://git.example.org/api/v1")
        #expect(gitea.tokenEnv == "EXAMPLE_TOKEN" && gitea.perMinute == 60)
        let forgejo = try #require(forges.forge(at: "forge.example.net"))
        #expect(forgejo.kind == .forgejo && forgejo.perMinute == 120)
        #expect(forgejo.api.absoluteString == "https://forge.example.net/gitea/api/v1")
        #expect(forges.used(by: loaded.config.repos).map(\.kind) == [.forgejo, .gitea, .forgejo])
    }

    @Test("a Codeberg entry pointing at a test server keeps Codeberg's token variable and pacing")
    func overridden() throws {
        let loaded = try load("forges:\n  - host: codeberg.org\n    api: http://127.0.0.1:9/api/v1\nrepos:\n  - a/b\n")
        let codeberg = try #require(loaded.config.forges.forge(at: "codeberg.org"))
        #expect(codeberg.kind == .forgejo && codeberg.tokenEnv == "CODEBERG_TOKEN" && codeberg.perMinute == 60)
    }

    @Test("a Gitea repository with subgroups is an error at its place")
    func noSubgroups() {
        do {
            _ = try load("repos:\n  - apple/swift\n  - codeberg.org/a/b/c\n")
            Issue.record("loaded")
        } catch let error as DiagnosticsError {
            let found = error.diagnostics
            #expect(found.contains { $0.line == 3 && $0.message.contains("codeberg.org/OWNER/NAME") }, "\(found)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a GitLab group with subgroups is an owner")
    func gitLabOwner() throws {
        let owner = try #require(
            try load("owners:\n  - owner: gitlab.com/gitlab-org/security-products\n").config.owners.first)
        #expect(owner.host == "gitlab.com" && owner.path == "gitlab-org/security-products")
    }

    @Test("a Codeberg organization is an owner: host, path, its own excludes without a warning")
    func forgeOwner() throws {
        let loaded = try load(
            """
            owners:
              - owner: codeberg.org/Forgejo
                exclude: [codeberg.org/forgejo/website, codeberg.org/other/thing]
            """)
        let owner = try #require(loaded.config.owners.first)
        #expect(owner.host == "codeberg.org" && owner.path == "Forgejo" && owner.key == "codeberg.org/forgejo")
        #expect(loaded.warnings.count == 1, "\(loaded.warnings)")
        #expect(loaded.warnings.first?.line == 3 && loaded.warnings.first?.message.contains("other/thing") == true)
    }

    @Test(
        "an owner on another forge the site cannot list is an error at its place",
        arguments: [
            ("codeberg.org/forgejo/sub", "has no subgroups"),
            ("gitea.example.com/infra", "not a forge this site knows"),
        ])
    func forgeOwnerRefused(_ owner: String, _ says: String) {
        do {
            _ = try load("repos:\n  - apple/swift\nowners:\n  - owner: \(owner)\n")
            Issue.record("loaded")
        } catch let error as DiagnosticsError {
            let found = error.diagnostics
            #expect(found.contains { $0.line == 4 && $0.column == 12 && $0.message.contains(says) }, "\(found)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(
        "repo add writes a pasted Codeberg address as HOST/OWNER/NAME",
        arguments: [
            "https://codeberg.org/forgejo/forgejo", "https://codeberg.org/forgejo/forgejo/src/branch/forgejo/README.md",
            "https://codeberg.org/forgejo/forgejo/issues/1234", "git@codeberg.org:forgejo/forgejo.git",
            "https://codeberg.org/forgejo/forgejo.git",
        ])
    func repoAdd(_ pasted: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gitea-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("site.yml").path
        let site = "title: Mine\nrepos:\n  - apple/swift\n"
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        let addition = try SiteFileEditor(path: path).add(pasted, widget: false)
        #expect(addition.name.description == "codeberg.org/forgejo/forgejo")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == site + "  - codeberg.org/forgejo/forgejo\n")
    }
}
