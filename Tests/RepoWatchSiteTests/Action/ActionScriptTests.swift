import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The action's steps (`scripts/action/action.sh`) on their own: the download and its checksum, with
/// the release folder on disk (file://), and how `args` become words.
@Suite("The action's install and run steps", .timeLimit(.minutes(10)))
struct ActionScriptTests {
    static var script: String { E2EPaths.packageRoot.appendingPathComponent("scripts/action/action.sh").path }

    /// Runs one subcommand with exactly `environment` (plus PATH, a GITHUB_OUTPUT and RUNNER_TEMP);
    /// returns its outputs.
    static func step(_ subcommand: String, in dir: URL, _ environment: [String: String]) throws
        -> (run: ProcessOutput, outputs: [String: String])
    {
        let outputs = dir.appendingPathComponent("outputs-\(UUID().uuidString)")
        try Data().write(to: outputs)
        var env = environment
        env["PATH"] = env["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        env["GITHUB_OUTPUT"] = outputs.path
        env["RUNNER_TEMP"] = dir.path
        env["GITHUB_ACTION_PATH"] = E2EPaths.packageRoot.path
        let run = try ProcessOutput.run("/bin/bash", [script, subcommand], in: dir, environment: env)
        return (run, try WorkflowRunner.parseCommandFile(outputs))
    }

    @Test("resolve: the ref when it names a release, else the version the action's source declares")
    func resolve() throws {
        let dir = try TempDir("resolve")
        defer { dir.remove() }
        let base = ["REPOWATCH_SITE_REPOSITORY": "me/fork", "RUNNER_TOOL_CACHE": "/opt/tools"]
        let declared = "v\(Version.current)"
        for (ref, input, expected) in [
            ("v1", "", declared), ("main", "", declared), ("", "", declared), ("v2.3.4", "", "v2.3.4"),
            ("v1", "v9.9.9", "v9.9.9"), ("v1", "9.9.9", "v9.9.9"), ("v1", "source", "source"),
        ] {
            let (run, outputs) = try Self.step(
                "resolve", in: dir.url, base.merging(["ACTION_REF": ref, "INPUT_VERSION": input]) { $1 })
            #expect(run.status == 0, "\(ref) \(input): \(run.output)")
            #expect(outputs["version"] == expected, "\(ref) \(input)")
            #expect(outputs["repository"] == "me/fork")
            #expect(outputs["bin-dir"]?.hasPrefix("/opt/tools/repowatch-site/\(expected)/") == true)
        }
        for hostile in ["../../etc", "v1; rm -rf /", "v1\nfrom-source=true"] {
            let (run, outputs) = try Self.step(
                "resolve", in: dir.url, base.merging(["INPUT_VERSION": hostile]) { $1 })
            #expect(run.status != 0 && outputs.isEmpty, "\(hostile): \(run.output)")
        }
    }

    @Test(
        "prepare-source: the action's own checkout, a build-folder key of version and Swift version; no Swift is an error"
    )
    func prepareSource() throws {
        let dir = try TempDir("prepare-source")
        defer { dir.remove() }
        let tools = dir.url.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let swift = tools.appendingPathComponent("swift")
        try StandIn.write("#!/bin/sh\necho 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'\n", to: swift)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let version = "v\(Version.current)"

        let (run, outputs) = try Self.step(
            "prepare-source", in: dir.url,
            ["VERSION": version, "REPOWATCH_SITE_REPOSITORY": "me/fork", "PATH": tools.path + ":" + path])
        #expect(run.status == 0, "\(run.output)")
        #expect(outputs["source"] == E2EPaths.packageRoot.path, "the action's checkout is that version's source")
        #expect(outputs["scratch"] == dir.url.appendingPathComponent("repowatch-site-build").path)
        #expect(
            outputs["build-key"]
                == "repowatch-site-build-\(version)-linux-\(PortableBuild.machineArchitecture())-swift6.3.1")

        // No Swift on PATH: a clear error before anything is installed or cloned.
        let bare = dir.url.appendingPathComponent("bare")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        let (missing, _) = try Self.step(
            "prepare-source", in: dir.url,
            ["VERSION": version, "REPOWATCH_SITE_REPOSITORY": "me/fork", "PATH": bare.path])
        #expect(missing.status != 0 && missing.output.contains("no Swift toolchain"), "\(missing.output)")
    }

