import Foundation
import RepoWatchStorage

/// The site's avatar images by root-relative path (`avatars/….png`), their bytes in a spool: a
/// real avatar is 5–20 KB, and a site of thousands of repositories shows thousands of faces.
package struct AvatarFiles: Sendable {
    private var records: [String: RecordSpool.Record] = [:]
    private let spool: RecordSpool

    package init(spool: RecordSpool = RecordSpool()) { self.spool = spool }

    package init(_ files: [String: Data]) {
        self.init()
        for (path, data) in files { self[path] = data }
    }

    package var count: Int { records.count }
    package var paths: Dictionary<String, RecordSpool.Record>.Keys { records.keys }

    package func contains(_ path: String) -> Bool { records[path] != nil }

    package subscript(path: String) -> Data? {
        get { records[path].map { Data(spool.read($0)) } }
        set { records[path] = newValue.map { spool.append([UInt8]($0)) } }
    }

    /// Adds the files of `other` whose paths are not here yet.
    package mutating func add(_ other: AvatarFiles) {
        for path in other.paths where !contains(path) { self[path] = other[path] }
    }

    /// Every file in memory: for tests and small sites.
    package var all: [String: Data] {
        Dictionary(uniqueKeysWithValues: records.keys.map { ($0, self[$0]!) })
    }
}

extension AvatarFiles: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral files: (String, Data)...) {
        self.init(Dictionary(files, uniquingKeysWith: { _, last in last }))
    }
}
