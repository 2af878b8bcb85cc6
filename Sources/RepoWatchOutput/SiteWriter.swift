import CRenameExchange
import Foundation
import RepoWatchModel
import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole site into a temporary folder beside the target and swaps it in at the end, so a
/// failed or interrupted build leaves the previous `public/` exactly as it was.
package struct SiteWriter: Sendable {
    /// The folder swapped at the end: the output folder, or, when it is a symbolic link (`public ->
    /// /srv/www`), the folder the link leads to, so the link stays and the site lands where it points.
    package let target: URL
    /// The output folder as named, when that is a link to `target`.
    private let link: URL?

    package init(target: URL) {
        let named = target.standardizedFileURL
        self.target = Self.throughLinks(named)
        link = self.target == named ? nil : named
    }

    /// `url` with each symbolic link at its end followed (a few hops at most); a link that leads
    /// nowhere yet still names the folder to create.
    static func throughLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<8 {
            guard FileTree.entry(current.path)?.kind == .link,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
            else { break }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
            current = current.standardizedFileURL
        }
        return current
    }

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
        // Only a folder of ours is written over. A link kept aside (an older build swapped a linked
        // output folder and kept the link as the "previous site") would have this build write into
        // wherever it leads; beside a linked output folder nothing is kept any more.
        if let kept = FileTree.entry(recycled.path), kept.kind != .folder { try? FileTree.remove(recycled.path) }
        if let link, FileTree.entry(Self.recycled(beside: link).path) != nil {
            try? FileTree.remove(Self.recycled(beside: link).path)
        }
        if FileTree.entry(recycled.path)?.kind == .folder, (try? manager.moveItem(at: recycled, to: staging)) != nil {
            return StagedSite(writer: self, folder: staging, published: published, reused: true)
        }
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        return StagedSite(writer: self, folder: staging, published: published, reused: false)
    }

    /// The previous site, kept for the next build to write over. Hidden, and ignored by git.
    var recycled: URL { Self.recycled(beside: target) }

    private static func recycled(beside folder: URL) -> URL {
        KeptFile.previousSite.url(besideOutput: folder)
    }

    /// Keeps a replaced site as the next build's staging folder.
    func keepForReuse(_ previous: URL) {
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
        let reason = posix.map { String(cString: strerror(Int32($0.code))) } ?? ErrorText.describe(error)
        return WriteError.io("cannot write \(path): \(reason)")
    }

    /// Paths come from validated names, but check anyway: nothing may escape the output folder.
    package static func validate(_ path: String) throws {
        // Byte by byte (called for every file): no part may be empty (a leading, doubled or final
        // slash, or no path at all), "." or "..".
        var length = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard length > 0, !(onlyDots && length <= 2) else { throw WriteError.unsafePath(path) }
                (length, onlyDots) = (0, true)
            } else {
                length += 1
                onlyDots = onlyDots && byte == UInt8(ascii: ".")
            }
        }
        guard length > 0, !(onlyDots && length <= 2) else { throw WriteError.unsafePath(path) }
    }

    /// - Parameter keepingPrevious: false drops the replaced site instead of keeping it for the next
    ///   build to write over (`keepForReuse`): it may show what this site must not keep.
    func swapIn(_ staging: URL, keepingPrevious: Bool = true) throws {
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
            keepingPrevious ? keepForReuse(staging) : drop(staging)
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
        keepingPrevious ? keepForReuse(old) : drop(old)
    }

    /// A replaced site not kept: the one kept before it goes too, so nothing older stays beside the site.
    private func drop(_ previous: URL) {
        try? FileManager.default.removeItem(at: previous)
        try? FileManager.default.removeItem(at: recycled)
    }
}
