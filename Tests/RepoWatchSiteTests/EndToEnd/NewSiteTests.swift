import Foundation
import Testing
import Yams

/// A new user's path through the binary: init, repo edits, build, preview, publish.
@Suite("init, repo, base_url")
struct NewSiteTests {
    static func run(_ arguments: [String], in dir: TempDir) async throws -> RunResult {
        try await run(arguments, in: dir.url, home: dir.url.appendingPathComponent("home"))
    }

    static func run(_ arguments: [String], in directory: URL, home: URL) async throws -> RunResult {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(
            arguments, in: directory,
            environment: BinaryRunner.environment(home: home, PublishTests.gitEnvironment(home: home)))
    }

    @Test("empty folder → init → serve → publish: a previewed, published site")
    func emptyFolderToPublishedSite() async throws {
        let dir = try TempDir("new-user")
        defer { dir.remove() }
        let created = try await Self.run(["init", "watch"], in: dir)
        #expect(created.status == 0, "\(created)")
        for file in ["site.yml", ".gitignore", ".github/workflows/repowatch.yml"] {
            #expect(created.stdout.contains("wrote \(file)"))
            #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("watch/\(file)").path))
        }
        let workflow = try String(
            contentsOf: dir.url.appendingPathComponent("watch/.github/workflows/repowatch.yml"), encoding: .utf8)
        #expect(try Yams.compose(yaml: workflow)?["jobs"]?["deploy"] != nil)

        let again = try await Self.run(["init", "watch"], in: dir)
        #expect(
            again.status == 2 && again.stderr.contains("already exist") && again.stderr.contains("--force"), "\(again)")
        let site = dir.url.appendingPathComponent("watch")

        let server = try ServeProcess(["--sample", "--port", "0"], in: site)
        let url = try await server.waitForURL()
        let page = try await RawHTTP.get(port: UInt16(url.port ?? 0), "/")
        #expect(page.status == 200 && page.text.contains("apple/swift"), "\(page)")
        #expect(await server.interrupt() == 0)

