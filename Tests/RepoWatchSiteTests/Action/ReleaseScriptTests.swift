import Foundation
import Testing

@testable import RepoWatchSupport

/// The release workflow's steps that talk to GitHub (`scripts/release.sh`), with a stub `gh` that
/// plays the repository's tags: which tag is made, where the major tag goes, what is refused.
@Suite("The release script: vX.Y.Z from Version.swift, the major tag moved", .timeLimit(.minutes(2)))
struct ReleaseScriptTests {
    static let sha = "0123456789abcdef0123456789abcdef01234567"

    /// A stub gh: logs each call as a JSON array; answers `api …/git/matching-refs/tags/PREFIX` (with
    /// `--jq '.[].ref'`) from the refs file, one `refs/tags/NAME` a line.
    static let gh = """
        #!/usr/bin/env python3
        import json, os, sys
        args = sys.argv[1:]
        with open(os.environ["GH_CALLS"], "a") as log:
            log.write(json.dumps(args) + "\\n")
        if args[:1] == ["api"] and "/git/matching-refs/tags/" in args[1]:
            prefix = "refs/tags/" + args[1].split("/git/matching-refs/tags/", 1)[1]
            for ref in open(os.environ["GH_REFS"]).read().split():
                if ref.startswith(prefix):
                    print(ref)

        """

    struct Run {
        let status: Int32
        let output: String
        let calls: [[String]]
        let outputs: [String: String]
    }

    static func release(_ arguments: [String], tags: [String], _ environment: [String: String]) throws -> Run {
        let dir = try TempDir("release")
        defer { dir.remove() }
        let tools = try ToolBox(in: dir.url)
        try tools.stub("gh", gh)
        let refs = dir.url.appendingPathComponent("refs")
        try Data(tags.map { "refs/tags/\($0)\n" }.joined().utf8).write(to: refs)
        let calls = dir.url.appendingPathComponent("calls")
        let outputs = dir.url.appendingPathComponent("outputs")
        for file in [calls, outputs] { try Data().write(to: file) }
        let dist = dir.url.appendingPathComponent("dist")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        for arch in ["x86_64", "aarch64"] {
            let name = "repowatch-site-linux-\(arch).tar.gz"
            try Data("binary for \(arch)".utf8).write(to: dist.appendingPathComponent(name))
        }
        let sums = try ProcessOutput.run(
            "/bin/sh", ["-c", "for f in *.tar.gz; do sha256sum \"$f\" > \"$f.sha256\"; done"], in: dist,
            environment: ["PATH": tools.path])
        #expect(sums.status == 0, "\(sums.output)")
        if environment["CORRUPT"] != nil {
            try Data("tampered".utf8).write(to: dist.appendingPathComponent("repowatch-site-linux-aarch64.tar.gz"))
        }

        var env = [
            "PATH": tools.path, "GH_CALLS": calls.path, "GH_REFS": refs.path, "GH_REPO": "me/watch",
            "GITHUB_OUTPUT": outputs.path,
        ]
        env.merge(environment) { $1 }
        let script = E2EPaths.packageRoot.appendingPathComponent("scripts/release.sh").path
        let arguments = arguments.map { $0 == "DIST" ? dist.path : $0 }
        let run = try ProcessOutput.run("/bin/bash", [script] + arguments, in: dir.url, environment: env)
        let logged = try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode([String].self, from: Data($0.utf8))
        }
        return Run(
            status: run.status, output: run.output, calls: logged,
            outputs: try WorkflowRunner.parseCommandFile(outputs))
    }

    @Test("version: the tag Version.swift names and its major; refused when released, or off the default branch")
    func version() throws {
        let major = String(Version.current.prefix { $0 != "." })
        let onMain = ["DEFAULT_BRANCH": "main", "GITHUB_REF": "refs/heads/main"]
        let first = try Self.release(["version"], tags: ["v\(Version.current)-rc1"], onMain)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.outputs == ["tag": "v\(Version.current)", "major": "v\(major)"])

        let again = try Self.release(["version"], tags: ["v\(Version.current)"], onMain)
        #expect(again.status != 0 && again.outputs.isEmpty, "\(again.output)")
        #expect(again.output.contains("v\(Version.current) is released already"), "\(again.output)")

        let branch = try Self.release(
            ["version"], tags: [], ["DEFAULT_BRANCH": "main", "GITHUB_REF": "refs/heads/wip"])
        #expect(branch.status != 0 && branch.output.contains("releases are made from main"), "\(branch.output)")
        #expect(branch.calls.isEmpty)
    }

    @Test("publish: the release at the commit with every asset, then the major tag created or moved")
    func publish() throws {
        let release = ["GH_REPO": "me/watch", "SHA": Self.sha]
        let first = try Self.release(
            ["publish", "DIST"], tags: [], release.merging(["TAG": "v1.0.0", "MAJOR": "v1"]) { $1 })
        #expect(first.status == 0, "\(first.output)")
        let create = try #require(first.calls.first { $0.starts(with: ["release", "create"]) })
        #expect(Array(create.prefix(7)) == ["release", "create", "v1.0.0", "--target", Self.sha, "--title", "v1.0.0"])
        #expect(create.filter { $0.hasSuffix(".tar.gz") || $0.hasSuffix(".sha256") }.count == 4, "\(create)")
        #expect(
            first.calls.last == [
                "api", "--method", "POST", "repos/me/watch/git/refs", "-f", "ref=refs/tags/v1", "-f", "sha=\(Self.sha)",
            ])

        let next = try Self.release(
            ["publish", "DIST"], tags: ["v1", "v1.0.0", "v1.9.0"],
            release.merging(["TAG": "v1.10.0", "MAJOR": "v1"]) { $1 })
        #expect(next.status == 0, "\(next.output)")
        #expect(
            next.calls.last == [
                "api", "--method", "PATCH", "repos/me/watch/git/refs/tags/v1", "-f", "sha=\(Self.sha)", "-F",
                "force=true",
            ])
        #expect(next.output.contains("moved v1 to v1.10.0"))

        // A fix to an older line is released, and @v1 stays on the newest release.
        let fix = try Self.release(
            ["publish", "DIST"], tags: ["v1", "v1.0.0", "v1.2.0"],
            release.merging(["TAG": "v1.1.1", "MAJOR": "v1"]) { $1 })
        #expect(fix.status == 0, "\(fix.output)")
        #expect(fix.calls.contains { $0.starts(with: ["release", "create", "v1.1.1"]) })
        #expect(!fix.calls.contains { $0.contains("--method") }, "\(fix.calls)")
        #expect(fix.output.contains("v1 stays where it is"))
    }

    @Test("publish refuses a binary that does not match its .sha256, and mismatched tags, before asking GitHub")
    func refuses() throws {
        let release = ["GH_REPO": "me/watch", "SHA": Self.sha, "TAG": "v1.0.0", "MAJOR": "v1"]
        let tampered = try Self.release(["publish", "DIST"], tags: [], release.merging(["CORRUPT": "1"]) { $1 })
        #expect(tampered.status != 0 && tampered.calls.isEmpty, "\(tampered.output)")
        let mismatched = try Self.release(["publish", "DIST"], tags: [], release.merging(["MAJOR": "v2"]) { $1 })
        #expect(mismatched.status != 0 && mismatched.calls.isEmpty && mismatched.output.contains("do not go together"))
    }
}
