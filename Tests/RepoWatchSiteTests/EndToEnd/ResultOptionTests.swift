import Foundation
import Testing

/// `build --json`, `check --json` and `--quiet`, through the binary: one JSON document and nothing
/// else on stdout, whatever happens; errors only on stderr with --quiet.
@Suite("--json and --quiet")
struct ResultOptionTests {
    static let site = "title: JSON\nrepos:\n  - apple/swift\n  - octocat/Hello-World\n"

    func run(_ arguments: [String], in dir: TempDir, _ extra: [String: String] = [:]) async throws -> RunResult {
        try await BinaryRunner.run(
            arguments, in: dir.url, environment: BinaryRunner.environment(home: dir.url, extra))
    }

    /// stdout as one JSON object (JSONSerialization fails on anything before or after it).
    func document(_ result: RunResult) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "\(result)")
    }

    @Test("build --sample --json: one document with counts, files and every repository's state")
    func sampleBuild() async throws {
        let dir = try TempDir("json-sample")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site + "titel: typo\n")
        let result = try await run(["build", "--sample", "--json"], in: dir)
        #expect(result.status == 0, "\(result)")
        let json = try document(result)
        #expect(json["schema"] as? Int == 1 && json["command"] as? String == "build" && json["ok"] as? Bool == true)
        #expect(json["exit_status"] as? Int == 0 && json["sample"] as? Bool == true)
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts == ["repositories": 2, "fresh": 0, "stale": 0, "unavailable": 0, "pending": 0, "sample": 2])
        let repos = try #require(json["repos"] as? [[String: Any]])
        #expect(repos.map { $0["name"] as? String } == ["apple/swift", "octocat/Hello-World"])
        #expect(repos.allSatisfy { $0["state"] as? String == "sample" && $0["reason"] is NSNull })
        let files = try #require(json["files"] as? [String: Int])
        #expect((files["total"] ?? 0) > 10 && files["written"] == files["total"] && (files["bytes"] ?? 0) > 0)
        #expect(json["requests"] is NSNull && json["quota"] is NSNull)
        // The warning and the summary still go to stderr.
        #expect(result.stderr.contains("warning: unknown key 'titel'") && result.stderr.contains("Built "))
        // As a user pipes it.
        let binary = try BinaryRunner.binaryURL().path
        let piped = try await BinaryRunner.run(
            ["-c", "\"$0\" build --sample --json | python3 -m json.tool", binary], in: dir.url,
            environment: BinaryRunner.environment(home: dir.url), executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 0 && piped.stdout.contains("\"command\": \"build\""), "\(piped)")
    }

    @Test("build --json against the fixture server: requests, quota, fresh; then offline: stale with a reason")
    func fixtureBuild() async throws {
        let site = try RebuiltSite("json-fixture", repos: ["octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { server.stop() }
        let online = try await site.build(server, ["--json"])
        #expect(online.status == 0, "\(online)")
        let json = try document(online)
        let requests = try #require(json["requests"] as? [String: Int], "\(online)")
        #expect((requests["made"] ?? 0) > 0)
        let quota = try #require(json["quota"] as? [String: Any])
        // These recorded answers carry no rate-limit headers: the quota is null, not missing.
        #expect(quota.keys.sorted() == ["limit", "remaining"], "\(quota)")
        let repos = try #require(json["repos"] as? [[String: Any]])
        #expect(repos.count == 1 && repos[0]["state"] as? String == "fresh" && repos[0]["reason"] is NSNull)
        #expect(repos[0]["full_name"] as? String == "octocat/Hello-World" && repos[0]["source"] as? String == "repos")
        #expect((json["counts"] as? [String: Int])?["fresh"] == 1)
        let piped = try await BinaryRunner.run(
            ["-c", "printf '%s' \"$0\" | python3 -m json.tool", online.stdout], in: site.dir.url,
            environment: BinaryRunner.environment(home: site.dir.url), executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 0, "\(piped)")

        let offline = try await site.build(server, ["--offline", "--json"])
        let stale = try #require((try document(offline)["repos"] as? [[String: Any]])?.first)
        #expect(stale["state"] as? String == "stale" && stale["reason"] as? String == "built offline from the cache")
    }

    @Test("a repository with no data is unavailable with its reason; exit 1 in the document too")
    func unavailable() async throws {
        let dir = try TempDir("json-unavailable")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site)
        let result = try await run(["build", "--offline", "--json"], in: dir)
        #expect(result.status == 1)
        let json = try document(result)
        #expect(json["ok"] as? Bool == false && json["exit_status"] as? Int == 1)
        let repos = try #require(json["repos"] as? [[String: Any]])
        #expect(
            repos.allSatisfy { $0["state"] as? String == "unavailable" && ($0["reason"] as? String)?.isEmpty == false })
    }

    @Test("a configuration error: still one document on stdout, with each error's place; exit 2")
    func configurationError() async throws {
        let dir = try TempDir("json-error")
        defer { dir.remove() }
        try dir.write("site.yml", "repos:\n  - apple/swift\nappearance: drak\n")
        for command in ["build", "check"] {
            let result = try await run([command, "--json"], in: dir)
            #expect(result.status == 2)
            let json = try document(result)
            #expect(json["ok"] as? Bool == false && json["command"] as? String == command)
            let errors = try #require(json["errors"] as? [[String: Any]])
            #expect(errors.count == 1 && errors[0]["line"] as? Int == 3 && errors[0]["column"] as? Int == 13)
            #expect(errors[0]["file"] as? String == "site.yml" && errors[0]["severity"] as? String == "error")
            #expect(result.stderr.hasPrefix("site.yml:3:13: error: "), "\(result)")
        }
        let usage = try await run(["build", "--json", "--config", "missing.yml"], in: dir)
        let usageErrors = try document(usage)["errors"] as? [[String: Any]]
        #expect(usage.status == 2 && usageErrors?.count == 1, "\(usage)")
    }

    @Test("check --json: the summary and the warnings")
    func check() async throws {
        let dir = try TempDir("json-check")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site + "titel: typo\n")
        let result = try await run(["check", "--json"], in: dir)
        #expect(result.status == 0)
        let json = try document(result)
        #expect((json["summary"] as? String)?.hasPrefix("site.yml: 2 repositories") == true, "\(json)")
        let warnings = try #require(json["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1 && warnings[0]["line"] as? Int == 5)
    }

    @Test("under GitHub Actions, --json's stdout holds only the document: annotations go to stderr")
    func actionsAnnotations() async throws {
        let dir = try TempDir("json-actions")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site + "titel: typo\n")
        let result = try await run(["build", "--sample", "--json"], in: dir, ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 0)
        _ = try document(result)
        #expect(result.stderr.contains("::warning file=site.yml,line=5,col=1::unknown key"), "\(result)")
    }

    @Test("--quiet: nothing on a clean build or for a warning; errors still")
    func quiet() async throws {
        let dir = try TempDir("quiet")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site + "titel: typo\n")
        let build = try await run(["build", "--sample", "--quiet"], in: dir)
        #expect(build.status == 0 && build.stderr.isEmpty && build.stdout.isEmpty, "\(build)")
        let check = try await run(["check", "-q"], in: dir)
        #expect(check.status == 0 && check.stderr.isEmpty && check.stdout.isEmpty, "\(check)")
        let offline = try await run(["build", "--offline", "--quiet"], in: dir)
        #expect(offline.status == 1, "\(offline)")
        let lines = offline.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("error: ") }, "\(offline)")
        try dir.write("site.yml", "repos:\n  - apple/swift\nappearance: drak\ntitel: typo\n")
        let broken = try await run(["check", "--quiet"], in: dir)
        #expect(broken.status == 2 && broken.stderr.hasPrefix("site.yml:3:13: error: "), "\(broken)")
        #expect(!broken.stderr.contains("warning"), "\(broken)")
    }

    /// The keys of a JSON object as they stand in its text, in order (JSONSerialization forgets it).
    static func keyOrder(_ text: String, depth wanted: Int = 1) -> [String] {
        var keys: [String] = []
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{" || character == "[" { depth += 1 }
            if character == "}" || character == "]" { depth -= 1 }
            if character == "\"" {
                var end = text.index(after: index)
                while text[end] != "\"" { end = text.index(end, offsetBy: text[end] == "\\" ? 2 : 1) }
                let after = text[text.index(after: end)...].drop { $0 == " " }
                if depth == wanted, after.first == ":" { keys.append(String(text[text.index(after: index)..<end])) }
                index = end
            }
            index = text.index(after: index)
        }
        return keys
    }

    @Test("check --json: the same bytes three runs running, keys in docs/cli.md's order, [] for an empty list")
    func checkIsByteIdentical() async throws {
        let dir = try TempDir("json-identical")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site + "titel: typo\nappearence: dark\n")
        var runs: [String] = []
        for _ in 0..<3 {
            let result = try await run(["check", "--json"], in: dir)
            #expect(result.status == 0, "\(result)")
            runs.append(result.stdout)
        }
        #expect(Set(runs).count == 1, "\(runs)")
        let text = try #require(runs.first)
        #expect(
            Self.keyOrder(text) == ["schema", "command", "ok", "exit_status", "summary", "errors", "warnings"],
            "\(text)")
        #expect(text.contains("\"errors\": []"), "\(text)")
        #expect(
            Self.keyOrder(text, depth: 3)
                == Array(repeating: ["severity", "file", "line", "column", "message"], count: 2).flatMap { $0 },
            "\(text)")
        // A stopped command's document too.
        try dir.write("site.yml", "repos:\n  - apple/swift\nappearance: drak\n")
        let failed = try await run(["check", "--json"], in: dir)
        #expect(Self.keyOrder(failed.stdout) == ["schema", "command", "ok", "exit_status", "errors", "warnings"])
        #expect(failed.stdout.contains("\"warnings\": []"), "\(failed)")
    }

    @Test("build --json: keys in docs/cli.md's order")
    func buildKeyOrder() async throws {
        let dir = try TempDir("json-order")
        defer { dir.remove() }
        try dir.write("site.yml", Self.site)
        let result = try await run(["build", "--sample", "--json"], in: dir)
        #expect(
            Self.keyOrder(result.stdout) == [
                "schema", "command", "ok", "exit_status", "sample", "output", "generated_at", "elapsed_seconds",
                "files", "counts", "requests", "quota", "forges", "repos", "owner_failures", "errors",
            ], "\(result)")
        #expect(result.stdout.contains("\"owner_failures\": []"), "\(result)")
        #expect(result.stdout.contains("\"forges\": []"), "a site of GitHub repositories alone: \(result)")
        #expect(
            Self.keyOrder(result.stdout, depth: 3)
                == Array(
                    repeating: ["name", "full_name", "source", "state", "reason", "fetched_at"], count: 2
                ).flatMap { $0 }, "\(result)")
    }

    /// `build` against the fixture server on a pseudo-terminal, stdout and stderr both: what a person
    /// at a terminal sees (progress redraws one line there).
    static let onTerminal = """
        import json, os, pty, subprocess, sys
        binary, folder = sys.argv[1], sys.argv[2]
        arguments, environment = json.loads(sys.argv[3]), json.loads(sys.argv[4])
        main, child = pty.openpty()
        process = subprocess.Popen([binary] + arguments, cwd=folder, env=environment,
                                   stdin=subprocess.DEVNULL, stdout=child, stderr=child)
        os.close(child)
        output = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        process.wait()
        print(json.dumps({"status": process.returncode, "output": output.decode("utf-8", "replace")}))
        """

    struct TerminalRun: Decodable {
        var status: Int32
        var output: String
    }

    @Test("--quiet on a fetching build: nothing at all on a pipe or a terminal; without it, progress on both")
    func quietFetchingBuild() async throws {
        let site = try RebuiltSite("quiet-fetch", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        let arguments = ["build", "--jobs", "1", "--api-url", server.base]
        let environment = BinaryRunner.environment(
            home: site.dir.url.appendingPathComponent("home"), ["GITHUB_TOKEN": site.token])
        func onPipe(_ extra: [String]) async throws -> RunResult {
            try await BinaryRunner.run(arguments + extra, in: site.dir.url, environment: environment)
        }
        func onTerminal(_ extra: [String]) throws -> TerminalRun {
            let run = try PythonRun.run(
                Self.onTerminal,
                [
                    try BinaryRunner.binaryURL().path, site.dir.url.path,
                    String(decoding: try JSONEncoder().encode(arguments + extra), as: UTF8.self),
                    String(decoding: try JSONEncoder().encode(environment), as: UTF8.self),
                ])
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONDecoder().decode(TerminalRun.self, from: run.stdout)
        }
        let loud = try await onPipe([])
        #expect(loud.status == 0 && loud.stderr.contains("Fetching 2/2 repositories"), "\(loud)")
        let quiet = try await onPipe(["--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet)")
        let loudTerminal = try onTerminal([])
        #expect(
            loudTerminal.status == 0 && loudTerminal.output.contains("Fetching 2/2 repositories"), "\(loudTerminal)")
        let quietTerminal = try onTerminal(["-q"])
        #expect(quietTerminal.status == 0 && quietTerminal.output.isEmpty, "\(quietTerminal)")
    }

    @Test("--quiet on every command that says what it did: nothing on success, on a pipe or a terminal")
    func quietEverywhere() async throws {
        let dir = try TempDir("quiet-everywhere")
        defer { dir.remove() }
        let environment = BinaryRunner.environment(home: dir.url)
        let commands: [[String]] = [
            ["init", "site", "-q"], ["repo", "add", "--config", "site/site.yml", "octocat/Hello-World", "-q"],
            ["repo", "remove", "--config", "site/site.yml", "octocat/Hello-World", "--quiet"],
            ["templates", "export", "exported", "card", "-q"], ["cache", "prune", "--config", "site/site.yml", "-q"],
            ["cache", "clear", "--config", "site/site.yml", "-q"],
        ]
        for command in commands {
            let loud = command.filter { $0 != "-q" && $0 != "--quiet" }
            let pipe = try await BinaryRunner.run(command, in: dir.url, environment: environment)
            #expect(pipe.status == 0 && pipe.stdout.isEmpty && pipe.stderr.isEmpty, "\(command): \(pipe)")
            // Undone and done again loudly: the command does have something to say.
            switch command[0] {
            case "init": try FileManager.default.removeItem(at: dir.url.appendingPathComponent("site"))
            case "repo" where command[1] == "add":
                _ = try await BinaryRunner.run(
                    ["repo", "remove", "--config", "site/site.yml", "octocat/Hello-World"], in: dir.url,
                    environment: environment)
            case "repo":
                _ = try await BinaryRunner.run(
                    ["repo", "add", "--config", "site/site.yml", "octocat/Hello-World"], in: dir.url,
                    environment: environment)
            case "templates": try FileManager.default.removeItem(at: dir.url.appendingPathComponent("exported"))
            default: break
            }
            let said = try await BinaryRunner.run(loud, in: dir.url, environment: environment)
            #expect(said.status == 0 && !said.stdout.isEmpty, "\(loud): \(said)")
            if command[0] == "repo" && command[1] == "remove" {
                _ = try await BinaryRunner.run(
                    ["repo", "add", "--config", "site/site.yml", "octocat/Hello-World"], in: dir.url,
                    environment: environment)
            }
        }
        let onTerminal = try PythonRun.run(
            Self.onTerminal,
            [
                try BinaryRunner.binaryURL().path, dir.url.path,
                String(decoding: try JSONEncoder().encode(["init", "tty-site", "--quiet"]), as: UTF8.self),
                String(decoding: try JSONEncoder().encode(environment), as: UTF8.self),
            ])
        let terminal = try JSONDecoder().decode(TerminalRun.self, from: onTerminal.stdout)
        #expect(terminal.status == 0 && terminal.output.isEmpty, "\(terminal)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("tty-site/site.yml").path))
    }
}
