/// Spool records found by a string key that is kept in the record itself, ahead of the value: memory
/// holds 8 bytes per record and 11 to 22 per key in the table, where a dictionary of strings held
/// some 100 bytes per key (the string, its hash bucket, the spare capacity). A history of 20,000
/// repositories is 1.5 MB less that way.
///
/// The table is open-addressed; a slot holds 32 bits of the key's hash (its tag, which also places
/// it) and the record's number. A key is read back from the spool only when the tags match, and
/// compared there: exact, whatever the hashes do. Growing the table reads nothing back.
///
/// The price is reads: a record comes back whole, so listing the keys (`sortedKeys`) reads every
/// value too, from the operating system's page cache.
package struct KeyedRecords: Sendable {
    package typealias Tagger = @Sendable (String) -> UInt32

    private let spool: RecordSpool
    private let tagger: Tagger
    private var records: [RecordSpool.Record] = []
    /// 0 is empty; else the tag in the high 32 bits and the record's number + 1 in the low.
    private var slots: [UInt64] = []

    /// `tagger`: 32 bits of the key's hash; tests give one that makes keys share tags.
    package init(spool: RecordSpool, capacity: Int = 0, tagger: @escaping Tagger = KeyedRecords.hashTag) {
        self.spool = spool
        self.tagger = tagger
        records.reserveCapacity(capacity)
        slots = Self.emptySlots(for: capacity)
    }

    package static let hashTag: Tagger = { UInt32(truncatingIfNeeded: $0.hashValue >> 32) }

    package var count: Int { records.count }
    package var isEmpty: Bool { records.isEmpty }

    /// The value set for `key`, nil when none was.
    package func value(forKey key: String) -> [UInt8]? {
        find(key, tag: tag(key)).value
    }

    package mutating func set(_ key: String, _ value: [UInt8]) {
        var entry = RecordWriter(capacity: key.utf8.count + 2 + value.count)
        entry.write(key)
        entry.append(value)
        let record = spool.append(entry.bytes)
        let tag = tag(key)
        let found = find(key, tag: tag)
        if let number = found.number {
            records[number] = record
        } else {
            insert(record, tag: tag, at: found.slot)
        }
    }

    /// Only these keys' records, sized for them: nothing is written to the spool again.
    package func keeping(_ keys: [String]) -> KeyedRecords {
        var kept = KeyedRecords(spool: spool, capacity: keys.count, tagger: tagger)
        for key in keys {
            let tag = tag(key)
            guard let number = find(key, tag: tag).number else { continue }
            let place = kept.find(key, tag: tag)
            if place.number == nil { kept.insert(records[number], tag: tag, at: place.slot) }
        }
        return kept
    }

    /// Every key and its value, in no particular order.
    package func readEach(_ body: (_ key: String, _ value: [UInt8]) throws -> Void) rethrows {
        for record in records {
            let (key, value) = Self.split(spool.read(record))
            try body(key, value)
        }
    }

    /// The keys, sorted.
    package var sortedKeys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(records.count)
        for record in records {
            var reader = RecordReader(spool.read(record))
            keys.append(reader.readString())
        }
        return keys.sorted()
    }

    /// For tests: the table's length.
    package var slotCount: Int { slots.count }

    // MARK: - The table

    private func tag(_ key: String) -> UInt64 { UInt64(tagger(key)) }
    private static func slot(tag: UInt64, number: Int) -> UInt64 { tag << 32 | UInt64(number + 1) }
    /// Where a tag's search starts: from its own bits, so that growing needs no key.
    private static func start(_ tag: UInt64, mask: Int) -> Int { Int(tag) & mask }

    /// A power of two with at least a quarter free, never empty.
    private static func emptySlots(for count: Int) -> [UInt64] {
        var size = 8
        while size * 3 < count * 4 + 4 { size *= 2 }
        return [UInt64](repeating: 0, count: size)
    }

    /// The record number holding `key` and its value, or the empty slot where it would go.
    private func find(_ key: String, tag: UInt64) -> (slot: Int, number: Int?, value: [UInt8]?) {
        let mask = slots.count - 1
        var index = Self.start(tag, mask: mask)
        while slots[index] != 0 {
            let slot = slots[index]
            if slot >> 32 == tag {
                let number = Int(slot & 0xFFFF_FFFF) - 1
                let (stored, value) = Self.split(spool.read(records[number]))
                if stored == key { return (index, number, value) }
            }
            index = (index + 1) & mask
        }
        return (index, nil, nil)
    }

    private mutating func insert(_ record: RecordSpool.Record, tag: UInt64, at slot: Int) {
        // A slot's low 32 bits hold the record's number + 1.
        precondition(records.count < Int(UInt32.max), "more than 4 billion keys")
        records.append(record)
        let entry = Self.slot(tag: tag, number: records.count - 1)
        if records.count * 4 > slots.count * 3 {
            grow(adding: entry)
        } else {
            slots[slot] = entry
        }
    }

    /// Doubles the table, with every record (the one just appended too) in it.
    private mutating func grow(adding new: UInt64) {
        let old = slots
        slots = Self.emptySlots(for: records.count)
        let mask = slots.count - 1
        func place(_ slot: UInt64) {
            var index = Self.start(slot >> 32, mask: mask)
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        for slot in old where slot != 0 { place(slot) }
        place(new)
    }

    private static func split(_ bytes: [UInt8]) -> (key: String, value: [UInt8]) {
        var reader = RecordReader(bytes)
        let key = reader.readString()
        return (key, reader.readRest())
    }
}
