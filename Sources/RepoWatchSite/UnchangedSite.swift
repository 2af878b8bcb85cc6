import Foundation
import RepoWatchModel
import RepoWatchOutput
import RepoWatchRender
import RepoWatchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Everything a build's site is made from, as one digest: the binary, site.yml, the site's
/// `Templates/` folder, the command line's overrides, and the data the render reads (the snapshot's
/// records, the history's, the avatars, the owners' headings, the feed's entries, "now"). The render
/// reads nothing else (no clock, no environment), so two builds with the same fingerprint write the
/// same bytes, and the second need not render the site only to find every file equal to the one
/// published.
struct SiteFingerprint: Equatable {
    let digest: String

    /// nil when an input cannot be read: the build then renders, as it always may.
    static func make(site: SiteInputs, options: BuildOptions, snapshot: Snapshot, data: RenderData)
        -> SiteFingerprint?
    {
        var digest = InputDigest()
        digest.add("repowatch-site site fingerprint 1")
        // The binary: its templates, strings, code and version are all in it. A rebuilt or replaced
        // binary is another file, or the same file with another size or time.
        guard let binary = FileStamp(path: "/proc/self/exe") else { return nil }
        digest.add(binary.text)
        guard let config = FileManager.default.contents(atPath: options.configURL.path) else { return nil }
        digest.add(config)
        let siteDirectory = options.configURL.deletingLastPathComponent()
        guard addFolder(siteDirectory.appendingPathComponent("Templates").path, to: &digest) else { return nil }
        digest.add(options.baseURL?.absoluteString ?? "-")
        digest.add(site.output.path)
        digest.add("\(options.sample) \(options.siteCeiling)")
        if let search = site.search {
            guard let tool = FileStamp(path: search.executable.path) else { return nil }
            digest.add("search \(search.version) \(search.executable.path) \(tool.text)")
        }
        digest.add("\(snapshot.generatedAt.timeIntervalSince1970) \(snapshot.nextUpdate.timeIntervalSince1970)")
        digest.add("\(snapshot.sample) \(snapshot.repos.count)")
        snapshot.repos.forEachRecord { digest.add($0) }
        digest.add("history \(data.history.isSample)")
        data.history.forEachRecord { key, record in
            digest.add(key)
            digest.add(record)
        }
        for path in data.avatars.paths.sorted() {
            guard let bytes = data.avatars[path] else { return nil }
            digest.add(path)
            digest.add(bytes)
        }
        for heading in data.ownerHeadings { digest.add(String(reflecting: heading)) }
        for card in data.ownerCards { digest.add(String(reflecting: card)) }
        let feed = FeedState(entries: data.feed.entries, started: data.feed.started)
        guard let entries = try? feedEncoder.encode(feed) else { return nil }
        digest.add(entries)
        return SiteFingerprint(digest: digest.finish())
    }

    private static let feedEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    /// Every file under `folder` by its path and bytes, in path order; true when there is no folder.
    private static func addFolder(_ folder: String, to digest: inout InputDigest) -> Bool {
        guard FileTree.entry(folder)?.kind == .folder else { return true }
        var files: [String] = []
        FileTree.walk(folder, file: { files.append($0) }, folder: { _ in })
        for relative in files.sorted() {
            guard let bytes = FileManager.default.contents(atPath: folder + "/" + relative) else { return false }
            digest.add(relative)
            digest.add(bytes)
        }
        return true
    }
}

/// A file as `stat` sees it: which file, how big, when last changed.
private struct FileStamp {
    let text: String

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        text =
            "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}

/// SHA-256 over a stream of inputs, each prefixed by its length (so no two lists of inputs read the
/// same), folded a chunk at a time so that a large snapshot is never one buffer.
struct InputDigest {
    private var state: [UInt8] = []
    private var pending: [UInt8] = []
    private static let chunk = 1 << 16

    mutating func add(_ bytes: some Collection<UInt8>) {
        var count = UInt64(bytes.count)
        withUnsafeBytes(of: &count) { pending.append(contentsOf: $0) }
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunk { fold() }
    }

    mutating func add(_ text: String) { add(Array(text.utf8)) }

    private mutating func fold() {
        state = SHA256.hash(state + pending)
        pending.removeAll(keepingCapacity: true)
    }

    mutating func finish() -> String {
        fold()
        return state.map { String(format: "%02x", $0) }.joined()
    }
}

/// The site the last build published, recorded in the cache folder (`published-site.json`) so that
/// the next build with the same `SiteFingerprint` can keep it as it is: the output folder (which
/// folder, by device and inode, so a deleted or replaced `public/` is rendered again), and what the
/// build's result reports of it. A build that fails leaves the record as it leaves the site: a
/// failure before the swap keeps the folder it describes, one after it leaves a folder of another
/// inode, which the record no longer matches.
struct PublishedSite: Codable, Equatable {
    var fingerprint: String
    var output: String
    var device: UInt64
    var inode: UInt64
    var fileCount: Int
    var byteCount: Int
    var historyCut: Int?

    static let fileName = KeptFile.publishedSite.name

    /// The record for `output` as it is now, once the build has swapped its site in.
    init?(fingerprint: SiteFingerprint, output: URL, written: RenderStep.Written, historyCut: Int?) {
        let folder = SiteWriter(target: output).target.path
        guard let entry = FileTree.entry(folder), entry.kind == .folder else { return nil }
        (self.fingerprint, self.output, device, inode) = (fingerprint.digest, folder, entry.device, entry.inode)
        (fileCount, byteCount, self.historyCut) = (written.fileCount, written.byteCount, historyCut)
    }

    /// The recorded site, when `output` is still the very folder the last build published and the
    /// fingerprints agree.
    static func unchanged(cache: URL, output: URL, fingerprint: SiteFingerprint) -> PublishedSite? {
        guard let data = FileManager.default.contents(atPath: cache.appendingPathComponent(fileName).path),
            let kept = try? JSONDecoder().decode(PublishedSite.self, from: data), kept.fingerprint == fingerprint.digest
        else { return nil }
        let folder = SiteWriter(target: output).target.path
        guard kept.output == folder, let entry = FileTree.entry(folder), entry.kind == .folder,
            entry.device == kept.device, entry.inode == kept.inode
        else { return nil }
        return kept
    }

    func save(cache: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileIO.writeAtomically(data, to: cache.appendingPathComponent(Self.fileName).path)
    }

    var written: RenderStep.Written {
        RenderStep.Written(fileCount: fileCount, unchangedCount: fileCount, byteCount: byteCount)
    }
}
