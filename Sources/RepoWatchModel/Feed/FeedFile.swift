import Foundation
import RepoWatchSupport

/// `feed.json` in the cache folder: the feeds' memory between builds; what each repository looked
/// like is in `feed-memory.tsv` beside it (`FeedMemoryTable`).
package struct FeedFile: Sendable {
    package let url: URL
    let memoryURL: URL

    package init(cacheDirectory: URL) {
        url = KeptFile.feed.url(cache: cacheDirectory)
        memoryURL = KeptFile.feedMemory.url(cache: cacheDirectory)
    }

    package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The saved state; empty when there is none. A file that cannot be read is renamed aside (it
    /// may be all the site has of its feed), to be restored as a missing one is.
    /// `withTable`: false leaves a schema 2 file's repositories in `feed-memory.tsv` (`lookup()`).
    package func load(now: Date, withTable: Bool = true, warn: (String) -> Void) -> FeedState {
        guard let data = FileManager.default.contents(atPath: url.path) else { return FeedState() }
        do {
            var state = try FeedState.parse(data)
            // Schema 1 kept the repositories in feed.json; without the table they are seen as new.
            if withTable, state.repos.isEmpty, let table = FileManager.default.contents(atPath: memoryURL.path) {
                state.repos = FeedMemoryTable.decode(table)
            }
            return state
        } catch {
            let stamp = Formatting.iso(now).replacingOccurrences(of: ":", with: "-")
            let aside = url.deletingLastPathComponent().appendingPathComponent(KeptFile.feedAside.name + stamp)
            try? FileManager.default.removeItem(at: aside)
            let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
            warn(
                "\(url.path): cannot read the feed (\(ErrorText.describe(error))); "
                    + (moved ? "moved it to \(aside.lastPathComponent)" : "it could not be moved aside"))
            return FeedState()
        }
    }

    /// Where `stageMemory` writes the repositories' table until `save` puts it in place.
    package var stagedMemoryURL: URL { memoryURL.appendingPathExtension("next") }

    /// The repositories' table, to look up without reading it into a dictionary; empty without one.
    package func lookup() -> FeedMemoryTable.Lookup {
        FeedMemoryTable.Lookup(FileManager.default.contents(atPath: memoryURL.path) ?? Data())
    }

    /// Writes the next repositories' table beside the live one as `body` tells it (`remember`),
    /// line by line: nothing of it is held. `save` puts it in place once the site is written; a build
    /// that fails before leaves the live table as it was. A table that cannot be written throws,
    /// with nothing staged (any earlier leftover removed).
    package func stageMemory(_ body: (_ remember: (String, FeedMemory) -> Void) -> Void) throws {
        try? FileManager.default.removeItem(at: stagedMemoryURL)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try FileIO.writeDurably(to: stagedMemoryURL.path) { output in
                var writer = FeedMemoryTable.Writer(output)
                body { writer.add($0, $1) }
                try writer.finish()
            }
        } catch {
            try? FileManager.default.removeItem(at: stagedMemoryURL)
            throw error
        }
    }

    /// `feed.json` alone, flushed beside the old one and renamed over it; the repositories' table
    /// stays as it is.
    func saveEntries(_ state: FeedState) throws {
        let data = try FeedState.encoder.encode(state) + Data("\n".utf8)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeDurably(to: url.path) { output in try data.withUnsafeBytes { try output.write($0) } }
    }

    /// Drops the entries of every repository but `listed`'s, in place; true when any went. A schema 1
    /// file (its repositories held in it) is written whole in the current schema; one that does not
    /// read is left to `load`, which moves it aside.
    package func keepEntries(of listed: [RepoName]) throws -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path), var state = try? FeedState.parse(data)
        else { return false }
        let told = Set(state.entries.map(\.repo))
        guard !told.isEmpty else { return false }
        var kept = Set<String>()
        for name in listed where told.contains(name.key) { kept.insert(name.key) }
        guard kept.count < told.count else { return false }
        state.entries.removeAll { !kept.contains($0.repo) }
        if state.repos.isEmpty {
            try saveEntries(state)
        } else {
            try? FileManager.default.removeItem(at: stagedMemoryURL)
            try save(state)
        }
        return true
    }

    /// Each file flushed beside the old one and renamed over it: a killed build leaves valid files.
    /// The repositories' table is the one `stageMemory` wrote, if any, else `state.repos`. The
    /// entries first: killed between the two, the next build tells this one's events again,
    /// under the same ids, so nothing is told twice and nothing is missed.
    package func save(_ state: FeedState) throws {
        try saveEntries(state)
        if FileManager.default.fileExists(atPath: stagedMemoryURL.path) {
            guard rename(stagedMemoryURL.path, memoryURL.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: memoryURL.path])
            }
            return
        }
        try FileIO.writeDurably(to: memoryURL.path) { try FeedMemoryTable.write(state.repos, to: $0) }
    }
}
