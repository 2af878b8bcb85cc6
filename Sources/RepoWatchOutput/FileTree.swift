import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few system calls the site writer makes per file, on plain path strings: `URL` stats the
/// file system to decide whether a path is a folder, and `FileManager` stats every component, which
/// for 70,000 files cost more than the writes.
package enum FileTree {
    /// Who a directory entry is: enough to tell "the same file" from "a file with the same name".
    package struct Entry: Equatable {
        package var device: UInt64
        package var inode: UInt64
        package var links: UInt64
        package var kind: Kind

        package enum Kind { case file, folder, link, other }

        package static func == (a: Entry, b: Entry) -> Bool { a.device == b.device && a.inode == b.inode }
    }

    /// The entry at `path` itself (a symbolic link is not followed), nil if there is none.
    package static func entry(_ path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Entry(info)
    }

    /// The size of the file at `path` in bytes, 0 when there is none.
    package static func size(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }

    /// The regular file at `path` when it holds exactly `data`, nil otherwise (missing, another
    /// size, other bytes, a link or a folder). Reading back costs less than hashing the new bytes.
    package static func file(_ path: String, holding data: Data) -> Entry? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Entry(info).kind == .file, Int(info.st_size) == data.count else {
            return nil
        }
        let same = data.withUnsafeBytes { expected -> Bool in
            let chunk = min(max(expected.count, 1), 1 << 16)
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
            defer { buffer.deallocate() }
            var offset = 0
            while offset < expected.count {
                let count = read(descriptor, buffer, min(chunk, expected.count - offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0, memcmp(buffer, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
        return same ? Entry(info) : nil
    }

    /// Whether two regular files hold the same bytes, compared in chunks (either may be large).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let first = open(a, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard first >= 0 else { return false }
        defer { close(first) }
        let second = open(b, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard second >= 0 else { return false }
        defer { close(second) }
        var infoA = stat()
        var infoB = stat()
        guard fstat(first, &infoA) == 0, fstat(second, &infoB) == 0, Entry(infoA).kind == .file,
            Entry(infoB).kind == .file, infoA.st_size == infoB.st_size
        else { return false }
        let chunk = 1 << 16
        let bufferA = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        let bufferB = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer {
            bufferA.deallocate()
            bufferB.deallocate()
        }
        while true {
            let countA = readFully(first, bufferA, chunk)
            let countB = readFully(second, bufferB, chunk)
            guard countA == countB, countA >= 0 else { return false }
            if countA == 0 { return true }
            guard memcmp(bufferA, bufferB, countA) == 0 else { return false }
        }
    }

    /// Reads until `count` bytes or the end of the file; -1 on an error.
    private static func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        var total = 0
        while total < count {
            let got = read(descriptor, buffer + total, count - total)
            if got < 0, errno == EINTR { continue }
            if got < 0 { return -1 }
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// `mkdir`, treating "already there" as success; the caller checks what is there if it matters.
    /// Returns 0 or the error number.
    static func makeFolder(_ path: String) -> Int32 {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return 0 }
        return errno
    }

    /// A second name for the file at `source`; false where the file system has no hard links.
    static func hardLink(_ source: String, to destination: String) -> Bool {
        link(source, destination) == 0
    }

    /// Removes whatever is at `path`, a folder with its contents included.
    package static func remove(_ path: String) throws {
        if unlink(path) == 0 || errno == ENOENT { return }
        try FileManager.default.removeItem(atPath: path)
    }

    /// Every file under `root` ("a/b.html"), and every folder after its contents, without a stat
    /// per entry where the directory listing says what each entry is.
    package static func walk(
        _ root: String, _ relative: String = "", file: (String) throws -> Void, folder: (String) -> Void
    )
        rethrows
    {
        let path = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(path) else { return }
        var names: [(String, Bool)] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let isFolder: Bool
            switch Int32(item.pointee.d_type) {
            case Int32(DT_DIR): isFolder = true
            case Int32(DT_UNKNOWN): isFolder = entry(path + "/" + name)?.kind == .folder
            default: isFolder = false
            }
            names.append((name, isFolder))
        }
        closedir(directory)
        for (name, isFolder) in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            if isFolder {
                try walk(root, child, file: file, folder: folder)
                folder(child)
            } else {
                try file(child)
            }
        }
    }
}

extension FileTree.Entry {
    fileprivate init(_ info: stat) {
        let kind: Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), links: UInt64(info.st_nlink), kind: kind)
    }
}
