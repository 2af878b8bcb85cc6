import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchNetwork

/// `KeptFile.all`, the one list of what a build keeps besides its site: every file under
/// `.repowatch/` belongs to it (end-to-end suites check the cache their builds leave with `strays`),
/// the writers spell their names from it, and docs/security.md says what each may hold.
@Suite("KeptFile: the one list of the files a build keeps")
struct KeptFileTests {
    /// The files under `cache` that no entry of the list names, relative to it.
    static func strays(in cache: URL) -> [String] {
        let walker = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(cache.standardizedFileURL.path.count + 1))
            if KeptFile.owning(cachePath: relative) == nil { found.append(relative) }
        }
        return found.sorted()
    }

    @Test("a file the list does not name is found, and every kind of file it does name is not")
    func strayFileIsFound() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let kept = [
            "build.lock", "private-sealed", "fetched.tsv", "open-counts.json", "backfill.json", "history.json",
            "history.json.corrupt-2026-11-22T12-00-00Z", "feed.json", "feed-memory.tsv", "feed-memory.tsv.next",
            "feed.json.corrupt-2026-11-22T12-00-00Z", "http/ab/ab12.entry", "http/ab/ab12.json",
            "http/ab/ab12.entry.tmp-42", "history.json.tmp-7",
        ]
        for path in kept + ["stars.json", "http-old/x"] {
            let url = cache.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        #expect(Self.strays(in: cache) == ["http-old/x", "stars.json"])
    }

    @Test("the writers' own names are the list's")
    func namesAgree() {
        let cache = URL(fileURLWithPath: "/tmp/site/.repowatch")
        #expect(ResponseCache(directory: cache).httpFolder.lastPathComponent + "/" == KeptFile.answers.name)
        #expect(HistoryFile(cacheDirectory: cache).url == KeptFile.history.url(cache: cache))
        #expect(FeedFile(cacheDirectory: cache).url.lastPathComponent == KeptFile.feed.name)
        #expect(FeedMemoryTable.fileName == KeptFile.feedMemory.name)
        let output = URL(fileURLWithPath: "/tmp/site/public")
        #expect(KeptFile.previousSite.url(besideOutput: output).path == "/tmp/site/.public.recycled")
        #expect(KeptFile.outputLock.url(besideOutput: output).path == "/tmp/site/.public.lock")
        let names = KeptFile.all.map(\.description)
        #expect(Set(names).count == names.count, "\(names)")
    }

    @Test("docs/security.md names every file of the list")
    func documented() throws {
        let text = try String(
            contentsOf: E2EPaths.packageRoot.appendingPathComponent("docs/security.md"), encoding: .utf8)
        for file in KeptFile.all {
            #expect(text.contains("`\(file.description)"), "docs/security.md does not list \(file)")
        }
    }
}
