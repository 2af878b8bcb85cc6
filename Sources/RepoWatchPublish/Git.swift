import Foundation
import RepoWatchSupport
import Synchronization

/// Runs the real `git` in one folder: publishing goes through git itself, so hooks, credentials and
/// remotes behave exactly as the user's own `git push` does.
struct Git: Sendable {
    let directory: URL
    var environment: [String: String] = ProcessInfo.processInfo.environment

    struct Failure: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var description: String {
            let detail = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return
                "git \(arguments.joined(separator: " ")) failed (exit \(status))\(detail.isEmpty ? "" : ":\n\(detail)")"
        }
    }

    /// stdout without its final newline; throws `Failure` on a non-zero exit.
    @discardableResult
    func run(_ arguments: [String], input: Data? = nil) throws -> String {
        let result = try execute(arguments, input: input)
        guard result.status == 0 else {
            throw Failure(arguments: arguments, status: result.status, stderr: result.stderr)
        }
        return result.stdout
    }

    /// Whether the command succeeds; for questions like "is this a repository?".
    func succeeds(_ arguments: [String]) -> Bool {
        (try? execute(arguments, input: nil).status) == 0
    }

    func execute(_ arguments: [String], input: Data?) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw UsageError("cannot run git (\(ErrorText.describe(error))); install git first")
        }
        if let input {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        // stderr is drained on another thread so a chatty command cannot fill its pipe and stall.
        let stderrBox = PipeCollector(errors.fileHandleForReading)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = stderrBox.wait()
        if process.terminationStatus == 127 {
            throw UsageError("git was not found on PATH; install git first")
        }
        var text = String(decoding: stdout, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return (process.terminationStatus, text, String(decoding: stderr, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a background thread.
private final class PipeCollector: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let data = Mutex(Data())

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
