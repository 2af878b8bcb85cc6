import Foundation
import RepoWatchModel
import RepoWatchSupport

/// What keeps two builds (a `serve` rebuild and a cron job, two terminals) from writing the same
/// site or cache at once: a `flock` on `.NAME.lock` beside the output folder and one on
/// `build.lock` in the cache folder, taken in that order (so two builds never wait on each other
/// crosswise) and held until the build ends.
package struct BuildLocks: Sendable {
    let held: [FileLock]

    /// For output folder `public/`: `.public.lock` beside it, hidden like the staging folders.
    static func outputLockFile(_ output: URL) -> URL {
        KeptFile.outputLock.url(besideOutput: output)
    }

    static func cacheLockFile(_ cache: URL) -> URL {
        KeptFile.buildLock.url(cache: cache)
    }

    /// - Parameters:
    ///   - cache: nil for builds that do not touch the cache (`--sample`).
    ///   - wait: seconds to wait for each lock before refusing (`--lock-wait`).
    /// - Throws: `UsageError` (exit 2) when another build holds a lock past `wait`.
    package static func acquire(output: URL?, cache: URL?, wait: Double, log: any BuildLog) async throws -> BuildLocks {
        var files: [URL] = []
        if let output { files.append(outputLockFile(output)) }
        if let cache { files.append(cacheLockFile(cache)) }
        var held: [FileLock] = []
        for file in files {
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                held.append(
                    try await FileLock.acquire(file, wait: wait) {
                        log.info("Another build holds \(file.path); waiting up to \(Int(wait.rounded())) s…")
                    })
            } catch {
                BuildLocks(held: held).release()
                switch error {
                case FileLock.Failure.busy:
                    throw UsageError("\(error); try again when it has finished, or raise --lock-wait")
                case let failure as FileLock.Failure: throw UsageError(failure.description)
                case is CancellationError: throw error
                default: throw UsageError("cannot lock \(file.path): \(ErrorText.describe(error))")
                }
            }
        }
        return BuildLocks(held: held)
    }

    package func release() {
        for lock in held.reversed() { lock.release() }
    }
}
