import Foundation
import Testing

/// One way to start a process, in the product and in the tests: `SpawnedProcess` (RepoWatchSupport),
/// `posix_spawn` with the child closing what it must not inherit. Foundation's `Process.run()` in our
/// toolchain can crash once the process holds many descriptors (swift-corelibs-foundation#5472).
@Suite("House: every child process starts through SpawnedProcess")
struct ProcessStartTests {
    @Test("no Foundation Process is made in Sources or Tests")
    func oneStarter() throws {
        let root = E2EPaths.packageRoot
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".swift") }
            for relative in files {
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                let code = String(decoding: SourceFile(path: relative, text: text).code, as: UTF8.self)
                for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("Process()") && !line.contains("SpawnedProcess()") {
                    found.append("\(folder)/\(relative):\(number + 1)")
                }
            }
        }
        #expect(found.isEmpty, "Foundation's Process started at:\n\(found.joined(separator: "\n"))")
    }
}