    @Test("install: downloads the release, checks its SHA-256, refuses a mismatch, builds from source without one")
    func install() async throws {
        let artifacts = try await PortableBuild.shared.artifacts()
        let dir = try TempDir("install")
        defer { dir.remove() }
        let version = "v\(Version.current)"
        let releases = dir.url.appendingPathComponent("releases")
        let release = releases.appendingPathComponent(version)
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: release.appendingPathComponent(artifacts.assetName), withDestinationURL: artifacts.tarball)
        let checksum = release.appendingPathComponent(artifacts.assetName + ".sha256")
        try FileManager.default.copyItem(at: artifacts.checksum, to: checksum)
        func install(_ version: String, into bin: String) throws -> (run: ProcessOutput, outputs: [String: String]) {
            try Self.step(
                "install", in: dir.url,
                [
                    "VERSION": version, "ASSET": artifacts.assetName,
                    "BIN_DIR": dir.url.appendingPathComponent(bin).path,
                    "REPOWATCH_SITE_REPOSITORY": "me/fork", "REPOWATCH_SITE_DOWNLOAD_URL": releases.absoluteString,
                ])
        }

        let good = try install(version, into: "good")
        #expect(good.run.status == 0, "\(good.run.output)")
        #expect(good.outputs["downloaded"] == "true" && good.outputs["from-source"] == nil, "\(good.outputs)")
        let installed = dir.url.appendingPathComponent("good/repowatch-site")
        #expect(good.outputs["binary"] == installed.path)
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        #expect(good.run.output.contains("downloaded and verified"), "\(good.run.output)")

        // The second run finds it where actions/cache restores it: no download, but the release's
        // checksum asked again, since the cache is writable by other workflows of the repository.
        let cached = try install(version, into: "good")
        #expect(cached.run.status == 0, "\(cached.run.output)")
        #expect(cached.run.output.contains("found in the cache") && cached.outputs["downloaded"] == nil)

        // A cache that holds another asset, or a binary alone, is not trusted: downloaded again.
        let kept = dir.url.appendingPathComponent("good/\(artifacts.assetName)")
        let planted = "#!/bin/sh\necho \(Version.current)\n"
        try Data("not the release".utf8).write(to: kept)
        try Data(planted.utf8).write(to: installed)
        let poisoned = try install(version, into: "good")
        #expect(poisoned.run.status == 0 && poisoned.outputs["downloaded"] == "true", "\(poisoned.run.output)")
        #expect(poisoned.run.output.contains("does not match the published SHA-256"), "\(poisoned.run.output)")
        #expect(try Data(contentsOf: installed) != Data(planted.utf8), "the planted binary is replaced")
        let alone = dir.url.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try Data(planted.utf8).write(to: alone.appendingPathComponent("repowatch-site"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: alone.appendingPathComponent("repowatch-site").path)
        let binaryOnly = try install(version, into: "alone")
        #expect(binaryOnly.outputs["downloaded"] == "true", "a binary without its asset: \(binaryOnly.run.output)")

        let published = try String(contentsOf: checksum, encoding: .utf8)
        let forged = String(repeating: "0", count: 64) + published.dropFirst(64)
        try Data(forged.utf8).write(to: checksum)
        let tampered = try install(version, into: "tampered")
        #expect(tampered.run.status != 0, "\(tampered.run.output)")
        #expect(tampered.run.output.contains("does not match the published"), "\(tampered.run.output)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("tampered").path))

        try FileManager.default.removeItem(at: checksum)
        let unsigned = try install(version, into: "unsigned")
        #expect(unsigned.run.status != 0 && unsigned.run.output.contains(".sha256"), "\(unsigned.run.output)")

        let unreleased = try install("v0.0.0-none", into: "none")
        #expect(unreleased.run.status == 0, "\(unreleased.run.output)")
        #expect(unreleased.outputs["from-source"] == "true" && unreleased.outputs["binary"] == nil)
    }

