import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every way a run can fail on the machine rather than in site.yml, run through the binary: what it
/// prints is in the house voice (`FILE:LINE:COL: error: …` or `error: …`) and never Foundation's
/// ("Error Domain=NSCocoaErrorDomain Code=512 …", "The file isn't in the correct format.").
@Suite("Failures speak in one voice, without Foundation's error text", .serialized)
struct FailureVoiceTests {
    static let site = "title: Voice\nrepos:\n  - apple/swift\n"

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        /// Prepares the folder; returns the arguments to run.
        var prepare: @Sendable (TempDir) throws -> [String]
        /// What the message must say (in its words), beyond the voice.
        var says: String
        var asNobody = false
        var wrapper: String?
        var testDescription: String { name }
    }

    /// A plain file named where `option` wants a folder; the message names it.
    static func fileForAFolder(_ option: String, in command: [String]) -> Scenario {
        let name = "a-file"
        return Scenario(
            name: "\(option) is a file",
            prepare: { dir in
                try dir.write("site.yml", site)
                try dir.write(name, "x")
                return command + [option, name]
            }, says: name)
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "missing site.yml", prepare: { _ in ["build"] }, says: "site.yml:1:1: error: cannot read"),
        Scenario(
            name: "missing --config file", prepare: { _ in ["check", "--config", "nope.yml"] }, says: "no such file"),
        Scenario(
            name: "unreadable site.yml",
            prepare: { dir in
                try dir.write("site.yml", site)
                chmod(dir.url.appendingPathComponent("site.yml").path, 0)
                return ["check"]
            }, says: "permission denied", asNobody: true),
        Scenario(
            name: "binary site.yml",
            prepare: { dir in
                try Data([0x72, 0x65, 0x0A, 0xFF, 0xFE, 0x00, 0x01]).write(
                    to: dir.url.appendingPathComponent("site.yml"))
                return ["build", "--sample"]
            }, says: "site.yml:2:1: error: this is not UTF-8 text (byte 0xFF)"),
        Scenario(
            name: "a folder where site.yml is expected",
            prepare: { dir in
                try FileManager.default.createDirectory(
                    at: dir.url.appendingPathComponent("site.yml"), withIntermediateDirectories: true)
                return ["repo", "list"]
            }, says: "this is a folder"),
        Scenario(
            name: "a folder where a template is expected",
            prepare: { dir in
                try dir.write("site.yml", site)
                try FileManager.default.createDirectory(
                    at: dir.url.appendingPathComponent("Templates/card.mustache"), withIntermediateDirectories: true)
                return ["check"]
            }, says: "card.mustache"),
        Scenario(
            name: "init under a file",
            prepare: { dir in
                try dir.write("afile", "x")
                return ["init", "afile/sub"]
            }, says: "afile"),
        fileForAFolder("--output", in: ["build", "--sample"]),
        fileForAFolder("--cache-dir", in: ["build", "--offline"]),
        Scenario(
            name: "unreachable API and published site",
            prepare: { dir in
                try dir.write("site.yml", site + "base_url: http://127.0.0.1:9/watch/\n")
                return [
                    "build", "--api-url", "http://127.0.0.1:9", "--retries", "1", "--timeout", "5", "--jobs", "1",
                ]
            }, says: "apple/swift: "),
        Scenario(
            name: "a full disk",
            prepare: { dir in
                try dir.write("site.yml", site)
                return ["build", "--sample"]
            }, says: "error: ", wrapper: "trap '' XFSZ; ulimit -f 4; exec \"$0\" \"$@\""),
    ]

    @Test(arguments: scenarios)
    func speaksInOneVoice(_ scenario: Scenario) async throws {
        let dir = try TempDir("voice")
        defer { dir.remove() }
        chmod(dir.url.path, 0o777)
        let arguments = try scenario.prepare(dir)
        let binary = try BinaryRunner.binaryURL().path
        var command = arguments
        var executable: URL?
        if scenario.asNobody, geteuid() == 0 {
            // Root reads any file; the tool runs as nobody so the permission applies.
            executable = URL(fileURLWithPath: "/usr/bin/setpriv")
            command = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
        } else if let wrapper = scenario.wrapper {
            executable = URL(fileURLWithPath: "/bin/sh")
            command = ["-c", wrapper, binary] + arguments
        }
        let result = try await BinaryRunner.run(
            command, in: dir.url, environment: BinaryRunner.environment(home: dir.url), timeout: 120,
            executable: executable)
        #expect(result.status != 0 && !result.timedOut && !result.killedBySignal, "\(result)")
        for foundation in ["Domain=", "Code=", "NSCocoaErrorDomain", "NSURLErrorDomain", "isn’t in the correct format"]
        {
            #expect(!result.stderr.contains(foundation) && !result.stdout.contains(foundation), "\(result)")
        }
        #expect(result.stderr.contains(scenario.says), "\(result)")
        for line in result.stderr.split(separator: "\n") where Self.isMessage(line) {
            #expect(Self.inHouseVoice(line), "not in the house voice: \(line)\n\(result)")
        }
    }

    /// A line that reports something (not a source line, its caret, or progress).
    static func isMessage(_ line: Substring) -> Bool {
        line.lowercased().contains("error") || line.lowercased().contains("warning")
    }

    /// `FILE:LINE:COL: error: …`, `error: …`, `warning: …`, or a repository's line under them.
    static func inHouseVoice(_ line: Substring) -> Bool {
        if line.hasPrefix("error: ") || line.hasPrefix("warning: ") { return true }
        if line.hasPrefix("     |") || line.range(of: #"^ +\d+ \| "#, options: .regularExpression) != nil {
            return true
        }
        return line.range(of: #"^[^ :]+:\d+:\d+: (error|warning): "#, options: .regularExpression) != nil
    }

    @Test("a diagnostic shows the source line and a caret; coloured on a terminal unless NO_COLOR is set")
    func caretAndColour() async throws {
        let dir = try TempDir("voice-colour")
        defer { dir.remove() }
        try dir.write("site.yml", "repos:\n  - apple/swift\nappearance: drak\n")
        let piped = try await BinaryRunner.run(
            ["check"], in: dir.url, environment: BinaryRunner.environment(home: dir.url))
        #expect(piped.status == 2)
        #expect(
            piped.stderr
                == "site.yml:3:13: error: `appearance` must be auto, light or dark (got 'drak'); did you mean 'dark'?\n"
                + "    3 | appearance: drak\n      |             ^\n", "\(piped)")
        // Through a terminal (a pty python opens), the place is bold, `error:` red, the caret green.
        let script = """
            import os, pty, subprocess, sys
            main, side = pty.openpty()
            p = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=side)
            os.close(side)
            out = b""
            while True:
                try:
                    chunk = os.read(main, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            sys.stdout.write(out.decode())
            """
        let binary = try BinaryRunner.binaryURL().path
        func viaTerminal(_ extra: [String: String]) async throws -> RunResult {
            try await BinaryRunner.run(
                ["-c", script, binary, "check"], in: dir.url,
                environment: BinaryRunner.environment(home: dir.url, extra),
                executable: URL(fileURLWithPath: "/usr/bin/python3"))
        }
        let terminal = try await viaTerminal([:])
        #expect(terminal.stdout.contains("\u{1B}[1msite.yml:3:13:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m"), "\(terminal)")
        #expect(terminal.stdout.contains("\u{1B}[1;32m^\u{1B}[0m"), "\(terminal)")
        let noColour = try await viaTerminal(["NO_COLOR": "1"])
        #expect(noColour.stdout.contains("site.yml:3:13: error: `appearance`"), "\(noColour)")
        #expect(!noColour.stdout.contains("\u{1B}["), "\(noColour)")
    }
}
