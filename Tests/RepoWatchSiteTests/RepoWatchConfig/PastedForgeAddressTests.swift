import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel

/// Where a pasted address's project path ends is the host's software's to say: a GitLab subgroup may
/// be named like a Gitea page (`acme/infra/releases` is a project), while everything after a Gitea or
/// Forgejo OWNER/REPO is a page. So `repo add` and site.yml's suggestions read the site's `forges:`.
@Suite("Pasted forge addresses follow the host's kind")
struct PastedForgeAddressTests {
    static let site = """
        title: Mine
        forges:
          - host: gitlab.example.com
            kind: gitlab
          - host: git.example.org
            kind: gitea
        repos:
          - apple/swift

        """

    /// Adds `pasted` to a fresh copy of `site` and returns what `repo add` saved and the file after.
    func add(_ pasted: String, to site: String = site) throws -> (String, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pasted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("site.yml").path
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        let saved = try SiteFileEditor(path: path).add(pasted, widget: false).name.description
        return (saved, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test(
        "a self-managed GitLab's subgroup named like a Gitea page stays in the project's path",
        arguments: [
            ("https://gitlab.example.com/acme/infra/releases", "gitlab.example.com/acme/infra/releases"),
            ("https://gitlab.example.com/acme/infra/releases/-/tags", "gitlab.example.com/acme/infra/releases"),
            ("git@gitlab.example.com:acme/src/issues.git", "gitlab.example.com/acme/src/issues"),
            ("https://gitlab.com/acme/wiki/pulls/-/merge_requests", "gitlab.com/acme/wiki/pulls"),
        ])
    func gitLabSubgroup(_ form: (pasted: String, saved: String)) throws {
        let (saved, text) = try add(form.pasted)
        #expect(saved == form.saved)
        #expect(text == Self.site + "  - \(form.saved)\n")
    }

    @Test(
        "a Gitea or Forgejo address is cut after OWNER/REPO, whichever page it shows",
        arguments: [
            ("https://git.example.org/acme/app/releases", "git.example.org/acme/app"),
            ("https://git.example.org/acme/app/releases/tag/v1.2", "git.example.org/acme/app"),
            ("https://git.example.org/acme/app/search?q=cache", "git.example.org/acme/app"),
            ("https://codeberg.org/forgejo/forgejo/packages", "codeberg.org/forgejo/forgejo"),
            ("https://codeberg.org/forgejo/forgejo/activity/contributors", "codeberg.org/forgejo/forgejo"),
        ])
    func giteaPages(_ form: (pasted: String, saved: String)) throws {
        let (saved, text) = try add(form.pasted)
        #expect(saved == form.saved)
        #expect(text == Self.site + "  - \(form.saved)\n")
    }

    @Test("an undeclared host's path is not guessed at, and repo add says to declare the host first")
    func undeclaredHost() throws {
        let pasted = "https://git.unknown.org/acme/infra/releases"
        #expect(
            RepoName.understanding(pasted, forges: Forges()).map(\.description)
                == .success("git.unknown.org/acme/infra/releases"))
        #expect {
            try add(pasted)
        } throws: { error in
            let said = String(describing: error)
            return said.contains("git.unknown.org is not a forge this site knows") && said.contains("`forges:`")
        }
    }

    @Test("site.yml suggests the short form by the host's kind")
    func siteYAMLSuggestion() throws {
        let cases = [
            ("https://gitlab.example.com/acme/infra/releases", "gitlab.example.com/acme/infra/releases"),
            ("https://git.example.org/acme/app/releases", "git.example.org/acme/app"),
        ]
        for (pasted, short) in cases {
            let yaml = Self.site.replacingOccurrences(of: "  - apple/swift", with: "  - \(pasted)")
            #expect {
                try ConfigLoader(file: "site.yml", locales: .builtIn).parse(yaml)
            } throws: { error in
                let found = (error as? DiagnosticsError)?.diagnostics ?? []
                return found.count == 1 && found[0].line == 8 && found[0].column == 5
                    && found[0].message.hasSuffix("did you mean '\(short)'?")
            }
        }
    }
}
