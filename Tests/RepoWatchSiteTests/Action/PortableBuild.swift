import Foundation

/// The portable binary as `scripts/build-portable.sh --debug` makes it (its own build folder,
/// `.build-portable/`), built once per test run: `.ci/run` builds it before `swift test`, so here the
/// script only finds it up to date.
actor PortableBuild {
    static let shared = PortableBuild()

    struct Artifacts: Sendable {
        /// The release asset (`repowatch-site-linux-ARCH.tar.gz`) and its `.sha256`.
        let tarball: URL
        let checksum: URL
        /// The binary inside it, unpacked.
        let binary: URL
        var assetName: String { tarball.lastPathComponent }
    }

    /// One build however many tests ask at once; it blocks a thread of its own, not the test pool.
    private var task: Task<Artifacts, any Error>?

    static var dist: URL { E2EPaths.packageRoot.appendingPathComponent(".build-portable/dist") }

    func artifacts() async throws -> Artifacts {
        if let task { return try await task.value }
        let started = Task {
            try await OwnThread.run { try Self.build().get() }
        }
        task = started
        return try await started.value
    }

    private static func build() -> Result<Artifacts, WorkflowError> {
        let run: ProcessOutput
        do {
            run = try ProcessOutput.run(
                "/bin/bash",
                [
                    E2EPaths.packageRoot.appendingPathComponent("scripts/build-portable.sh").path, "--debug",
                    "--dist", dist.path,
                ],
                in: E2EPaths.packageRoot, environment: ProcessInfo.processInfo.environment)
        } catch {
            return .failure(WorkflowError("build-portable.sh did not start: \(error)"))
        }
        guard run.status == 0 else {
            return .failure(WorkflowError("build-portable.sh failed (exit \(run.status)):\n\(run.output)"))
        }
        let arch = machineArchitecture()
        let tarball = dist.appendingPathComponent("repowatch-site-linux-\(arch).tar.gz")
        let unpacked = dist.appendingPathComponent("unpacked-\(arch)")
        try? FileManager.default.removeItem(at: unpacked)
        do {
            try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
            let untar = try ProcessOutput.run(
                "/usr/bin/env", ["tar", "-xzf", tarball.path, "-C", unpacked.path], in: dist,
                environment: ProcessInfo.processInfo.environment)
            guard untar.status == 0 else { return .failure(WorkflowError("tar: \(untar.output)")) }
        } catch {
            return .failure(WorkflowError("cannot unpack \(tarball.path): \(error)"))
        }
        return .success(
            Artifacts(
                tarball: tarball, checksum: URL(fileURLWithPath: tarball.path + ".sha256"),
                binary: unpacked.appendingPathComponent("repowatch-site")))
    }

    /// `uname -m`, as the scripts name it.
    static func machineArchitecture() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
