import Foundation

/// A PATH holding only the commands a test chose (links to the machine's own) and the stubs it wrote,
/// so a script finds exactly what the test decided: no `gh` unless a stub, whatever the machine has.
struct ToolBox {
    let folder: URL
    var path: String { folder.path }

    /// What the action's and the release's scripts call, besides the stubs.
    static let basics = [
        "bash", "sh", "env", "cat", "cp", "curl", "mktemp", "sha256sum", "tar", "gzip", "install", "mkdir", "rm",
        "grep", "sed", "sort", "tail", "head", "tr", "uname", "realpath", "dirname", "python3", "pkg-config",
    ]

    init(in dir: URL, name: String = "bin", commands: [String] = ToolBox.basics) throws {
        folder = dir.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let searched = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for command in commands {
            guard
                var found = searched.map({ "\($0)/\(command)" }).first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { throw WorkflowError("\(command) is not on PATH; the tests need it") }
            // pyenv's python3 is a shell script that needs pyenv on PATH: link the interpreter itself.
            if command == "python3" { found = try Self.interpreter(found) }
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(command), withDestinationURL: URL(fileURLWithPath: found))
        }
    }

    private static func interpreter(_ python: String) throws -> String {
        let run = try ProcessOutput.run(
            python, ["-c", "import sys; print(sys.executable)"], in: URL(fileURLWithPath: "/"),
            environment: ProcessInfo.processInfo.environment)
        let path = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0, path.hasPrefix("/") else { throw WorkflowError("\(python): \(run.output)") }
        return path
    }

    /// Writes an executable `name` with `script` as its text (a `#!` line first), replacing a link.
    func stub(_ name: String, _ script: String) throws {
        try StandIn.write(script, to: folder.appendingPathComponent(name))
    }

    /// A stub that appends its arguments (one line per call) to `log` and exits `status`.
    func recorder(_ name: String, log: URL, status: Int32 = 0, say: String = "") throws {
        try stub(
            name,
            "#!/bin/bash\nprintf '%s\\n' \"\(name) $*\" >>'\(log.path)'\n"
                + (say.isEmpty ? "" : "echo '\(say)' >&2\n") + "exit \(status)\n")
    }
}

/// A release folder as GitHub serves it (`<base>/<version>/<asset>` and `.sha256`), holding a stand-in
/// binary that only answers `--version`: enough for the install step, without the portable build.
struct FakeRelease {
    let base: URL
    let assetName: String
    let tarball: URL

    init(at base: URL, version: String) throws {
        self.base = base
        assetName = "repowatch-site-linux-\(PortableBuild.machineArchitecture()).tar.gz"
        let folder = base.appendingPathComponent(version, isDirectory: true)
        let stage = base.appendingPathComponent(".stage-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stage) }
        let binary = stage.appendingPathComponent("repowatch-site")
        try StandIn.write("#!/bin/sh\necho \(version.dropFirst())\n", to: binary)
        tarball = folder.appendingPathComponent(assetName)
        let environment = ProcessInfo.processInfo.environment
        let tar = try ProcessOutput.run(
            "/usr/bin/env", ["tar", "-czf", tarball.path, "-C", stage.path, "repowatch-site"], in: stage,
            environment: environment)
        guard tar.status == 0 else { throw WorkflowError("tar: \(tar.output)") }
        let sum = try ProcessOutput.run(
            "/bin/sh", ["-c", "sha256sum \(assetName) > \(assetName).sha256"], in: folder, environment: environment)
        guard sum.status == 0 else { throw WorkflowError("sha256sum: \(sum.output)") }
    }
}
