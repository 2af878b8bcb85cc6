import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File writes without `Data.write(to:)`, which on Linux fsyncs every file: thousands of pages or
/// cache entries per build waited on the disk for durability nobody needs (a lost cache entry is
/// refetched; the site becomes visible only by the final swap).
package enum FileIO {
    package struct WriteError: Error, CustomStringConvertible {
        package var description: String
    }

    package static func write(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(path): \(errnoText())") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(description: "cannot write \(path): \(errnoText())")
                }
                offset += written
            }
        }
    }

    /// Readers see the old file or the new one, never half of either.
    package static func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = "\(path).tmp-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try write(data, to: temporary)
            guard rename(temporary, path) == 0 else {
                throw WriteError(description: "cannot replace \(path): \(errnoText())")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    // The member `write(_:to:)` hides the C function of the same name.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
