import CRenameExchange
import Foundation
import RepoWatchStorage
import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole site into a temporary folder beside the target and swaps it in at the end, so a
/// failed or interrupted build leaves the previous `public/` exactly as it was.
package struct SiteWriter: Sendable {
    package let target: URL

    package init(target: URL) { self.target = target.standardizedFileURL }

    package enum WriteError: Error, CustomStringConvertible {
        case unsafePath(String)
        case io(String)

        package var description: String {
            switch self {
            case .unsafePath(let path): return "refusing to write outside the output folder: \(path)"
            case .io(let reason): return reason
            }
        }
    }

    /// `files`: root-relative path → bytes.
    package func write(_ files: [String: Data]) throws {
        let staged = try begin()
        do {
            for (path, data) in files { try staged.add(path, data) }
            try staged.commit()
        } catch {
            staged.abandon()
            throw error
        }
    }

    /// Opens a staging folder beside the target; files are written as they are produced, so a big
    /// site is never held in memory, and nothing is visible until `commit()`.
    ///
    /// The staging folder starts as the site before last, kept aside by the previous build: files
    /// are overwritten in place and the ones not written again are removed at `commit()`. Creating
    /// and deleting every file each build made ext4 hunt for free inodes past the ones just
    /// deleted, which cost more than rendering a large site.
    package func begin() throws -> StagedSite {
        do {
            return try openStaging()
        } catch {
            throw Self.plain(error, writing: target.deletingLastPathComponent().path)
        }
    }

    private func openStaging() throws -> StagedSite {
        let manager = FileManager.default
        let parent = target.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeLeftovers(in: parent)
        let staging = parent.appendingPathComponent(
            ".\(target.lastPathComponent).building-\(UUID().uuidString.prefix(8))")
        let published = FileTree.entry(target.path)?.kind == .folder ? target : nil
        if FileTree.entry(recycled.path)?.kind == .folder, (try? manager.moveItem(at: recycled, to: staging)) != nil {
            return StagedSite(writer: self, folder: staging, published: published, reused: true)
        }
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        return StagedSite(writer: self, folder: staging, published: published, reused: false)
    }

    /// The previous site, kept for the next build to write over. Hidden, and ignored by git.
    package var recycled: URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).recycled")
    }

    /// Keeps a replaced site as the next build's staging folder.
    fileprivate func keepForReuse(_ previous: URL) {
        let manager = FileManager.default
        try? manager.removeItem(at: recycled)
        guard (try? manager.moveItem(at: previous, to: recycled)) != nil else {
            try? manager.removeItem(at: previous)
            return
        }
        // Beside a site in a git checkout this folder would show as untracked; `*` hides it.
        // A new file: the recycled tree shares most of its files with the published site.
        try? FileIO.writeAtomically(Data("*\n".utf8), to: recycled.appendingPathComponent(".gitignore").path)
    }

    /// A build killed mid-way leaves its hidden staging folder behind; the next build clears it. One
    /// killed between the two moves of the fallback swap leaves only the old site aside: put it back.
    private func removeLeftovers(in parent: URL) {
        let building = ".\(target.lastPathComponent).building-"
        let old = ".\(target.lastPathComponent).old-"
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        if !manager.fileExists(atPath: target.path), let previous = names.first(where: { $0.hasPrefix(old) }) {
            try? manager.moveItem(at: parent.appendingPathComponent(previous), to: target)
        }
        for name in names where name.hasPrefix(building) || name.hasPrefix(old) {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// Foundation's file errors read "Error Domain=NSCocoaErrorDomain Code=642 … UserInfo={…}"; a
    /// full or read-only disk is reported the way `cp` would: what could not be written, and why.
    package static func plain(_ error: Error, writing path: String) -> Error {
        if error is WriteError || error is FileIO.WriteError { return error }
        let nsError = error as NSError
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let posix = [nsError, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
        let reason = posix.map { String(cString: strerror(Int32($0.code))) } ?? nsError.localizedDescription
        return WriteError.io("cannot write \(path): \(reason)")
    }

    /// Paths come from validated names, but check anyway: nothing may escape the output folder.
    package static func validate(_ path: String) throws {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else {
            throw WriteError.unsafePath(path)
        }
    }

    fileprivate func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
            try manager.moveItem(at: staging, to: target)
            return
        }
        guard isDirectory.boolValue else {
            throw WriteError.io("\(target.path) exists and is not a folder")
        }
        if rws_rename_exchange(staging.path, target.path) == 0 {
            // `staging` now holds the previous site.
            keepForReuse(staging)
            return
        }
        // No atomic exchange here: move the old site aside, then the new one in.
        let old = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).old-\(UUID().uuidString.prefix(8))")
        try manager.moveItem(at: target, to: old)
        do {
            try manager.moveItem(at: staging, to: target)
        } catch {
            try? manager.moveItem(at: old, to: target)
            throw error
        }
        keepForReuse(old)
    }
}

