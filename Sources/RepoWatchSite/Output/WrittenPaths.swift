/// The files and folders a build has written, kept compactly: a site of 10,000 repositories has
/// some 71,000 files in 10,000 folders, and a set of every path held ~9 MB that grew with the site.
///
/// Paths are kept by folder. Almost every folder holds files of the same few names (`index.html`,
/// `medium.svg`, …), so the first 64 distinct file names get a bit each and a folder's files are a
/// 64-bit mask; any further name is kept as a string in the folder's own list. Exact, no hashing
/// that could collide. Not thread-safe: `StagedSite` holds it under its lock.
struct WrittenPaths {
    private struct Folder {
        /// Created by `insert(folder:)`; a folder can hold recorded files a moment before that.
        var made = false
        var mask: UInt64 = 0
        var otherNames: Set<String> = []

        mutating func insert(_ name: String, bit: UInt64) -> Bool {
            guard bit != 0 else { return otherNames.insert(name).inserted }
            guard mask & bit == 0 else { return false }
            mask |= bit
            return true
        }
    }

    private var folders: [String: Folder] = [:]
    /// File name → bit, for the first 64 names seen.
    private var bits: [String: UInt64] = [:]
    private(set) var fileCount = 0

    /// Whether this build made (or found) the folder: `insert(folder:)`.
    func containsFolder(_ folder: String) -> Bool { folders[folder]?.made == true }

    mutating func insert(folder: String) {
        folders[folder, default: Folder()].made = true
    }

    /// - Returns: false when the file was already written by this build.
    @discardableResult
    mutating func insert(file path: String) -> Bool {
        let (folder, name) = Self.split(path)
        let bit = bits[name] ?? newBit(for: name)
        let inserted = folders[folder, default: Folder()].insert(name, bit: bit)
        if inserted { fileCount += 1 }
        return inserted
    }

    func contains(file path: String) -> Bool {
        let (folder, name) = Self.split(path)
        guard let entry = folders[folder] else { return false }
        if let bit = bits[name], bit != 0 { return entry.mask & bit != 0 }
        return entry.otherNames.contains(name)
    }

    /// 0 once the 64 bits are taken: the name is kept as a string.
    private mutating func newBit(for name: String) -> UInt64 {
        let bit: UInt64 = bits.count < 64 ? 1 << UInt64(bits.count) : 0
        if bit != 0 { bits[name] = bit }
        return bit
    }

    /// "a/b/c.html" → ("a/b", "c.html"); "c.html" → ("", "c.html").
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
