import Foundation
import RepoWatchSupport

/// `feed.json` in the cache folder: the feeds' memory between builds; what each repository looked
/// like is in `feed-memory.tsv` beside it (`FeedMemoryTable`).
package struct FeedFile: Sendable {
    package let url: URL
    package let memoryURL: URL

    package init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent("feed.json")
        memoryURL = cacheDirectory.appendingPathComponent(FeedMemoryTable.fileName)
    }

    package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The saved state; empty when there is none. A file that cannot be read is renamed aside (it
    /// may be all the site has of its feed) and the feed starts again.
    package func load(now: Date, warn: (String) -> Void) -> FeedState {
        guard let data = FileManager.default.contents(atPath: url.path) else { return FeedState() }
        do {
            var state = try FeedState.parse(data)
            // Schema 1 kept the repositories in feed.json; without the table they are seen as new.
            if state.repos.isEmpty, let table = FileManager.default.contents(atPath: memoryURL.path) {
                state.repos = FeedMemoryTable.decode(table)
            }
            return state
        } catch {
            let stamp = Formatting.iso(now).replacingOccurrences(of: ":", with: "-")
            let aside = url.deletingLastPathComponent().appendingPathComponent("feed.json.corrupt-\(stamp)")
            try? FileManager.default.removeItem(at: aside)
            let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
            warn(
                "\(url.path): cannot read the feed (\(error)); "
                    + (moved ? "moved it to \(aside.lastPathComponent) and " : "") + "starting a new one")
            return FeedState()
        }
    }

    /// Where `stageMemory` writes the repositories' table until `save` puts it in place.
    package var stagedMemoryURL: URL { memoryURL.appendingPathExtension("next") }

    /// Writes the repositories' table now, beside the live one, and empties `state.repos`: at
    /// 100,000 repositories they are ~36 MB the render does not need (it shows the entries only).
    /// `save` puts the table in place once the site is written; a build that fails before leaves
    /// the live table as it was. Not written: nothing staged (any earlier leftover removed), the
    /// repositories stay in `state` for `save`.
    package func stageMemory(of state: inout FeedState) throws {
        try? FileManager.default.removeItem(at: stagedMemoryURL)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeDurably(to: stagedMemoryURL.path) { try FeedMemoryTable.write(state.repos, to: $0) }
        state.repos = [:]
    }

    /// Each file flushed beside the old one and renamed over it: a killed build leaves valid files.
    /// The repositories' table is the one `stageMemory` wrote, if any, else `state.repos`. The
    /// entries first: killed between the two, the next build tells this one's events again,
    /// under the same ids, so nothing is told twice and nothing is missed.
    package func save(_ state: FeedState) throws {
        let data = try FeedState.encoder.encode(state) + Data("\n".utf8)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeDurably(to: url.path) { output in try data.withUnsafeBytes { try output.write($0) } }
        if FileManager.default.fileExists(atPath: stagedMemoryURL.path) {
            guard rename(stagedMemoryURL.path, memoryURL.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: memoryURL.path])
            }
            return
        }
        try FileIO.writeDurably(to: memoryURL.path) { try FeedMemoryTable.write(state.repos, to: $0) }
    }
}
