import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "Fetching 37/120 repositories…": one live line on a terminal; on a pipe or in CI, a plain line
/// now and then so logs stay short.
package final class FetchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let live: Bool
    private let quiet: Bool
    private var done = 0
    private var lastPrinted = 0

    package init(total: Int, quiet: Bool = false, live: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.live = live
        self.quiet = quiet
    }

    package func advance() {
        lock.lock()
        done += 1
        let current = done
        let step = max(1, total / 10)
        let shouldPrint = live || current == total || current - lastPrinted >= step
        if shouldPrint { lastPrinted = current }
        lock.unlock()
        guard shouldPrint, !quiet, total > 1 else { return }
        let text = "Fetching \(current)/\(total) repositories…"
        if live {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)\(current == total ? "\n" : "")".utf8))
        } else {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
        }
    }
}
