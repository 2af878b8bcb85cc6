import Foundation
import Testing

/// What the command line says, through the binary: plurals, suggestions, `--strict`, diagnostics in
/// file order naming the file read, `repo add` on a site with its own widgets, and GitHub Actions'
/// annotations and step summary.
@Suite("End-to-end: the command line's messages", .timeLimit(.minutes(10)))
struct CLIEndToEndTests {
    func run(_ arguments: [String], in dir: TempDir, _ extra: [String: String] = [:]) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(
            arguments, in: dir.url, environment: BinaryRunner.environment(home: home, extra))
    }

    func exists(_ dir: TempDir, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(path).path)
    }

    /// "1 repositories", "1 requests" and the like, anywhere in `text`.
    static func wrongPlural(in text: String) -> Bool {
        text.firstMatch(of: /\b1 (repositories|requests|files|points|entries|queries|owners|widgets|cache hits)\b/)
            != nil
    }

    @Test("a 1-repository build says 1 repository, online and offline")
    func pluralsOfOneRepository() async throws {
        let site = try RebuiltSite("plural", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { server.stop() }
        let online = try await site.build(server)
        #expect(online.status == 0, "\(online)")
        #expect(online.stderr.contains("Fetching 1 repository from \(server.base)"), "\(online)")
        #expect(online.stderr.contains(": 1 repository (1 fresh, 0 stale, 0 unavailable)"), "\(online)")
        #expect(!Self.wrongPlural(in: online.stderr), "\(online)")
        let offline = try await site.build(server, ["--offline"])
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stderr.contains("Building 1 repository from the cache (offline)"), "\(offline)")
        #expect(offline.stderr.contains(": 1 repository (0 fresh, 1 stale, 0 unavailable)"), "\(offline)")
        // What --offline asked for is said once for every repository, not a line each.
        #expect(
            offline.stderr.contains("warning: 1 repository built offline from the cache; the oldest data as of "),
            "\(offline)")
        #expect(!offline.stderr.contains("octocat/Hello-World: built offline"), "\(offline)")
        #expect(!Self.wrongPlural(in: offline.stderr), "\(offline)")
    }

    @Test("a mistyped command, option, key or value gets what it most likely meant; exit 2")
    func suggestions() async throws {
        let dir = try TempDir("suggest")
        defer { dir.remove() }
        try dir.write(
            "site.yml", "title: T\napperance: dark\nrepos: [a/b]\nwidgets:\n  - repo: a/b\n    appearance: drak\n")
        let command = try await run(["biuld", "--sample"], in: dir)
        #expect(
            command.status == 2 && command.stderr.contains("Unknown command 'biuld'. Did you mean 'build'?"),
            "\(command)")
        #expect(command.stderr.contains("See 'repowatch-site --help'"), "\(command)")
        let nested = try await run(["repo", "lst"], in: dir)
        #expect(
            nested.status == 2 && nested.stderr.contains("Unknown command 'lst'. Did you mean 'list'?"), "\(nested)")
        let unknown = try await run(["zzzzzz"], in: dir)
        #expect(unknown.status == 2 && unknown.stderr.contains("The commands are: build, check, serve"), "\(unknown)")
        let help = try await run(["help", "nonexistent"], in: dir)
        #expect(help.status == 2 && help.stderr.contains("Unknown command 'nonexistent'"), "\(help)")
        let helpTypo = try await run(["help", "repo", "remvoe"], in: dir)
        #expect(helpTypo.status == 2 && helpTypo.stderr.contains("Did you mean 'remove'?"), "\(helpTypo)")
        let helpRight = try await run(["help", "repo", "remove"], in: dir)
        #expect(helpRight.status == 0 && helpRight.stdout.contains("USAGE: repowatch-site repo remove"), "\(helpRight)")
        let option = try await run(["build", "--sampel"], in: dir)
        #expect(option.status == 2 && option.stderr.contains("Did you mean '--sample'?"), "\(option)")
        let check = try await run(["check"], in: dir)
        #expect(check.status == 2, "\(check)")
        #expect(
            check.stderr.contains(
                "site.yml:2:1: warning: unknown key 'apperance' is ignored; did you mean 'appearance'?"))
        #expect(
            check.stderr.contains(
                "site.yml:6:17: error: `appearance` must be auto, light or dark (got 'drak'); did you mean 'dark'?"))
        #expect(!exists(dir, "public"))
    }

    @Test("--strict: warnings about site.yml or a template fail build and check with exit 2, nothing written")
    func strict() async throws {
        let dir = try TempDir("strict")
        defer { dir.remove() }
        try dir.write("site.yml", "repos: [a/b]\ntitel: T\n")
        let build = try await run(["build", "--sample", "--strict"], in: dir)
        #expect(build.status == 2, "\(build)")
        #expect(build.stderr.contains("site.yml:2:1: warning: unknown key 'titel' is ignored; did you mean 'title'?"))
        #expect(build.stderr.contains("error: --strict turns 1 warning into an error; nothing was written"), "\(build)")
        #expect(!exists(dir, "public") && !exists(dir, ".public.recycled"))
        let check = try await run(["check", "--strict"], in: dir)
        #expect(check.status == 2 && check.stderr.contains("--strict turns 1 warning into an error"), "\(check)")

        try dir.write("site.yml", "repos: [a/b]\n")
        try dir.write("Templates/cards.mustache", "<p>typo</p>\n")
        let template = try await run(["build", "--sample", "--strict"], in: dir)
        #expect(
            template.status == 2 && template.stderr.contains("Templates/cards.mustache:1:1: warning:"), "\(template)")
        #expect(!exists(dir, "public"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("Templates"))
        let clean = try await run(["build", "--sample", "--strict"], in: dir)
        #expect(clean.status == 0 && exists(dir, "public/index.html"), "\(clean)")
    }

    @Test("diagnostics come in file order and name the file read, whatever it is called")
    func orderAndFileName() async throws {
        let dir = try TempDir("order")
        defer { dir.remove() }
        try dir.write("watch.yml", "repos:\n  - a/b\n  - nope\nzz: 1\nrefresh: soon\nappearance: x\n")
        let check = try await run(["check", "--config", "watch.yml"], in: dir)
        #expect(check.status == 2, "\(check)")
        let lines = check.stderr.split(separator: "\n").filter { $0.hasPrefix("watch.yml:") }.map {
            $0.prefix(while: { $0 != " " })
        }
        #expect(lines == ["watch.yml:3:5:", "watch.yml:4:1:", "watch.yml:5:10:", "watch.yml:6:13:"], "\(check)")
        try dir.write("empty.yml", "")
        let empty = try await run(["build", "--sample", "--config", "empty.yml"], in: dir)
        #expect(empty.status == 2, "\(empty)")
        #expect(empty.stderr.contains("empty.yml:1:1: error: empty.yml is empty"), "\(empty)")
        #expect(!empty.stderr.contains("site.yml"), "\(empty)")
    }

    @Test("repo add on a site with its own widgets adds its widget; --no-widget warns at `widgets:` instead")
    func repoAddWidget() async throws {
        let dir = try TempDir("repo-add")
        defer { dir.remove() }
        let yaml = "title: T\nrepos:\n  - a/b\nwidgets:\n  - repo: a/b\n    note: kept\n# end\n"
        try dir.write("site.yml", yaml)
        let warned = try await run(["repo", "add", "c/d", "--no-widget"], in: dir)
        #expect(warned.status == 0 && warned.stdout == "Added c/d to site.yml.\n", "\(warned)")
        #expect(
            warned.stderr.contains("site.yml:5:1: warning: `widgets:` lists every widget the site shows"), "\(warned)")
        // A repository saved before and shown by no widget: only the widget.
        let widget = try await run(["repo", "add", "c/d"], in: dir)
        #expect(widget.status == 0 && widget.stdout == "Added a single widget for c/d to site.yml.\n", "\(widget)")
        let text = try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
        #expect(
            text == "title: T\nrepos:\n  - a/b\n  - c/d\nwidgets:\n  - repo: a/b\n    note: kept\n"
                + "  - kind: single\n    repo: c/d\n# end\n")
        for arguments in [["repo", "add", "e/f"], ["repo", "add", "g/h", "--widget"]] {
            let both = try await run(arguments, in: dir)
            let name = arguments[2]
            #expect(
                both.stdout == "Added \(name) to site.yml, with a single widget for it.\n" && both.stderr.isEmpty,
                "\(both)")
        }
        // Without a `widgets:` list every saved repository is shown: nothing but the name is added.
        try dir.write("site.yml", "repos:\n  - a/b\n")
        let plain = try await run(["repo", "add", "c/d"], in: dir)
        #expect(plain.stdout == "Added c/d to site.yml.\n" && plain.stderr.isEmpty, "\(plain)")
        let plainText = try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
        #expect(plainText == "repos:\n  - a/b\n  - c/d\n")
    }

    @Test("repo remove takes the widgets showing the repository with it (a double whole) and says what went")
    func repoRemoveWidgets() async throws {
        let dir = try TempDir("repo-remove")
        defer { dir.remove() }
        let yaml = """
            repos:
              - a/b
              - c/d
              - e/f
            widgets:   # mine
              - kind: single
                repo: c/d
                note: keep me
              - kind: double
                top: a/b
                bottom: e/f
              # a comment between
              - kind: single
                repo: a/b
                sizes: [large]
            # end

            """
        try dir.write("site.yml", yaml)
        let removed = try await run(["repo", "remove", "A/B"], in: dir)
        #expect(removed.status == 0, "\(removed)")
        #expect(
            removed.stdout
                == "Removed a/b from site.yml, and the double widget that was at line 9 (a/b over e/f) and the single widget "
                + "that was at line 13.\n", "\(removed)")
        #expect(removed.stderr.contains("warning: no widget shows e/f any more"), "\(removed)")
        let text = try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
        #expect(
            text == """
                repos:
                  - c/d
                  - e/f
                widgets:   # mine
                  - kind: single
                    repo: c/d
                    note: keep me
                  # a comment between
                # end

                """)
        // The last widget: `widgets:` goes too, and every repository gets its default widgets.
        let last = try await run(["repo", "remove", "c/d"], in: dir)
        #expect(last.status == 0 && last.stdout.contains("the single widget that was at line 5"), "\(last)")
        #expect(
            try String(contentsOf: dir.url.appendingPathComponent("site.yml"), encoding: .utf8)
                == "repos:\n  - e/f\n  # a comment between\n# end\n")
        let check = try await run(["check"], in: dir)
        #expect(check.status == 0, "\(check)")
    }

    @Test("under GitHub Actions: annotations with file, line and column, and the step summary appended")
    func githubActions() async throws {
        let dir = try TempDir("actions")
        defer { dir.remove() }
        // A comma in the name: escaped in the annotation's file property.
        try dir.write("my,site.yml", "repos: [a/b]\napperance: dark\nbase_url: https://me.github.io/watch/\n")
        try dir.write("summary.md", "earlier step\n")
        let summary = dir.url.appendingPathComponent("summary.md")
        let actions = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": dir.url.path]
        let message = "unknown key 'apperance' is ignored; did you mean 'appearance'?"
        let build = try await run(["build", "--sample", "--config", "my,site.yml"], in: dir, actions)
        #expect(build.status == 0, "\(build)")
        #expect(build.stdout == "::warning file=my%2Csite.yml,line=2,col=1::\(message)\n", "\(build)")
        #expect(build.stderr.contains("my,site.yml:2:1: warning: \(message)"), "the usual line too: \(build)")
        let built = try String(contentsOf: summary, encoding: .utf8)
        #expect(built.hasPrefix("earlier step\n### repowatch-site: site built\n"), "\(built)")
        #expect(built.contains("Site: [https://me.github.io/watch/](<https://me.github.io/watch/>)"), "\(built)")
        #expect(
            built.contains("| Repositories | Sample | Stale | Unavailable |") && built.contains("| 1 | 1 | 0 | 0 | "))
        #expect(built.contains("Sample data: no requests were made."), "\(built)")

        try dir.write("my,site.yml", "repos: [a/b]\nrefresh: soon\n")
        let failed = try await run(["build", "--sample", "--config", "my,site.yml"], in: dir, actions)
        #expect(failed.status == 2, "\(failed)")
        #expect(
            failed.stdout.hasPrefix("::error file=my%2Csite.yml,line=2,col=10::`refresh` must be a duration"),
            "\(failed)")
        let after = try String(contentsOf: summary, encoding: .utf8)
        #expect(
            after.hasPrefix(built) && after.dropFirst(built.count).hasPrefix("### repowatch-site: site not built\n"))
        #expect(after.contains("- my,site.yml:2:10 error: `refresh` must be a duration") == false, "escaped: \(after)")
        #expect(after.contains("- my,site.yml:2:10 error: \\`refresh\\` must be a duration"), "\(after)")

        let check = try await run(["check", "--config", "my,site.yml"], in: dir, actions)
        #expect(check.status == 2 && check.stdout.hasPrefix("::error file=my%2Csite.yml,line=2,col=10::"), "\(check)")
        let quiet = try await run(["check", "--config", "my,site.yml"], in: dir)
        #expect(quiet.status == 2 && !quiet.stdout.contains("::"), "no workflow commands outside Actions: \(quiet)")
    }
}
