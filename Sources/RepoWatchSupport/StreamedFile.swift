import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written a chunk at a time, for outputs too big to build in memory first.
package final class FileOutput {
    package let path: String
    private var descriptor: Int32

    package init(creating path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIO.WriteError(description: "cannot create \(path): \(errnoText())") }
    }

    deinit { close() }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileIO.WriteError(description: "cannot write \(path): \(errnoText())")
            }
            offset += written
        }
    }

    /// On disk, not just in the page cache: a power cut after a rename must not leave an empty file.
    func sync() throws {
        guard fsync(descriptor) == 0 else {
            throw FileIO.WriteError(description: "cannot write \(path): \(errnoText())")
        }
    }

    package func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    private func systemClose(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }
}

/// A file read a chunk at a time.
package final class FileInput {
    package let path: String
    private let descriptor: Int32

    /// Nil when there is no such file; throws when it exists but cannot be opened.
    package init?(reading path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw FileIO.WriteError(description: "cannot read \(path): \(errnoText())")
        }
    }

    deinit {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// The next bytes into `buffer`: how many, 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            #else
                let count = Darwin.read(descriptor, buffer.baseAddress!, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno != EINTR { throw FileIO.WriteError(description: "cannot read \(path): \(errnoText())") }
        }
    }
}

extension FileIO {
    /// Writes through `body` into a temporary file beside `path`, flushed to disk, then renamed over
    /// `path`: a reader, or the next run after a `kill -9` or a power cut, finds the old file or the
    /// new one, whole. Nothing is left behind when `body` or the disk fails.
    package static func writeDurably(to path: String, _ body: (FileOutput) throws -> Void) throws {
        try PendingFile(writing: path, body).commit()
    }

    /// Copies a file, however large, in chunks.
    package static func copy(from source: String, to output: FileOutput) throws {
        guard let input = try FileInput(reading: source) else {
            throw WriteError(description: "cannot read \(source): no such file")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try input.read(into: buffer)
            if count == 0 { return }
            try output.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}

private func errnoText() -> String { String(cString: strerror(errno)) }

/// `FileIO.writeDurably` in two halves, for a file that may take its place only after another's: the
/// new file is written beside `path` and flushed to disk now, and renamed over `path` by `commit()`
/// (or removed by `abandon()`).
package struct PendingFile: Sendable {
    package let path: String
    private let temporary: String

    package init(writing path: String, _ body: (FileOutput) throws -> Void) throws {
        self.path = path
        temporary = "\(path).tmp-\(UInt32.random(in: 0...UInt32.max))"
        do {
            let output = try FileOutput(creating: temporary)
            try body(output)
            try output.sync()
            output.close()
        } catch {
            abandon()
            throw error
        }
    }

    /// Over the old file; a reader finds the old one or this one, whole.
    package func commit() throws {
        guard rename(temporary, path) == 0 else {
            let error = FileIO.WriteError(description: "cannot replace \(path): \(errnoText())")
            abandon()
            throw error
        }
        // The rename itself is durable only once the folder is.
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            #if canImport(Glibc)
                _ = Glibc.close(folder)
            #else
                _ = Darwin.close(folder)
            #endif
        }
    }

    package func abandon() { unlink(temporary) }
}
