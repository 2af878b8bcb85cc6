/// The files and folders a build has written, kept compactly: a site has several files and folders
/// per repository, and a set of every path grew with the site (docs/fast-paths.md).
///
/// Paths are kept by folder, and folders as a tree: a folder is its parent's number and its own
/// name, so "repos/owner/name" is three short names (no allocation up to 15 UTF-8 bytes) rather
/// than one long string per folder. Almost every folder holds files of the same few names
/// (`index.html`, `medium.svg`, …), so the first 63 distinct file names get a bit each and a
/// folder is a 64-bit word: its files' bits, and whether this build made it in the last bit (8
/// bytes a folder, not 16 with a flag of its own); a file of any further name is kept by its whole
/// path. Exact, no hashing that could collide. Not thread-safe: `StagedSite` holds it under its lock.
package struct WrittenPaths {
    /// Where a folder is: in its parent (by number), under its name.
    private struct Place: Hashable {
        var parent: Int32
        var name: String
    }

    private struct Folder {
        private static let madeBit: UInt64 = 1 << 63
        private var word: UInt64 = 0

        /// Created by `insert(folder:)`; a folder can hold recorded files a moment before that.
        var made: Bool {
            get { word & Self.madeBit != 0 }
            set { word = newValue ? word | Self.madeBit : word & ~Self.madeBit }
        }

        /// Its files' bits (never the last one).
        var mask: UInt64 {
            get { word & ~Self.madeBit }
            set { word = newValue & ~Self.madeBit | word & Self.madeBit }
        }
    }

    /// Folder number → folder; number 0 is the site's root, "".
    private var folders = [Folder()]
    private var numbers: [Place: Int32] = [:]
    /// File name → bit, for the first 63 names seen.
    private var bits: [String: UInt64] = [:]
    /// Files whose name has no bit, by path.
    private var otherFiles: Set<String> = []
    package private(set) var fileCount = 0

    /// Whether this build made (or found) the folder: `insert(folder:)`.
    package func containsFolder(_ folder: String) -> Bool {
        number(of: folder).map { folders[Int($0)].made } == true
    }

    package mutating func insert(folder: String) {
        folders[Int(addFolder(folder))].made = true
    }

    /// - Returns: false when the file was already written by this build.
    @discardableResult
    package mutating func insert(file path: String) -> Bool {
        let (folder, name) = Self.split(path)
        let number = Int(addFolder(folder))
        let bit = bits[name] ?? newBit(for: name)
        let inserted: Bool
        if bit == 0 {
            inserted = otherFiles.insert(path).inserted
        } else {
            inserted = folders[number].mask & bit == 0
            folders[number].mask |= bit
        }
        if inserted { fileCount += 1 }
        return inserted
    }

    package func contains(file path: String) -> Bool {
        let (folder, name) = Self.split(path)
        guard let bit = bits[name], bit != 0 else { return otherFiles.contains(path) }
        guard let number = number(of: folder) else { return false }
        return folders[Int(number)].mask & bit != 0
    }

    /// 0 once the 63 bits are taken: the file is kept by its path.
    private mutating func newBit(for name: String) -> UInt64 {
        let bit: UInt64 = bits.count < 63 ? 1 << UInt64(bits.count) : 0
        if bit != 0 { bits[name] = bit }
        return bit
    }

    /// The folder's number, nil when nothing was recorded in or under it.
    private func number(of folder: String) -> Int32? {
        var number: Int32 = 0
        var missing = false
        Self.forEachComponent(folder) { name in
            guard let child = numbers[Place(parent: number, name: name)] else {
                missing = true
                return false
            }
            number = child
            return true
        }
        return missing ? nil : number
    }

    /// The folder's number, adding it (and the folders above it) unmade when new.
    private mutating func addFolder(_ folder: String) -> Int32 {
        var number: Int32 = 0
        Self.forEachComponent(folder) { name in
            let place = Place(parent: number, name: name)
            if let child = numbers[place] {
                number = child
            } else {
                folders.append(Folder())
                number = Int32(folders.count - 1)
                numbers[place] = number
            }
            return true
        }
        return number
    }

    /// Each part of `folder` in turn, until `body` says stop: "" (the root) has none; otherwise every
    /// part between slashes, empty ones included, so that different paths never share a place. Read
    /// in place: a folder's parts are looked up for every file written.
    private static func forEachComponent(_ folder: String, _ body: (String) -> Bool) {
        guard !folder.isEmpty else { return }
        let bytes = folder.utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            guard body(String(folder[start..<end])), end < bytes.endIndex else { return }
            start = bytes.index(after: end)
        }
    }

    /// "a/b/c.html" → ("a/b", "c.html"); "c.html" → ("", "c.html").
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    package init() {}
}
