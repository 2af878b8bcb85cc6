import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The kit's stand-in writer: the script runs as written, and a file still open for writing (ETXTBSY)
/// is waited for rather than reported as broken.
@Suite struct StandInTests {
    @Test func theScriptRunsAsWrittenAndTheProbeLineIsSilent() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for shebang in ["#!/bin/sh", "#!/bin/bash", "#!/usr/bin/env python3"] {
            let say = shebang.contains("python") ? "print('said', flush=True)" : "echo said"
            let script = try StandIn.write("\(shebang)\n\(say)\n", to: folder.appendingPathComponent("tool"))
            let run = try ProcessOutput.run(
                script.path, [], in: folder, environment: ProcessInfo.processInfo.environment)
            #expect(run.status == 0 && run.output == "said\n", "\(shebang): \(run.output)")
        }
    }

    @Test func aScriptHeldOpenForWritingIsWaitedFor() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try StandIn.write("#!/bin/sh\nexit 0\n", to: folder.appendingPathComponent("tool"))
        // As a child between its fork and its exec would: a descriptor open for writing.
        let held = open(script.path, O_WRONLY)
        try #require(held >= 0)
        #expect(StandIn.spawn(script) == ETXTBSY)
        // Closed from a thread of its own: the wait below blocks this one, and the test pool may have no other.
        Thread.detachNewThread {
            usleep(200_000)
            close(held)
        }
        try StandIn.waitUntilRunnable(script)
    }
}
