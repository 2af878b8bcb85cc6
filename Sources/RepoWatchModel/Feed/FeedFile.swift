import Foundation
import RepoWatchSupport

/// `feed.json` in the cache folder: the feeds' memory between builds.
package struct FeedFile: Sendable {
    package let url: URL

    package init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent("feed.json")
    }

    package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The saved state; empty when there is none. A file that cannot be read is renamed aside (it
    /// may be all the site has of its feed) and the feed starts again.
    package func load(now: Date, warn: (String) -> Void) -> FeedState {
        guard let data = FileManager.default.contents(atPath: url.path) else { return FeedState() }
        do {
            return try FeedState.parse(data)
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

    /// Flushed beside the old file and renamed over it: a killed build leaves one valid file.
    package func save(_ state: FeedState) throws {
        let data = try FeedState.encoder.encode(state) + Data("\n".utf8)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeDurably(to: url.path) { output in try data.withUnsafeBytes { try output.write($0) } }
    }
}
