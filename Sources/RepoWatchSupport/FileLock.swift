import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock` on a file, held until `release()`. The kernel drops it when the process
/// ends however it ends, so a killed holder never blocks anyone. The file itself stays: removing it
/// would let a waiter lock the old file while a newcomer locks a new one.
package final class FileLock: Sendable {
    package let path: String
    /// -1 once released: `release()` may be called from several threads, and again by `deinit`.
    private let descriptor: Mutex<Int32>

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    package enum Failure: Error, CustomStringConvertible {
        /// Another process held it for all of `waited` seconds.
        case busy(path: String, waited: Double)
        case cannotOpen(path: String, reason: String)

        package var description: String {
            switch self {
            case .busy(let path, let waited):
                return "another build holds \(path) (waited \(Int(waited.rounded())) s)"
            case .cannotOpen(let path, let reason): return "cannot lock \(path): \(reason)"
            }
        }
    }

    /// Tries at once, then every 100 ms for up to `wait` seconds; `onWait` runs once, when the
    /// first try finds the lock taken.
    package static func acquire(_ url: URL, wait: Double, onWait: () -> Void = {}) async throws -> FileLock {
        let path = url.path
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // A lock file in a read-only folder can still be locked if it exists.
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw Failure.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let started = Date()
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw Failure.cannotOpen(path: path, reason: reason)
            }
            let waited = Date().timeIntervalSince(started)
            guard waited < wait else {
                close(descriptor)
                throw Failure.busy(path: path, waited: wait)
            }
            if !announced {
                announced = true
                onWait()
            }
            do {
                try await Task.sleep(for: .milliseconds(100))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    package func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { release() }
}
