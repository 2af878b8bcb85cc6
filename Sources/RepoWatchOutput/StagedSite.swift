import Foundation
import RepoWatchStorage
import RepoWatchSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A site being written: safe to fill from several threads at once.
///
/// A file whose bytes equal the published site's is not written: the published file gets a second
/// name in the staging folder (a hard link), so after the swap it is the same file, inode and
/// modification time included, and `serve`, rsync or a deploy see only what really changed. A file
/// that differs is written as a file of its own, never through a name it shares with the published
/// site.
package final class StagedSite: Sendable {
    private let writer: SiteWriter
    package let folder: URL
    private let root: String
    /// The site this one replaces, if there is one.
    private let published: String?
    /// Whether the folder started as the site before last, whose entries must be checked, rather
    /// than empty.
    private let reused: Bool
    private let state: Mutex<State>

    private struct State {
        /// What this build wrote, and the folders it made: the rest of a reused tree goes at `commit()`.
        var written = WrittenPaths()
        /// Files left as the published site held them.
        var kept = 0
        /// The size of every file of the site, each file once however it was placed.
        var bytes = 0
        /// What was not written is already gone (`prune()`): what is added after it is all written.
        var pruned = false
    }

    init(writer: SiteWriter, folder: URL, published: URL?, reused: Bool) {
        self.writer = writer
        self.folder = folder
        self.root = folder.standardizedFileURL.path
        self.published = published?.path
        self.reused = reused
        var state = State()
        state.written.insert(folder: "")
        self.state = Mutex(state)
    }

    /// Every file of the site.
    package var fileCount: Int {
        state.withLock { $0.written.fileCount }
    }

    /// Files whose bytes were written by this build.
    var writtenCount: Int {
        state.withLock { $0.written.fileCount - $0.kept }
    }

    /// Files the published site already held with the same bytes, kept as they were.
    package var unchangedCount: Int {
        state.withLock { $0.kept }
    }

    /// The size of every file of the site, added up (each file once, however it was placed).
    package var byteCount: Int {
        state.withLock { $0.bytes }
    }

    package func add(_ path: String, _ data: Data) throws {
        try SiteWriter.validate(path)
        let again = state.withLock {
            let again = !$0.written.insert(file: path)
            if !again { $0.bytes += data.count }
            return again
        }
        try makeFolder(Self.parent(of: path))
        do {
            if try !place(data, at: path, checkExisting: reused || again) {
                state.withLock { $0.kept += again ? 0 : 1 }
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
        let again = state.withLock { !$0.written.insert(file: path) }
        try makeFolder(Self.parent(of: path))
        let destination = root + "/" + path
        do {
            // Never write through a name the published site shares (an unchanged file kept last time).
            if FileTree.entry(destination) != nil { try FileTree.remove(destination) }
            try write(destination)
            let size = FileTree.size(destination)
            state.withLock { $0.bytes += again ? 0 : size }
            if let published, FileTree.sameBytes(published + "/" + path, destination) {
                try FileTree.remove(destination)
                if FileTree.hardLink(published + "/" + path, to: destination) {
                    state.withLock { $0.kept += again ? 0 : 1 }
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
        try state.withLock { try makeFolderLocked(relative, &$0.written) }
    }

    private func makeFolderLocked(_ relative: String, _ written: inout WrittenPaths) throws {
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
                try makeFolderLocked(Self.parent(of: relative), &written)
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
        let written = state.withLock {
            $0.pruned = true
            return $0.written
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
    /// - Parameter keepingPrevious: false when the previous site may show what this one must not
    ///   (a private repository this build leaves out): it is removed, not kept aside for reuse.
    package func commit(keepingPrevious: Bool = true) throws {
        do {
            if !state.withLock({ $0.pruned }) { try prune() }
            try writer.swapIn(folder, keepingPrevious: keepingPrevious)
        } catch {
            abandon()
            throw SiteWriter.plain(error, writing: writer.target.path)
        }
    }

    package func abandon() {
        try? FileManager.default.removeItem(at: folder)
    }
}
