import Foundation
import Testing

@testable import RepoWatchSupport

/// Where users run the action: a runner that is not Linux, a GitHub Enterprise Server
/// (`GITHUB_SERVER_URL`), and a runner with or without the gh CLI to check the build provenance.
/// The scripts run against a release folder on disk and stubs on a PATH the test controls.
@Suite("The action on other runners and other GitHubs", .timeLimit(.minutes(5)))
struct ActionPlatformTests {
    static let version = "v\(Version.current)"

    /// The install step with `extra` on top of a release downloaded from `release`'s folder.
    static func install(
        _ dir: URL, tools: ToolBox, into bin: String, _ extra: [String: String]
    ) throws -> (run: ProcessOutput, outputs: [String: String]) {
        let asset = "repowatch-site-linux-\(PortableBuild.machineArchitecture()).tar.gz"
        let environment = [
            "VERSION": version, "ASSET": asset, "BIN_DIR": dir.appendingPathComponent(bin).path,
            "REPOWATCH_SITE_REPOSITORY": "me/fork", "PATH": tools.path, "RUNNER_OS": "Linux",
        ]
        return try ActionScriptTests.step("install", in: dir, environment.merging(extra) { $1 })
    }

    @Test("RUNNER_OS macOS or Windows: one clear error in the first step, before any download or apt-get")
    func notLinux() throws {
        let dir = try TempDir("not-linux")
        defer { dir.remove() }
        let tools = try ToolBox(in: dir.url)
        let calls = dir.url.appendingPathComponent("calls.log")
        for command in ["curl", "apt-get", "sudo", "git"] { try tools.recorder(command, log: calls) }
        try tools.stub("pkg-config", "#!/bin/sh\nexit 1\n")  // libcmark missing: prepare-source would apt-get
        try tools.stub("swift", "#!/bin/sh\necho 'Swift version 6.3.1'\n")
        let base = ["REPOWATCH_SITE_REPOSITORY": "me/fork", "PATH": tools.path, "VERSION": Self.version]

        for os in ["macOS", "Windows"] {
            let (run, outputs) = try ActionScriptTests.step(
                "resolve", in: dir.url, base.merging(["RUNNER_OS": os]) { $1 })
            #expect(run.status != 0 && outputs.isEmpty, "\(os): \(run.output)")
            #expect(run.output.contains("Linux runners only, and this one is \(os)"), "\(run.output)")
            #expect(run.output.components(separatedBy: "::error").count == 2, "one error: \(run.output)")
            for step in ["install", "prepare-source"] {
                let extra = ["RUNNER_OS": os, "ASSET": "a.tar.gz", "BIN_DIR": dir.url.appendingPathComponent("b").path]
                let (later, _) = try ActionScriptTests.step(step, in: dir.url, base.merging(extra) { $1 })
                #expect(later.status != 0 && later.output.contains("Linux runners only"), "\(step): \(later.output)")
            }
        }
        #expect(
            !FileManager.default.fileExists(atPath: calls.path), "something was called on a runner that is not Linux")

