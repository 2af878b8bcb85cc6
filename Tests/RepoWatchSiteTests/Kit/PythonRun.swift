import Foundation

@testable import RepoWatchSupport

/// A Python program given as text, run as `python3 -c SOURCE ARGUMENTS…`: what it printed, apart
/// from what it said on standard error, so a test decodes the one and shows the other. Both go to
/// files, not pipes: a program that says much on one would otherwise wait for the test to read it
/// while the test waited for the other.
struct PythonRun: Sendable {
    let status: Int32
    let stdout: Data
    let stderr: String

    static func run(_ source: String, _ arguments: [String]) throws -> PythonRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "repowatch-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)

        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", source] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return PythonRun(
            status: process.terminationStatus, stdout: try Data(contentsOf: out),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