        let remote = dir.url.appendingPathComponent("remote.git")
        let home = dir.url.appendingPathComponent("home")
        try PublishTests.git(["init", "--quiet", "--bare", remote.path], in: dir.url, home: home)
        try PublishTests.git(["init", "--quiet", "--initial-branch=main"], in: site, home: home)
        try PublishTests.git(["remote", "add", "origin", remote.path], in: site, home: home)
        // The site serve built is a sample one: refused, unless asked for.
        let refused = try await Self.run(["publish"], in: site, home: home)
        #expect(refused.status == 2 && refused.stderr.contains("--allow-sample"), "\(refused)")
        // No commit yet on main: publishing must still work.
        let published = try await Self.run(["publish", "--allow-sample"], in: site, home: home)
        #expect(published.status == 0, "\(published)")
        let files = try PublishTests.git(["ls-tree", "-r", "--name-only", "gh-pages"], in: remote, home: home)
        #expect(files.contains("index.html") && files.contains(".nojekyll") && !files.contains("site.yml"))
        #expect(try PublishTests.git(["status", "--porcelain"], in: site, home: home).contains("?? .github/"))
    }

    @Test("the workflow follows refresh: check warns when they disagree, init --workflow rewrites it alone")
    func workflowFollowsRefresh() async throws {
        let dir = try TempDir("workflow-refresh")
        defer { dir.remove() }
        #expect(try await Self.run(["init"], in: dir).status == 0)
        let site = dir.url.appendingPathComponent("site.yml")
        let workflow = dir.url.appendingPathComponent(".github/workflows/repowatch.yml")
        #expect(try await Self.run(["check"], in: dir).stderr.isEmpty)

        let edited = try String(contentsOf: site, encoding: .utf8).replacingOccurrences(
            of: "refresh: 12h", with: "refresh: 6h")
        try dir.write("site.yml", edited)
        let warned = try await Self.run(["check"], in: dir)
        #expect(warned.status == 0, "\(warned)")
        #expect(
            warned.stderr.contains(
                ".github/workflows/repowatch.yml:9:5: warning: the workflow runs on \"17 */12 * * *\"")
                && warned.stderr.contains("init --workflow"), "\(warned)")
        #expect(try await Self.run(["check", "--strict"], in: dir).status == 2)

        let before = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        let rewritten = try await Self.run(["init", "--workflow"], in: dir)
        #expect(rewritten.status == 0, "\(rewritten)")
        #expect(rewritten.stdout.contains("\"17 */6 * * *\"") && rewritten.stdout.contains("was \"17 */12 * * *\""))
        let written = try String(contentsOf: workflow, encoding: .utf8)
        #expect(written.contains("- cron: \"17 */6 * * *\"   # site.yml refresh: 6h"))
        #expect(try String(contentsOf: site, encoding: .utf8) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == before)
        let clean = try await Self.run(["check", "--strict"], in: dir)
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean)")

        // --force replaces the edited site.yml, keeping it first.
        let forced = try await Self.run(["init", "--force"], in: dir)
        #expect(forced.status == 0 && forced.stdout.contains("kept the previous site.yml as site.yml.bak"), "\(forced)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("site.yml.bak"), encoding: .utf8) == edited)
        // Without a site.yml there is no refresh to follow.
        let empty = try TempDir("workflow-none")
        defer { empty.remove() }
        let missing = try await Self.run(["init", "--workflow"], in: empty)
        #expect(missing.status == 2, "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: empty.url.appendingPathComponent(".github").path))
    }

    @Test("repo add/remove through the binary: messages, exit codes, byte-identical edits")
    func repoCommands() async throws {
        let dir = try TempDir("repo-cli")
        defer { dir.remove() }
        try dir.write("site.yml", SiteFileEditorFixture.commented)
        let list = try await Self.run(["repo", "list"], in: dir)
        #expect(list.status == 0 && list.stdout == "apple/swift\nkudoleh/iOS-Clean-Architecture-MVVM\n", "\(list)")

        let added = try await Self.run(["repo", "add", "octocat/Hello-World"], in: dir)
        #expect(added.status == 0, "\(added)")
        let afterAdd = try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
        // The site lists its widgets (as `init` writes it): the new repository gets one at the end.
        #expect(added.stdout == "Added octocat/Hello-World to site.yml, with a single widget for it.\n", "\(added)")
        #expect(
            afterAdd
                == SiteFileEditorFixture.commented.replacingOccurrences(
                    of: "  - kudoleh/iOS-Clean-Architecture-MVVM   # clean\n",
                    with: "  - kudoleh/iOS-Clean-Architecture-MVVM   # clean\n  - octocat/Hello-World\n"
                ).replacingOccurrences(
                    of: "    repo: apple/swift\n",
                    with: "    repo: apple/swift\n  - kind: single\n    repo: octocat/Hello-World\n"))

        let duplicate = try await Self.run(["repo", "add", "APPLE/swift"], in: dir)
        #expect(duplicate.status == 2 && duplicate.stderr.contains("apple/swift was already saved."), "\(duplicate)")
        let invalid = try await Self.run(["repo", "add", "apple"], in: dir)
        #expect(invalid.status == 2 && invalid.stderr.contains("OWNER/NAME"), "\(invalid)")

        let removed = try await Self.run(["repo", "remove", "octocat/hello-world"], in: dir)
        #expect(removed.status == 0 && removed.stdout.contains("Removed octocat/Hello-World"), "\(removed)")
        #expect(removed.stdout.contains("and the single widget that was at line 13"), "\(removed)")
        #expect(
            try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
                == SiteFileEditorFixture.commented)

        // Its widget goes with it: the only one, so `widgets:` too.
        let used = try await Self.run(["repo", "remove", "apple/swift"], in: dir)
        #expect(used.status == 0 && used.stdout.contains("and the single widget that was at line 10"), "\(used)")
        #expect(
            try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
                == "# Watched repositories\ntitle: CLI test   # inline comment\n\nrepos:\n  # a comment between entries\n"
                + "  - kudoleh/iOS-Clean-Architecture-MVVM   # clean\n# after the list\n")

        try dir.write("site.yml", "repos:\n  - apple/swift\n")
        let last = try await Self.run(["repo", "remove", "apple/swift"], in: dir)
        #expect(last.status == 2, "\(last)")
        #expect(
            last.stderr.hasPrefix(
                "site.yml:2:5: error: apple/swift is the last repository, and a site needs at least one"),
            "\(last)")
        #expect(last.stderr.contains("\n    2 |   - apple/swift\n      |     ^\n"), "\(last)")
    }

    @Test(
        "usage errors exit 2 with the command's usage",
        arguments: [
            ["serve", "--bogus"], ["serve", "--port", "99999"], ["serve", "--base-path", "../up"],
            ["serve", "--offline", "--sample"], ["publish", "--bogus"], ["init", "a", "b"], ["repo", "add"],
            ["repo", "frobnicate"], ["build", "--jobs", "0"],
        ])
    func usageErrors(_ arguments: [String]) async throws {
        let dir = try TempDir("usage")
        defer { dir.remove() }
        let result = try await Self.run(arguments, in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Usage: repowatch-site \(arguments[0])"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("site.yml").path))
    }

    @Test("with base_url: sitemap.xml and absolute embed snippets; every link inside the site stays relative")
    func baseURL() async throws {
        let dir = try TempDir("base-url")
        defer { dir.remove() }
        try dir.write("site.yml", ServeTests.site)
        let built = try await Self.run(["build", "--sample", "--base-url", "https://me.github.io/watch"], in: dir)
        #expect(built.status == 0, "\(built)")
        let output = dir.url.appendingPathComponent("public")
        let sitemap = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://me.github.io/watch/</loc>"))
        #expect(sitemap.contains("<loc>https://me.github.io/watch/repos/apple/swift/</loc>"))
        let repoPage = try HTMLPage(contentsOf: output.appendingPathComponent("repos/apple/swift/index.html"))
        #expect(repoPage.source.contains("https://me.github.io/watch/repos/apple/swift/medium.html"))
        #expect(
            repoPage.source.contains(#"<link rel="canonical" href="https://me.github.io/watch/repos/apple/swift/">"#))

        for file in PublishTests.files(in: output) where file.hasSuffix(".html") && file != "404.html" {
            let page = try HTMLPage(contentsOf: output.appendingPathComponent(file))
            // The canonical address is absolute by definition (it is what a shared link resolves to).
            for tag in page.tags(where: "href") + page.tags(where: "src") where tag["rel"] != "canonical" {
                let link = tag.attributes["href"] ?? tag.attributes["src"] ?? ""
                #expect(!link.hasPrefix("https://me.github.io"), "\(file): \(link) should be relative")
            }
        }

        let without = try TempDir("no-base-url")
        defer { without.remove() }
        try without.write("site.yml", ServeTests.site)
        #expect(try await Self.run(["build", "--sample"], in: without).status == 0)
        #expect(!FileManager.default.fileExists(atPath: without.url.appendingPathComponent("public/sitemap.xml").path))
        let relative = try String(
            contentsOf: without.url.appendingPathComponent("public/repos/apple/swift/index.html"), encoding: .utf8)
        #expect(!relative.contains("https://me.github.io"))
    }
}

enum SiteFileEditorFixture {
    static let commented = """
        # Watched repositories
        title: CLI test   # inline comment

        repos:
          - apple/swift          # first
          # a comment between entries
          - kudoleh/iOS-Clean-Architecture-MVVM   # clean
        # after the list
        widgets:
          - kind: single
            repo: apple/swift

        """
}
