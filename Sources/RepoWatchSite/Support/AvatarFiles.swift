import Foundation

/// The site's avatar images by root-relative path (`avatars/….png`), their bytes in a spool: a
/// real avatar is 5–20 KB, and a site of thousands of repositories shows thousands of faces.
struct AvatarFiles: Sendable {
    private var records: [String: RecordSpool.Record] = [:]
    private let spool: RecordSpool

    init(spool: RecordSpool = RecordSpool()) { self.spool = spool }

    init(_ files: [String: Data]) {
        self.init()
        for (path, data) in files { self[path] = data }
    }

    var count: Int { records.count }
    var paths: Dictionary<String, RecordSpool.Record>.Keys { records.keys }

    func contains(_ path: String) -> Bool { records[path] != nil }

    subscript(path: String) -> Data? {
        get { records[path].map { Data(spool.read($0)) } }
        set { records[path] = newValue.map { spool.append([UInt8]($0)) } }
    }

    /// Adds the files of `other` whose paths are not here yet.
    mutating func add(_ other: AvatarFiles) {
        for path in other.paths where !contains(path) { self[path] = other[path] }
    }

    /// Every file in memory: for tests and small sites.
    var all: [String: Data] {
        Dictionary(uniqueKeysWithValues: records.keys.map { ($0, self[$0]!) })
    }
}

extension AvatarFiles: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral files: (String, Data)...) {
        self.init(Dictionary(files, uniquingKeysWith: { _, last in last }))
    }
}
