import Foundation
import RepoWatchSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a site's sources with inotify (Linux has no DispatchSource file events) and reports a
/// batch of changed paths once changes have settled: an editor's save (write, rename, chmod) or a
/// `git checkout` then cause one rebuild, not ten.
///
/// Watched: the given top-level files of the site folder (site.yml) and the given folders there,
/// recursively (Templates/, which holds assets/). Events for anything else in the site folder, such
/// as the build swapping in public/, are ignored.
final class FileWatcher: Sendable {
    let directory: URL
    let files: Set<String>
    let folders: Set<String>
    /// How long the sources must stay quiet before a batch is reported.
    let settle: Duration

    private let descriptor: Int32
    private let stopped = Atomic(false)

    init(directory: URL, files: Set<String>, folders: Set<String>, settle: Duration = .milliseconds(200))
        throws
    {
        self.directory = directory.standardizedFileURL
        self.files = files
        self.folders = folders
        self.settle = settle
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw UsageError("cannot watch for changes: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
    }

    deinit { close(descriptor) }

    /// Batches of changed paths, relative to the site folder. Ends when `stop()` is called.
    func changes() -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let thread = Thread { [self] in
            var state = WatchState(descriptor: descriptor, directory: directory, folders: folders)
            state.addInitialWatches()
            run(&state) { continuation.yield($0) }
            continuation.finish()
        }
        thread.name = "repowatch-file-watcher"
        thread.start()
        return stream
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    /// poll() with a short timeout, so `stop()` is noticed promptly without closing a descriptor
    /// another thread is blocked on.
    private func run(_ state: inout WatchState, report: ([String]) -> Void) {
        let settleMilliseconds = Int32(
            settle.components.seconds * 1000 + settle.components.attoseconds / 1_000_000_000_000_000)
        var pending: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopped.load(ordering: .relaxed) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, pending.isEmpty ? 100 : max(settleMilliseconds, 1))
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    for change in state.handle(buffer[0..<count], files: files) where !pending.contains(change) {
                        pending.append(change)
                    }
                }
            } else if ready == 0, !pending.isEmpty {
                report(pending)
                pending = []
            }
        }
    }
}

/// The watch descriptors and what they watch; only the watcher's thread touches it.
private struct WatchState {
    let descriptor: Int32
    let directory: URL
    let folders: Set<String>
    /// Watch descriptor → folder path relative to the site folder ("" for the site folder itself).
    var watched: [Int32: String] = [:]

    init(descriptor: Int32, directory: URL, folders: Set<String>) {
        self.descriptor = descriptor
        self.directory = directory
        self.folders = folders
    }

    static let mask = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF)

    mutating func addInitialWatches() {
        add("")
        for folder in folders { addTree(folder) }
    }

    mutating func add(_ relative: String) {
        let path = relative.isEmpty ? directory.path : directory.appendingPathComponent(relative).path
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        if watch >= 0 { watched[watch] = relative }
    }

    /// A folder and every folder below it; new subfolders are added as they appear.
    mutating func addTree(_ relative: String) {
        var isDirectory: ObjCBool = false
        let url = directory.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return }
        add(relative)
        let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for child in children where !Self.isEditorScratch(child) {
            addTree(relative + "/" + child)
        }
    }

    /// Parses a buffer of `struct inotify_event`s; returns the changed paths that matter.
    mutating func handle(_ bytes: ArraySlice<UInt8>, files: Set<String>) -> [String] {
        var changes: [String] = []
        let data = Array(bytes)
        var offset = 0
        let headerSize = MemoryLayout<Int32>.size + 3 * MemoryLayout<UInt32>.size
        while offset + headerSize <= data.count {
            let (watch, mask, length) = data.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = data[(offset + headerSize)..<min(data.count, offset + headerSize + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += headerSize + length

            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append("(many files)")
                continue
            }
            guard let folder = watched[watch] else { continue }
            if mask & UInt32(IN_IGNORED) != 0 {
                watched[watch] = nil
                continue
            }
            let isDirectory = mask & UInt32(IN_ISDIR) != 0
            if folder.isEmpty {
                if files.contains(name) {
                    changes.append(name)
                } else if folders.contains(name) {
                    if isDirectory, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addTree(name) }
                    changes.append(name + "/")
                }
                continue
            }
            guard !name.isEmpty, !Self.isEditorScratch(name) else { continue }
            let path = folder + "/" + name
            if isDirectory, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addTree(path) }
            changes.append(path)
        }
        return changes
    }

    /// Swap and backup files editors write beside the real one (vim's .swp and 4913, emacs' #x# and x~).
    static func isEditorScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasPrefix("#") || name == "4913"
    }
}
