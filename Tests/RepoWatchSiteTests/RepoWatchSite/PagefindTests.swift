import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchOutput
@testable import RepoWatchServe
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// Finding Pagefind and running it over a staged site, with stand-in programs (shell scripts) so
/// each answer can be chosen; the real Pagefind runs in SearchEndToEndTests and the browser suite.
@Suite("Pagefind: found, checked and run without the token")
struct PagefindTests {
    /// A shell script named `name` in `folder` that prints `version` for `--version` and otherwise
    /// runs `body` (with "$@" the Pagefind arguments).
    static func fake(_ folder: URL, name: String = "pagefind", version: String = "pagefind 1.5.2", body: String)
        throws -> URL
    {
        let script = folder.appendingPathComponent(name)
        let text = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "\(version)"; exit 0; fi
            \(body)

            """
        return try StandIn.write(text, to: script)
    }

    /// Writes a bundle into --output-path (the argument after it) and the environment it was given.
    static let writesBundle = """
        while [ $# -gt 0 ]; do if [ "$1" = "--output-path" ]; then out="$2"; fi; shift; done
        mkdir -p "$out/fragment" && echo "export {}" > "$out/pagefind.js" && echo x > "$out/fragment/en_1.pf_fragment"
        env > "$out/../environment.txt"
        """

    @Test("REPOWATCH_PAGEFIND, then PATH; only Pagefind 1.x; a clear reason when there is none")
    func locate() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try Self.fake(folder, body: "exit 0")
        let found = try Pagefind.locate(environment: ["REPOWATCH_PAGEFIND": good.path, "PATH": "/nonexistent"]).get()
        #expect(found.executable == good && found.version == "1.5.2")
        let onPath = try Pagefind.locate(environment: ["PATH": "/nonexistent:\(folder.path)"]).get()
        #expect(onPath.executable.path == good.path)

        let old = try Self.fake(folder, name: "old", version: "pagefind 0.12.0", body: "exit 0")
        let refused = Pagefind.locate(environment: ["REPOWATCH_PAGEFIND": old.path, "PATH": folder.path])
        #expect(Self.reason(refused)?.contains("is not Pagefind 1.x") == true, "\(refused)")
        let absent = Pagefind.locate(environment: ["REPOWATCH_PAGEFIND": "/nonexistent/pagefind"])
        #expect(Self.reason(absent) == "REPOWATCH_PAGEFIND (/nonexistent/pagefind) is not an executable file")
        let empty = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = Pagefind.locate(environment: ["PATH": empty.path])
        #expect(Self.reason(none)?.hasPrefix("Pagefind is not installed") == true, "\(none)")
    }

    @Test("the extended build is preferred, and a Japanese or Chinese site without it is told how to get word search")
    func extendedBuild() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plainFolder = folder.appendingPathComponent("plain", isDirectory: true)
        let extendedFolder = folder.appendingPathComponent("extended", isDirectory: true)
        let plain = try Self.fake(plainFolder, body: "exit 0")
        let extended = try Self.fake(extendedFolder, name: Pagefind.extendedName, body: "exit 0")
        let both = try Pagefind.locate(environment: ["PATH": "\(plainFolder.path):\(extendedFolder.path)"]).get()
        #expect(both.executable.path == extended.path && both.splitsWordsWithoutSpaces)
        let onlyPlain = try Pagefind.locate(environment: ["PATH": plainFolder.path]).get()
        #expect(onlyPlain.executable.path == plain.path && !onlyPlain.splitsWordsWithoutSpaces)

        for (locale, pagefind, warns) in [
            ("ja", onlyPlain, true), ("zh-Hans", onlyPlain, true), ("ja", both, false), ("ko", onlyPlain, false),
            ("en", onlyPlain, false), ("fr", onlyPlain, false),
        ] {
            let log = MemoryLog()
            let tool = SiteInputs.searchTool(.success(pagefind), locale: locale, log: log)
            #expect(tool?.executable == pagefind.executable)
            let said = log.messages.filter { $0.contains("pagefind-bin-extended==\(Pagefind.pinnedVersion)") }
            #expect(said.count == (warns ? 1 : 0), "\(locale) \(pagefind.executable.path): \(log.messages)")
        }
    }

    static func reason(_ result: Result<Pagefind, Pagefind.Unavailable>) -> String? {
        if case .failure(let unavailable) = result { return unavailable.description }
        return nil
    }

    @Test("the bundle lands under pagefind/ with the licence; Pagefind never sees a token")
    func indexesAStagedSite() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.fake(folder, body: Self.writesBundle)
        let environment = [
            "PATH": "/usr/bin:/bin", "GITHUB_TOKEN": "ghp_secret1", "GH_TOKEN": "ghp_secret2", "INPUT_TOKEN": "x3",
        ]
        let pagefind = try Pagefind.locate(environment: environment.merging(["REPOWATCH_PAGEFIND": script.path]) { $1 })
            .get()
        let target = folder.appendingPathComponent("public")
        let staged = try SiteWriter(target: target).begin()
        try staged.add("repos/a/b/index.html", Data("<p data-pagefind-body>a/b</p>".utf8))
        _ = try SearchIndex(pagefind: pagefind).add(to: staged)
        try staged.commit()
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("pagefind/pagefind.js").path))
        #expect(
            FileManager.default.fileExists(
                atPath: target.appendingPathComponent("pagefind/fragment/en_1.pf_fragment").path))
        let notice = try String(contentsOf: target.appendingPathComponent("pagefind/LICENSE.txt"), encoding: .utf8)
        #expect(notice.contains("Copyright 2022 CloudCannon") && notice.contains("MIT"))
        let seen = try String(contentsOf: folder.appendingPathComponent("environment.txt"), encoding: .utf8)
        #expect(!seen.contains("ghp_secret") && !seen.contains("x3") && seen.contains("PATH=/usr/bin:/bin"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".public.")
        }
        #expect(leftovers == [], "the bundle's own folder is removed: \(leftovers)")
    }

    @Test("a failing Pagefind fails the step with its words, and the staged site is never swapped in")
    func failure() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.fake(folder, body: "echo 'Error: no space left' >&2; exit 3")
        let pagefind = try Pagefind.locate(environment: ["REPOWATCH_PAGEFIND": script.path]).get()
        let staged = try SiteWriter(target: folder.appendingPathComponent("public")).begin()
        try staged.add("index.html", Data("x".utf8))
        let error = try #require(throws: Pagefind.Unavailable.self) {
            try SearchIndex(pagefind: pagefind).add(to: staged)
        }
        #expect(error.description.contains("failed with exit status 3: Error: no space left"), "\(error)")
        staged.abandon()
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
    }

    @Test("pruning a reused staging folder removes the pages of the site before last, before Pagefind reads them")
    func pruneBeforeIndexing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = SiteWriter(target: folder.appendingPathComponent("public"))
        try writer.write(["repos/a/b/index.html": Data("a".utf8), "repos/gone/x/index.html": Data("gone".utf8)])
        try writer.write(["repos/a/b/index.html": Data("a".utf8)])
        // The third build starts from the first site, kept aside: it still holds the gone page.
        let staged = try writer.begin()
        let stale = staged.folder.appendingPathComponent("repos/gone/x/index.html")
        #expect(FileManager.default.fileExists(atPath: stale.path))
        try staged.add("repos/a/b/index.html", Data("a2".utf8))
        try staged.prune()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(!FileManager.default.fileExists(atPath: staged.folder.appendingPathComponent("repos/gone").path))
        try staged.add("pagefind/pagefind.js", Data("js".utf8))
        try staged.commit()
        let site = folder.appendingPathComponent("public")
        #expect(try String(contentsOf: site.appendingPathComponent("pagefind/pagefind.js"), encoding: .utf8) == "js")
        #expect(try String(contentsOf: site.appendingPathComponent("repos/a/b/index.html"), encoding: .utf8) == "a2")
    }

    @Test("the tokens, a forge's token_env of any name included, and Pagefind's own settings stay out of Pagefind")
    func childEnvironment() {
        let environment = [
            "GITHUB_TOKEN": "a", "GH_TOKEN": "b", "INPUT_TOKEN": "c", "PATH": "/bin", "HOME": "/h", "CODEBERG_PAT": "d",
            "PAGEFIND_SERVE": "true", "pagefind_logfile": "x.log",
        ]
        #expect(Pagefind.childEnvironment(environment, secrets: ["CODEBERG_PAT"]) == ["PATH": "/bin", "HOME": "/h"])
        var forges = Forges()
        forges.declared = [
            Forge(
                host: "git.example.com", kind: .gitea, api: URL(string: "https://git.example.com/api/v1")!,
                tokenEnv: "MY_PAT")
        ]
        #expect(Set(forges.tokenNames) == ["MY_PAT", "GITLAB_TOKEN", "CODEBERG_TOKEN"])
    }

    @Test(
        "Pagefind runs in an empty folder of its own, never where the build runs (a pagefind.yml there is not its settings)"
    )
    func ownFolder() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The fake records where it ran and whether a pagefind.yml was there, beside its bundle.
        let body = Self.writesBundle + "\npwd > \"$out/../cwd.txt\"; ls > \"$out/../listing.txt\"\n"
        let script = try Self.fake(folder, body: body)
        let pagefind = try Pagefind.locate(environment: ["PATH": "/usr/bin:/bin", "REPOWATCH_PAGEFIND": script.path])
            .get()
        let site = folder.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        // Not a change of this process's folder (the tests run side by side): the build's folder is
        // whatever this process runs in, and Pagefind must be somewhere else, empty.
        let staged = try SiteWriter(target: site.appendingPathComponent("public")).begin()
        try staged.add("repos/a/b/index.html", Data("<p data-pagefind-body>a/b</p>".utf8))
        _ = try SearchIndex(pagefind: pagefind).add(to: staged)
        let cwd = try String(contentsOf: site.appendingPathComponent("cwd.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cwd != FileManager.default.currentDirectoryPath && cwd.contains("repowatch-pagefind-"), "\(cwd)")
        let listing = try String(contentsOf: site.appendingPathComponent("listing.txt"), encoding: .utf8)
        #expect(listing.isEmpty, "\(listing)")
        #expect(!FileManager.default.fileExists(atPath: cwd), "the folder is removed after")
    }

    @Test("check says which Pagefind a build would use, or warns that there is none")
    func checkReport() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.fake(folder, body: "exit 0")
        var config = SiteConfig(repos: [RepoName(owner: "a", name: "b")])
        let check = Check(configPath: "site.yml")
        #expect(check.searchReport(config, environment: ["REPOWATCH_PAGEFIND": script.path]).isEmpty)
        config.search = true
        #expect(
            check.searchReport(config, environment: ["REPOWATCH_PAGEFIND": script.path])
                == ["search: Pagefind 1.5.2 (\(script.path))"])
        let missing = check.searchReport(config, environment: ["PATH": folder.appendingPathComponent("none").path])
        #expect(missing.count == 1 && missing[0].hasPrefix("warning: search: true, but Pagefind is not installed"))
    }

    @Test("serve gives Pagefind's worker the search page's policy: fetch and WebAssembly from the site only")
    func workerPolicy() {
        let worker = ServedPolicy.header(forFile: ServedPolicy.pagefindWorker)
        #expect(worker.contains("script-src 'self' 'wasm-unsafe-eval'") && worker.contains("connect-src 'self'"))
        #expect(worker.hasPrefix("default-src 'none'") && !worker.contains("unsafe-inline"))
        #expect(ServedPolicy.header(forFile: "pagefind.js") == ServedPolicy.nonHTML)
        #expect(ServedPolicy.header(forFile: "style.css") == ServedPolicy.nonHTML)
    }
}
