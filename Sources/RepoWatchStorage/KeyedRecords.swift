/// Spool records found by a string key: the values wait in the spool, memory holds a dictionary of
/// keys and record positions. It was an open-addressed table of hash tags that read each key back
/// from the spool to confirm a match; the dictionary costs too little more at the build's peak to
/// keep a hand-made table (docs/fast-paths.md).
package struct KeyedRecords: Sendable {
    private let spool: RecordSpool
    private var records: [String: RecordSpool.Record]

    package init(spool: RecordSpool, capacity: Int = 0) {
        self.spool = spool
        records = Dictionary(minimumCapacity: capacity)
    }

    package var count: Int { records.count }
    package var isEmpty: Bool { records.isEmpty }

    /// The value set for `key`, nil when none was.
    package func value(forKey key: String) -> [UInt8]? { records[key].map(spool.read) }

    package mutating func set(_ key: String, _ value: [UInt8]) { records[key] = spool.append(value) }

    /// Only these keys' records, sized for them: nothing is written to the spool again.
    package func keeping(_ keys: [String]) -> KeyedRecords {
        var kept = KeyedRecords(spool: spool, capacity: keys.count)
        for key in keys { kept.records[key] = records[key] }
        return kept
    }

    /// Every key and its value, in no particular order.
    package func readEach(_ body: (_ key: String, _ value: [UInt8]) throws -> Void) rethrows {
        for (key, record) in records { try body(key, spool.read(record)) }
    }

    /// The keys, sorted.
    package var sortedKeys: [String] { records.keys.sorted() }
}
