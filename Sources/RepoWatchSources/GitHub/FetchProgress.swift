import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "Fetching 37/120 repositories…": one live line on a terminal; on a pipe or in CI, a plain line
/// now and then so logs stay short.
final class FetchProgress: Sendable {
    private struct Count {
        var done = 0
        var lastPrinted = 0
    }

    private let total: Int
    private let live: Bool
    private let quiet: Bool
    private let count = Mutex(Count())

    init(total: Int, quiet: Bool = false, live: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.live = live
        self.quiet = quiet
    }

    func advance() {
        let step = max(1, total / 10)
        let (current, shouldPrint) = count.withLock { count in
            count.done += 1
            let shouldPrint = live || count.done == total || count.done - count.lastPrinted >= step
            if shouldPrint { count.lastPrinted = count.done }
            return (count.done, shouldPrint)
        }
        guard shouldPrint, !quiet, total > 1 else { return }
        let text = "Fetching \(current)/\(total) repositories…"
        if live {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)\(current == total ? "\n" : "")".utf8))
        } else {
            FileHandle.standardError.write(Data("\(text)\n".utf8))
        }
    }
}