    /// Hostile text in each input the scripts echo, or in what a download says: no line of the step's
    /// output may be a workflow command the script did not mean.
    @Test(
        "every input a step echoes is escaped: no unintended workflow command, whatever the input holds",
        arguments: ActionPayload.all)
    func hostileInputsStayInert(payload: ActionPayload) throws {
        let dir = try TempDir("hostile-inputs")
        defer { dir.remove() }
        let fake = dir.url.appendingPathComponent("fake-repowatch-site")
        try StandIn.write("#!/bin/sh\necho \"$1\"\n", to: fake)
        let text = payload.text
        let steps: [(String, [String: String])] = [
            ("resolve", ["REPOWATCH_SITE_REPOSITORY": "me/fork", "INPUT_VERSION": text]),
            ("resolve", ["REPOWATCH_SITE_REPOSITORY": text]),
            ("resolve", ["RUNNER_OS": text]),
            ("pagefind", ["INPUT_PAGEFIND": text]),
            ("pagefind", ["INPUT_PAGEFIND": "1.5.2", "INPUT_CONFIG": text]),
            (
                "run",
                [
                    "BINARY_FROM_CACHE": fake.path, "INPUT_CONFIG": "site.yml", "INPUT_OUTPUT": "public",
                    "INPUT_ARGS": "'" + text,
                ]
            ),
            ("run", ["BINARY_FROM_CACHE": "", "INPUT_ARGS": text]),
            (
                "install",
                [
                    "VERSION": "v1.0.0", "ASSET": text, "BIN_DIR": dir.url.appendingPathComponent("bin").path,
                    "REPOWATCH_SITE_REPOSITORY": "me/fork",
                    "REPOWATCH_SITE_DOWNLOAD_URL": "file:///nonexistent/" + text,
                ]
            ),
            (text, [:]),
        ]
        for (subcommand, environment) in steps {
            let (run, _) = try Self.step(subcommand, in: dir.url, environment)
            for line in run.output.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
            {
                let trimmed = line.drop { $0.isWhitespace }
                let meant =
                    trimmed.hasPrefix("::error title=repowatch-site::")
                    || trimmed.hasPrefix("::warning title=repowatch-site::")
                    || trimmed.hasPrefix("::notice title=repowatch-site::")
                // The runner reads `::` first: inside a command of the script's own, `##[` is its text.
                #expect(
                    meant || (!trimmed.hasPrefix("::") && !line.contains("##[")),
                    "\(subcommand) \(environment): \(String(line).debugDescription)\n\(run.output)")
            }
        }
    }

    @Test("run: args are split like shell words but never evaluated; site-path is absolute")
    func run() throws {
        let dir = try TempDir("args")
        defer { dir.remove() }
        // A stand-in binary that writes its arguments one per line.
        let fake = dir.url.appendingPathComponent("fake-repowatch-site")
        try StandIn.write("#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done > \"$ARGS_FILE\"\n", to: fake)
        let argsFile = dir.url.appendingPathComponent("args.txt")
        let hostile = #"--base-url "https://me.github.io/a b/" --jobs 4 '$(touch pwned)' `touch pwned2` * \$HOME"#
        let (run, outputs) = try Self.step(
            "run", in: dir.url,
            [
                "BINARY_FROM_CACHE": fake.path, "INPUT_CONFIG": "site.yml", "INPUT_OUTPUT": "out dir/public",
                "INPUT_TOKEN": "t0ken", "INPUT_API_URL": "http://127.0.0.1:9", "INPUT_BUDGET": "900",
                "INPUT_ARGS": hostile, "ARGS_FILE": argsFile.path,
            ])
        #expect(run.status == 0, "\(run.output)")
        let words = try String(contentsOf: argsFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            words == [
                "[build]", "[--config]", "[site.yml]", "[--output]", "[out dir/public]", "[--api-url]",
                "[http://127.0.0.1:9]", "[--budget]", "[900]", "[--base-url]", "[https://me.github.io/a b/]",
                "[--jobs]", "[4]",
                "[$(touch pwned)]", "[`touch]", "[pwned2`]", "[*]", "[$HOME]",
            ])
        for name in ["pwned", "pwned2"] {
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(name).path))
        }
        #expect(outputs["site-path"] == dir.url.appendingPathComponent("out dir/public").path)

        let (unbalanced, _) = try Self.step(
            "run", in: dir.url,
            [
                "BINARY_FROM_CACHE": fake.path, "INPUT_CONFIG": "site.yml", "INPUT_OUTPUT": "public",
                "INPUT_ARGS": "--base-url 'https://x", "ARGS_FILE": argsFile.path,
            ])
        #expect(unbalanced.status != 0 && unbalanced.output.contains("unbalanced quotes"), "\(unbalanced.output)")
    }
}

/// Text meant to become a workflow command, for each way the runner reads one.
struct ActionPayload: Sendable, CustomTestStringConvertible {
    let text: String
    let testDescription: String

    static let all = [
        ActionPayload(text: "v1\n::warning::INJECTED", testDescription: "LF then ::"),
        ActionPayload(text: "v1\r::error::INJECTED", testDescription: "CR then ::"),
        ActionPayload(text: "v1\r\n::add-mask::INJECTED", testDescription: "CRLF then ::"),
        ActionPayload(text: "::stop-commands::INJECTED", testDescription: "leading ::"),
        ActionPayload(text: "  ::notice::INJECTED", testDescription: "spaces then ::"),
        ActionPayload(text: "v1 ##[warning]INJECTED", testDescription: "##[ anywhere"),
        ActionPayload(text: "v1%0A::warning::INJECTED", testDescription: "an escape already written"),
    ]
}
