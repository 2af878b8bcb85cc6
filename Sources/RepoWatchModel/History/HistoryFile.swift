import Foundation
import RepoWatchStorage
import RepoWatchSupport

/// The history file on disk, beside the response cache.
package struct HistoryFile: Sendable {
    package let url: URL

    package init(cacheDirectory: URL) {
        url = KeptFile.history.url(cache: cacheDirectory)
    }

    package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The recorded history; empty when there is none yet. A file that cannot be read is renamed
    /// aside (never deleted: it may be all a site has), to be restored as a missing one is.
    package func load(now: Date, warn: (String) -> Void) -> History {
        do {
            guard let input = try FileInput(reading: url.path) else { return History() }
            // Years of points for every repository, packed: spooled beside the cache, not in memory.
            let cache = url.deletingLastPathComponent()
            let spool = RecordSpool(inFirstOf: [cache.deletingLastPathComponent(), cache])
            return try HistoryReader(file: input, spool: spool).history()
        } catch {
            let stamp = Formatting.iso(now).replacingOccurrences(of: ":", with: "-")
            let aside = url.deletingLastPathComponent().appendingPathComponent(KeptFile.historyAside.name + stamp)
            try? FileManager.default.removeItem(at: aside)
            let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
            warn(
                "\(url.path): cannot read the history (\(ErrorText.describe(error))); "
                    + (moved ? "moved it to \(aside.lastPathComponent)" : "it could not be moved aside"))
            return History()
        }
    }

    package func save(_ data: Data) throws {
        try save { output in try data.withUnsafeBytes { try output.write($0) } }
    }

    /// The whole history (where the published file is a cut of it).
    package func save(_ history: History) throws {
        try save { output in try history.write(to: output) }
    }

    /// The whole history written beside the file and flushed to disk, to take the file's place once
    /// the site has taken its own (`PendingFile.commit`).
    package func prepare(_ history: History) throws -> PendingFile {
        try pending { output in try history.write(to: output) }
    }

    /// A copy of the published file: the same bytes, serialized once.
    package func save(copying published: URL) throws {
        try save { output in try FileIO.copy(from: published.path, to: output) }
    }

    /// Written beside the old file, flushed to disk and renamed over it: a build killed at any
    /// moment leaves the old history or the new one, each valid JSON.
    private func save(_ body: (FileOutput) throws -> Void) throws {
        try pending(body).commit()
    }

    /// Written beside the old file and flushed to disk, not yet renamed over it.
    private func pending(_ body: (FileOutput) throws -> Void) throws -> PendingFile {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        removeLeftovers(in: folder)
        return try PendingFile(writing: url.path, body)
    }

    /// A build killed while saving leaves its temporary file; a minute later no build is writing it.
    private func removeLeftovers(in folder: URL) {
        let manager = FileManager.default
        let prefix = url.lastPathComponent + ".tmp-"
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                Date().timeIntervalSince(modified) > 60
            else { continue }
            try? manager.removeItem(atPath: path)
        }
    }
}
