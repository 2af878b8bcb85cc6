import CRenameExchange
import Foundation

/// Writes a whole site into a temporary folder beside the target and swaps it in at the end, so a
/// failed or interrupted build leaves the previous `public/` exactly as it was.
public struct SiteWriter: Sendable {
    public let target: URL

    public init(target: URL) { self.target = target.standardizedFileURL }

    public enum WriteError: Error, CustomStringConvertible {
        case unsafePath(String)
        case io(String)

        public var description: String {
            switch self {
            case .unsafePath(let path): return "refusing to write outside the output folder: \(path)"
            case .io(let reason): return reason
            }
        }
    }

    /// `files`: root-relative path → bytes.
    public func write(_ files: [String: Data]) throws {
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
    public func begin() throws -> StagedSite {
        let manager = FileManager.default
        let parent = target.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeLeftovers(in: parent)
        let staging = parent.appendingPathComponent(
            ".\(target.lastPathComponent).building-\(UUID().uuidString.prefix(8))")
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        return StagedSite(writer: self, folder: staging)
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
            try? manager.removeItem(at: staging)
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
        try? manager.removeItem(at: old)
    }
}

/// A site being written: safe to fill from several threads at once.
public final class StagedSite: @unchecked Sendable {
    private let writer: SiteWriter
    public let folder: URL
    private let lock = NSLock()
    private var madeFolders: Set<String> = []
    private var count = 0

    fileprivate init(writer: SiteWriter, folder: URL) {
        self.writer = writer
        self.folder = folder
    }

    public var fileCount: Int {
        lock.withLock { count }
    }

    public func add(_ path: String, _ data: Data) throws {
        try SiteWriter.validate(path)
        let url = folder.appendingPathComponent(path)
        let parent = url.deletingLastPathComponent().path
        // Folders are made under the lock so no thread writes into one another is still creating.
        try lock.withLock {
            if madeFolders.insert(parent).inserted {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
        }
        // No fsync per file: durability is not needed here, the swap in `commit()` is what readers see.
        try FileIO.write(data, to: url.path)
        lock.withLock { count += 1 }
    }

    /// Swaps the finished site in for the previous one.
    public func commit() throws {
        do {
            try writer.swapIn(folder)
        } catch {
            abandon()
            throw error
        }
    }

    public func abandon() {
        try? FileManager.default.removeItem(at: folder)
    }
}
