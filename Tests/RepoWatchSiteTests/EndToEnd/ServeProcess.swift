import Foundation

@testable import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `repowatch-site serve` running in the background, with its output collected as it comes.
final class ServeProcess: @unchecked Sendable {
    let process = SpawnedProcess()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `serve ARGUMENTS` in `directory` with the test environment (HOME inside `directory`).
    init(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws {
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = directory
        process.environment = BinaryRunner.environment(home: home, extra)
        process.standardInput = FileHandle.nullDevice
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData, toOut: true)
        }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData, toOut: false)
        }
        process.terminationHandler = { [finished] _ in finished.signal() }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private func append(_ data: Data, toOut: Bool) {
        lock.lock()
        if toOut { out += data } else { err += data }
        lock.unlock()
    }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: out, as: UTF8.self)
    }

    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: err, as: UTF8.self)
    }

    /// The URL `serve` prints once it listens; throws with the output if it never comes.
    func waitForURL(timeout: TimeInterval = 120) async throws -> URL {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let range = stdout.range(of: #"http://127\.0\.0\.1:\d+/\S*"#, options: .regularExpression),
                let url = URL(string: String(stdout[range]))
            {
                return url
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw RawSocketError(description: "serve printed no URL\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)")
    }

    /// Waits until stderr contains `text`, at most `timeout` seconds.
    func waitForStderr(_ text: String, timeout: TimeInterval = 120) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Ctrl-C; returns the exit status, or nil if the process had to be killed. The deadline is one only a
    /// serve that never stops reaches: a loaded machine may be slow to end a rebuild, not wrong.
    func interrupt(timeout: TimeInterval = 120) async -> Int32? {
        kill(process.processIdentifier, SIGINT)
        return await exitStatus(within: timeout)
    }

    /// The exit status once the process has ended; nil if it had not within `timeout` seconds (it is
    /// then killed).
    func exitStatus(within timeout: TimeInterval) async -> Int32? {
        let stopped = await OwnThread.run { [finished] in finished.wait(timeout: .now() + timeout) == .success }
        guard stopped else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }
}
