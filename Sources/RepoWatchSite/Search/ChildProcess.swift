import Foundation
import RepoWatchSupport

/// Runs a program to its end with stdout and stderr together in a temporary file (never a pipe, which
/// a chatty program could fill and stall on).
package struct ChildProcess: Sendable {
    package var status: Int32
    package var output: String

    /// The last lines of the output, for an error message.
    var tail: String {
        let lines = output.split(whereSeparator: \.isNewline).suffix(8)
        return lines.isEmpty ? "no output" : lines.joined(separator: "\n")
    }

    /// - Parameter directory: where it runs; nil: this process's current folder.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL? = nil
    ) throws -> ChildProcess {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "repowatch-site-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = SpawnedProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return ChildProcess(status: process.terminationStatus, output: output)
    }
}
