import CRenameExchange
import Foundation

/// Writes a whole site into a temporary folder beside the target and swaps it in at the end, so a
/// failed or interrupted build leaves the previous `public/` exactly as it was.
struct SiteWriter: Sendable {
    let target: URL

    init(target: URL) { self.target = target.standardizedFileURL }

    enum WriteError: Error, CustomStringConvertible {
        case unsafePath(String)
        case io(String)

        var description: String {
            switch self {
            case .unsafePath(let path): return "refusing to write outside the output folder: \(path)"
            case .io(let reason): return reason
            }
        }
    }

    /// `files`: root-relative path → bytes.
    func write(_ files: [String: Data]) throws {
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
    func begin() throws -> StagedSite {
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
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: recycled.path, isDirectory: &isDirectory), isDirectory.boolValue,
            (try? manager.moveItem(at: recycled, to: staging)) != nil
        {
            return StagedSite(writer: self, folder: staging)
        }
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        return StagedSite(writer: self, folder: staging)
    }

    /// The previous site, kept for the next build to write over. Hidden, and ignored by git.
    var recycled: URL {
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
        try? FileIO.write(Data("*\n".utf8), to: recycled.appendingPathComponent(".gitignore").path)
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
    static func plain(_ error: Error, writing path: String) -> Error {
        if error is WriteError || error is FileIO.WriteError { return error }
        let nsError = error as NSError
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let posix = [nsError, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
        let reason = posix.map { String(cString: strerror(Int32($0.code))) } ?? nsError.localizedDescription
        return WriteError.io("cannot write \(path): \(reason)")
    }

    /// Paths come from validated names, but check anyway: nothing may escape the output folder.
    static func validate(_ path: String) throws {
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
final class StagedSite: @unchecked Sendable {
    private let writer: SiteWriter
    let folder: URL
    private let lock = NSLock()
    private var madeFolders: Set<String> = []
    private var written: Set<String> = []

    fileprivate init(writer: SiteWriter, folder: URL) {
        self.writer = writer
        self.folder = folder
    }

    var fileCount: Int {
        lock.withLock { written.count }
    }

    func add(_ path: String, _ data: Data) throws {
        try add(path) { try FileIO.write(data, to: $0) }
    }

    /// A file too big to hold in memory: `write` creates it at the path it is given.
    func add(_ path: String, writingWith write: (_ path: String) throws -> Void) throws {
        try SiteWriter.validate(path)
        let url = folder.appendingPathComponent(path)
        let parent = url.deletingLastPathComponent().path
        // Folders are made under the lock so no thread writes into one another is still creating.
        do {
            try lock.withLock {
                if madeFolders.insert(parent).inserted { try Self.makeFolder(parent) }
            }
        } catch {
            throw SiteWriter.plain(error, writing: parent)
        }
        // No fsync per file: durability is not needed here, the swap in `commit()` is what readers see.
        do {
            try write(url.path)
        } catch {
            // The reused tree may hold a folder where this build writes a file.
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw error }
            try FileManager.default.removeItem(atPath: url.path)
            try write(url.path)
        }
        lock.withLock { _ = written.insert(path) }
    }

    /// Like `mkdir -p`, except that a file in the way (left in the reused tree) is replaced.
    private static func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            var ancestor = URL(fileURLWithPath: path)
            while ancestor.path != "/" {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                    if !isDirectory.boolValue { try FileManager.default.removeItem(at: ancestor) }
                    break
                }
                ancestor.deleteLastPathComponent()
            }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// "a/b/c.html" → "a/b"; "c.html" → "".
    static func parent(of relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// Removes what the reused tree held that this build did not write, and the folders left empty.
    private func removeUnwritten() throws {
        let manager = FileManager.default
        let root = folder.standardizedFileURL.path
        let keep = lock.withLock { written }
        var emptied: Set<String> = []
        guard let walker = manager.enumerator(atPath: root) else { return }
        for case let relative as String in walker {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !keep.contains(relative)
            else { continue }
            try manager.removeItem(atPath: path)
            emptied.insert(Self.parent(of: relative))
        }
        // Deepest first, so a folder emptied by removing its subfolder goes too.
        for relative in emptied.sorted(by: { $0.count > $1.count }) where !relative.isEmpty {
            var current = relative
            while !current.isEmpty, (try? manager.contentsOfDirectory(atPath: root + "/" + current))?.isEmpty == true {
                try? manager.removeItem(atPath: root + "/" + current)
                current = Self.parent(of: current)
            }
        }
    }

    /// Swaps the finished site in for the previous one.
    func commit() throws {
        do {
            try removeUnwritten()
            try writer.swapIn(folder)
        } catch {
            abandon()
            throw SiteWriter.plain(error, writing: writer.target.path)
        }
    }

    func abandon() {
        try? FileManager.default.removeItem(at: folder)
    }
}