/// A site being written: safe to fill from several threads at once.
///
/// A file whose bytes equal the published site's is not written: the published file gets a second
/// name in the staging folder (a hard link), so after the swap it is the same file, inode and
/// modification time included, and `serve`, rsync or a deploy see only what really changed. A file
/// that differs is written as a file of its own, never through a name it shares with the published
/// site.
package final class StagedSite: @unchecked Sendable {
    private let writer: SiteWriter
    package let folder: URL
    private let root: String
    /// The site this one replaces, if there is one.
    private let published: String?
    /// Whether the folder started as the site before last, whose entries must be checked, rather
    /// than empty.
    private let reused: Bool
    private let lock = NSLock()
    /// What this build wrote, and the folders it made: the rest of a reused tree goes at `commit()`.
    private var written = WrittenPaths()
    private var kept = 0
    /// What was not written is already gone (`prune()`): what is added after it is all written.
    private var pruned = false

    fileprivate init(writer: SiteWriter, folder: URL, published: URL?, reused: Bool) {
        self.writer = writer
        self.folder = folder
        self.root = folder.standardizedFileURL.path
        self.published = published?.path
        self.reused = reused
        written.insert(folder: "")
    }

    /// Every file of the site.
    package var fileCount: Int {
        lock.withLock { written.fileCount }
    }

    /// Files whose bytes were written by this build.
    package var writtenCount: Int {
        lock.withLock { written.fileCount - kept }
    }

    /// Files the published site already held with the same bytes, kept as they were.
    package var unchangedCount: Int {
        lock.withLock { kept }
    }

    package func add(_ path: String, _ data: Data) throws {
        try SiteWriter.validate(path)
        let again = lock.withLock { !written.insert(file: path) }
        try makeFolder(Self.parent(of: path))
        do {
            if try !place(data, at: path, checkExisting: reused || again) {
                lock.withLock { kept += again ? 0 : 1 }
            }
        } catch {
            throw SiteWriter.plain(error, writing: root + "/" + path)
        }
    }

    /// A file too big to hold in memory (`data/history.json`): `write` creates it at the path it is
    /// given. Written as a file of its own, then, when its bytes equal the published file's, swapped
    /// for a second name of that file like any other unchanged file.
    package func add(_ path: String, writingWith write: (_ path: String) throws -> Void) throws {
        try SiteWriter.validate(path)
        let again = lock.withLock { !written.insert(file: path) }
        try makeFolder(Self.parent(of: path))
        let destination = root + "/" + path
        do {
            // Never write through a name the published site shares (an unchanged file kept last time).
            if FileTree.entry(destination) != nil { try FileTree.remove(destination) }
            try write(destination)
            if let published, FileTree.sameBytes(published + "/" + path, destination) {
                try FileTree.remove(destination)
                if FileTree.hardLink(published + "/" + path, to: destination) {
                    lock.withLock { kept += again ? 0 : 1 }
                } else {
                    try write(destination)
                }
            }
        } catch {
            throw SiteWriter.plain(error, writing: destination)
        }
    }

    /// Puts the bytes in the staging folder; false when the published file, holding the same
    /// bytes, is kept instead.
    private func place(_ data: Data, at path: String, checkExisting: Bool) throws -> Bool {
        let destination = root + "/" + path
        let existing = checkExisting ? FileTree.entry(destination) : nil
        if let published, let same = FileTree.file(published + "/" + path, holding: data) {
            if existing == same { return false }
            if existing != nil { try FileTree.remove(destination) }
            if FileTree.hardLink(published + "/" + path, to: destination) { return false }
        } else if let existing, existing.kind != .file || existing.links > 1 {
            try FileTree.remove(destination)
        }
        // No fsync per file: durability is not needed here, the swap in `commit()` is what readers see.
        try FileIO.write(data, to: destination)
        return true
    }

    /// Like `mkdir -p`, except that a file in the way (left in the reused tree) is replaced. Under
    /// the lock, so no thread writes into a folder another is still creating; once per folder.
    private func makeFolder(_ relative: String) throws {
        try lock.withLock { try makeFolderLocked(relative) }
    }

    private func makeFolderLocked(_ relative: String) throws {
        guard !written.containsFolder(relative) else { return }
        let path = root + "/" + relative
        if mkdir(path, 0o755) != 0 {
            switch errno {
            case EEXIST:
                if FileTree.entry(path)?.kind != .folder {
                    try FileTree.remove(path)
                    try makeFolderAgain(path)
                }
            case ENOENT, ENOTDIR:
                try makeFolderLocked(Self.parent(of: relative))
                try makeFolderAgain(path)
            default:
                throw SiteWriter.WriteError.io("cannot create \(path): \(String(cString: strerror(errno)))")
            }
        }
        written.insert(folder: relative)
    }

    private func makeFolderAgain(_ path: String) throws {
        guard FileTree.makeFolder(path) == 0 else {
            throw SiteWriter.WriteError.io("cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// "a/b/c.html" → "a/b"; "c.html" → "".
    package static func parent(of relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// Removes what the reused tree held that this build did not write, and the folders left empty
    /// (a folder this build made holds a file it wrote; any other is removed if it ends up empty).
    /// Called before `commit()` when the finished tree must be read first (Pagefind indexes it).
    package func prune() throws {
        guard reused else { return }
        let written = lock.withLock {
            pruned = true
            return self.written
        }
        try FileTree.walk(
            root,
            file: { relative in
                if !written.contains(file: relative) { try FileTree.remove(root + "/" + relative) }
            },
            folder: { relative in
                if !written.containsFolder(relative) { rmdir(root + "/" + relative) }
            })
    }

    /// Swaps the finished site in for the previous one.
    package func commit() throws {
        do {
            if !lock.withLock({ pruned }) { try prune() }
            try writer.swapIn(folder)
        } catch {
            abandon()
            throw SiteWriter.plain(error, writing: writer.target.path)
        }
    }

    package func abandon() {
        try? FileManager.default.removeItem(at: folder)
    }
}