        // The same prepare-source on Linux does reach apt-get: the check is what kept it away above.
        let (linux, _) = try ActionScriptTests.step(
            "prepare-source", in: dir.url, base.merging(["RUNNER_OS": "Linux"]) { $1 })
        #expect(linux.status == 0, "\(linux.output)")
        #expect(try String(contentsOf: calls, encoding: .utf8).contains("apt-get install"))
    }

    @Test("GITHUB_SERVER_URL: releases and the source come from the runner's own GitHub")
    func enterpriseServer() throws {
        let dir = try TempDir("server-url")
        defer { dir.remove() }
        let tools = try ToolBox(in: dir.url)
        let server = dir.url.appendingPathComponent("ghe")
        _ = try FakeRelease(at: server.appendingPathComponent("me/fork/releases/download"), version: Self.version)

        let (run, outputs) = try Self.install(
            dir.url, tools: tools, into: "bin", ["GITHUB_SERVER_URL": server.absoluteString + "/"])
        #expect(run.status == 0 && outputs["downloaded"] == "true", "\(run.output)")
        #expect(FileManager.default.isExecutableFile(atPath: dir.url.appendingPathComponent("bin/repowatch-site").path))

        // Another version than the action's own is cloned from the same server.
        let calls = dir.url.appendingPathComponent("calls.log")
        try tools.recorder("git", log: calls)
        try tools.stub("swift", "#!/bin/sh\necho 'Swift version 6.3.1'\n")
        let (prepared, _) = try ActionScriptTests.step(
            "prepare-source", in: dir.url,
            [
                "VERSION": "v9.9.9", "REPOWATCH_SITE_REPOSITORY": "me/fork", "PATH": tools.path,
                "GITHUB_SERVER_URL": "https://ghe.example.com",
            ])
        #expect(prepared.status == 0, "\(prepared.output)")
        #expect(
            try String(contentsOf: calls, encoding: .utf8).contains(
                "git clone --quiet --depth 1 --branch v9.9.9 -- https://ghe.example.com/me/fork.git"))
    }

    @Test("no GITHUB_SERVER_URL: the download URL is github.com's")
    func githubDotCom() throws {
        let dir = try TempDir("github-com")
        defer { dir.remove() }
        let tools = try ToolBox(in: dir.url)
        let calls = dir.url.appendingPathComponent("calls.log")
        try tools.recorder("curl", log: calls, status: 22)  // as curl --fail does for a 404
        let (run, outputs) = try Self.install(dir.url, tools: tools, into: "bin", [:])
        let asset = "repowatch-site-linux-\(PortableBuild.machineArchitecture()).tar.gz"
        let url = "https://github.com/me/fork/releases/download/\(Self.version)/\(asset)"
        #expect(run.status == 0 && outputs["from-source"] == "true", "\(run.output)")
        #expect(run.output.contains("no binary at \(url)"), "\(run.output)")
        #expect(try String(contentsOf: calls, encoding: .utf8).contains(url))
    }

    @Test("provenance: gh attestation verify when gh is there (a failure stops the job), else the SHA-256 only")
    func provenance() throws {
        let dir = try TempDir("provenance")
        defer { dir.remove() }
        let releases = dir.url.appendingPathComponent("releases")
        let release = try FakeRelease(at: releases, version: Self.version)
        let mirror = ["REPOWATCH_SITE_DOWNLOAD_URL": releases.absoluteString, "GH_TOKEN": "ghs_fakeToken"]
        let calls = dir.url.appendingPathComponent("gh.log")

        let bare = try ToolBox(in: dir.url, name: "tools-bare")
        let without = try Self.install(dir.url, tools: bare, into: "no-gh", mirror)
        #expect(without.run.status == 0 && without.outputs["downloaded"] == "true", "\(without.run.output)")
        #expect(without.run.output.contains("build provenance not checked: no gh CLI on this runner"))

        let passing = try ToolBox(in: dir.url, name: "tools-gh-ok")
        try passing.stub(
            "gh", "#!/bin/bash\nprintf '%s token:%s\\n' \"gh $*\" \"${GH_TOKEN:+given}\" >>'\(calls.path)'\n")
        let verified = try Self.install(dir.url, tools: passing, into: "gh-ok", mirror)
        #expect(verified.run.status == 0 && verified.outputs["downloaded"] == "true", "\(verified.run.output)")
        #expect(
            verified.run.output.contains("build provenance attestation verified (gh attestation verify --repo me/fork)")
        )
        let call = try String(contentsOf: calls, encoding: .utf8)
        #expect(
            call.hasPrefix("gh attestation verify ")
                && call.contains(release.assetName + " --repo me/fork token:given"), "\(call)")
        #expect(!verified.run.output.contains("ghs_fakeToken"))

        let failing = try ToolBox(in: dir.url, name: "tools-gh-bad")
        try failing.recorder("gh", log: calls, status: 1, say: "Error: no attestations found for subject")
        let refused = try Self.install(dir.url, tools: failing, into: "gh-bad", mirror)
        #expect(refused.run.status != 0 && refused.outputs["binary"] == nil, "\(refused.run.output)")
        #expect(refused.run.output.contains("no attestations found for subject"), "gh's own words are shown")
        #expect(
            refused.run.output.contains("no valid build provenance attestation by me/fork"), "\(refused.run.output)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("gh-bad").path))

        // On a GitHub Enterprise Server the token is for that server: it never goes to github.com.
        try Data().write(to: calls)
        let enterprise = try Self.install(
            dir.url, tools: passing, into: "ghe",
            mirror.merging(["GITHUB_SERVER_URL": "https://ghe.example.com"]) { $1 })
        #expect(enterprise.run.status == 0, "\(enterprise.run.output)")
        #expect(
            enterprise.run.output.contains("attestations are published on github.com, not https://ghe.example.com"),
            "\(enterprise.run.output)")
        #expect(try String(contentsOf: calls, encoding: .utf8).isEmpty, "gh was not asked")
    }
}
