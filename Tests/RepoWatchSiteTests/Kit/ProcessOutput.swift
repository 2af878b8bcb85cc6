import Foundation

@testable import RepoWatchSupport

/// One finished process: exit status and its standard output and error together.
struct ProcessOutput: Sendable {
    let status: Int32
    let output: String

    static func run(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String])
        throws -> ProcessOutput
    {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("repowatch-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return ProcessOutput(
            status: process.terminationStatus, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
