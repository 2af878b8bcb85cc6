import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Append-only records in a file that has no name: what a build gathers for every repository waits
/// here instead of in memory, so a site of 20,000 repositories needs little more memory than one of
/// 10,000. The operating system keeps recent records in its page cache. The file loses its name the
/// moment it is made, so it disappears when the build ends, however it ends (short of being killed
/// between those two calls, which leaves a hidden `.repowatch-spool-…` file).
///
/// Records are never changed once written, so copies of a list of records can share one spool, and
/// threads can read and append at once: what changes (the end, the in-memory records) is behind a
/// mutex; a record in the file is read with `pread` at its own offset, which needs no lock.
package final class RecordSpool: Sendable {
    /// Where a record is: 40 bits of offset, 24 of length. A longer record (a hostile answer) is
    /// kept in memory, its number in the offset and the length all ones.
    package struct Record: Sendable, Hashable {
        fileprivate let packed: UInt64

        fileprivate init(offset: Int, count: Int) {
            packed = UInt64(offset) << 24 | UInt64(count)
        }

        package var offset: Int { Int(packed >> 24) }
        package var count: Int { Int(packed & 0xFF_FFFF) }
    }

    /// Longer records stay in memory (`oversized`).
    static let largestRecord = 0xFF_FFFE
    private static let oversizedMark = 0xFF_FFFF

    /// What appending changes.
    private struct Contents {
        /// Where the next record in the file (or, without one, in `memory`) goes.
        var end = 0
        var memory: [UInt8] = []
        var oversized: [[UInt8]] = []
    }

    /// -1 when the records are kept in memory (no folder given, or none writable).
    private let descriptor: Int32
    private let contents = Mutex(Contents())

    /// Records in memory: small lists and tests.
    package init() { descriptor = -1 }

    /// Records in a nameless file in the first of `folders` where one can be made (on the user's
    /// disk: a temporary folder can be memory itself); in memory when there is none.
    package init(inFirstOf folders: [URL]) {
        var made: Int32 = -1
        for folder in folders where made < 0 {
            var template = Array(folder.appendingPathComponent(".repowatch-spool-XXXXXX").path.utf8CString)
            made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if made >= 0 {
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                _ = fcntl(made, F_SETFD, FD_CLOEXEC)
            }
        }
        descriptor = made
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var isFileBacked: Bool { descriptor >= 0 }

    package func append(_ bytes: [UInt8]) -> Record {
        contents.withLock { contents in
            if bytes.count > Self.largestRecord {
                contents.oversized.append(bytes)
                return Record(offset: contents.oversized.count - 1, count: Self.oversizedMark)
            }
            let record = Record(offset: contents.end, count: bytes.count)
            // The write is under the lock too: the next record's offset is known only once it is done.
            if descriptor >= 0, Self.writeAll(descriptor, bytes, at: contents.end) {
                contents.end += bytes.count
                return record
            }
            // No file, or the disk is full: keep it in memory, past every offset the file used.
            if descriptor >= 0 { return Self.appendToMemory(bytes, &contents) }
            contents.memory.append(contentsOf: bytes)
            contents.end += bytes.count
            return record
        }
    }

    /// Reads a record back; called from several threads at once.
    package func read(_ record: Record) -> [UInt8] {
        if record.count == Self.oversizedMark { return contents.withLock { $0.oversized[record.offset] } }
        if record.offset >= Self.memoryBase {
            return contents.withLock {
                let start = record.offset - Self.memoryBase
                return Array($0.memory[start..<start + record.count])
            }
        }
        if descriptor < 0 {
            return contents.withLock { Array($0.memory[record.offset..<record.offset + record.count]) }
        }
        var bytes = [UInt8](repeating: 0, count: record.count)
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < record.count {
                let got = pread(
                    descriptor, buffer.baseAddress! + done, record.count - done, off_t(record.offset + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
        // What was written to a file this process holds open can be read back; if not, it is a bug.
        precondition(complete, "a spooled record could not be read back")
        return bytes
    }

    /// Offsets of records kept in memory after a failed write, far past anything the file holds.
    private static let memoryBase = 1 << 39

    private static func appendToMemory(_ bytes: [UInt8], _ contents: inout Contents) -> Record {
        let record = Record(offset: memoryBase + contents.memory.count, count: bytes.count)
        contents.memory.append(contentsOf: bytes)
        return record
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let wrote = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return false }
                done += wrote
            }
            return true
        }
    }
}
