import Foundation
import Testing

@testable import RepoWatchSupport

@Suite("SpawnedProcess: how every test starts a child")
struct SpawnedProcessTests {
    static func shell(_ script: String, set up: (SpawnedProcess) -> Void = { _ in }) throws -> (SpawnedProcess, Pipe) {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        up(process)
        try process.run()
        return (process, output)
    }

    @Test("output, exit status, the folder it runs in, and the environment it is given")
    func basics() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "pwd; echo \"$GREETING\"; exit 3"]
        process.currentDirectoryURL = folder
        process.environment = ["GREETING": "hello", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "\(folder.resolvingSymlinksInPath().path)\nhello\n")
        #expect(process.terminationStatus == 3 && process.terminationReason == .exit && !process.isRunning)
    }

    @Test("a signal ends it: the reason says so, and the termination handler runs")
    func signalled() async throws {
        var end: ProcessEnd?
        let (process, _) = try Self.shell("sleep 30") { end = ProcessEnd($0) }
        let ended = try #require(end)
        #expect(process.isRunning)
        process.terminate()
        #expect(await ended.wait(seconds: 10))
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    /// Foundation's `Process.run()` could crash here: it reads `/proc/self/fd` to close them all, and
    /// with this many open its copy of an entry's name could run past glibc's buffer.
    @Test("with over a thousand descriptors open, the child starts and inherits none of them")
    func manyDescriptorsStayBehind() throws {
        var descriptors: [Int32] = []
        defer { for fd in descriptors { close(fd) } }
        for _ in 0..<750 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { break }
            descriptors += ends
        }
        #expect(descriptors.count >= 1_400, "only \(descriptors.count) descriptors could be opened")
        let (process, output) = try Self.shell("ls /proc/self/fd")
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // 0, 1, 2 and the descriptor ls reads the folder with.
        let inherited = listed.split(separator: "\n").compactMap { Int32($0) }.filter { $0 > 2 }
        #expect(process.terminationStatus == 0 && inherited.count <= 1, "the child held \(inherited)")
    }
}
