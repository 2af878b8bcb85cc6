import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchStorage

/// The history's index keeps no key strings: keys live in the spool beside their values and are
/// read back to confirm a match, so a lookup must still be exact for any key.
@Suite("Spool records by key")
struct KeyedRecordsTests {
    private func value(_ number: Int) -> [UInt8] { Array("value \(number)".utf8) }

    @Test("every key finds its own value through the table's growth, from a file and from memory")
    func roundTrip() throws {
        let folder = try temporaryDirectory()
        for spool in [RecordSpool(), RecordSpool(inFirstOf: [folder])] {
            var table = KeyedRecords(spool: spool)
            // Enough keys that some share a 32-bit tag: only the key read back tells them apart.
            let keys = (0..<100_000).map { "owner-\($0 % 97)/repo-\($0)" }
            for (number, key) in keys.enumerated() { table.set(key, value(number)) }
            #expect(table.count == keys.count)
            for (number, key) in keys.enumerated() where table.value(forKey: key) != value(number) {
                Issue.record("\(key) read back \(String(decoding: table.value(forKey: key) ?? [], as: UTF8.self))")
                break
            }
            #expect(table.value(forKey: "owner-0/repo-100000") == nil)
            #expect(table.value(forKey: "") == nil)
        }
    }

    @Test("setting a key again replaces its value; keys come back sorted and in the order first set")
    func replaceAndOrder() {
        var table = KeyedRecords(spool: RecordSpool())
        table.set("b/b", [1])
        table.set("a/é", [2])
        table.set("", [])
        table.set("b/b", [3, 4])
        #expect(table.count == 3)
        #expect(table.value(forKey: "b/b") == [3, 4])
        #expect(table.value(forKey: "") == [])
        #expect(table.sortedKeys == ["", "a/é", "b/b"])
        var seen: [String] = []
        table.readEach { key, _ in seen.append(key) }
        #expect(seen == ["b/b", "a/é", ""])
    }

    @Test("keeping some keys drops the rest, ignores keys never set and keys listed twice")
    func keeping() {
        var table = KeyedRecords(spool: RecordSpool())
        for number in 0..<50 { table.set("k\(number)", value(number)) }
        let kept = table.keeping(["k7", "missing", "k3", "k7"])
        #expect(kept.count == 2)
        #expect(kept.sortedKeys == ["k3", "k7"])
        #expect(kept.value(forKey: "k7") == value(7) && kept.value(forKey: "k3") == value(3))
        #expect(kept.value(forKey: "k8") == nil)
        #expect(table.count == 50)
    }

    @Test("keys that all share one tag are still told apart by the key read back")
    func sharedTags() {
        var table = KeyedRecords(spool: RecordSpool(), tagger: { _ in 7 })
        for number in 0..<300 { table.set("k\(number)", value(number)) }
        table.set("k5", [9])
        #expect(table.count == 300)
        #expect((0..<300).allSatisfy { $0 == 5 || table.value(forKey: "k\($0)") == value($0) })
        #expect(table.value(forKey: "k5") == [9] && table.value(forKey: "k300") == nil)
        var kept = table.keeping(["k299", "k0", "nope"])
        #expect(kept.sortedKeys == ["k0", "k299"] && kept.value(forKey: "k0") == value(0))
        kept.set("k1", [1])
        #expect(kept.count == 3 && kept.value(forKey: "k1") == [1] && kept.value(forKey: "k299") == value(299))
    }

    @Test("an empty table finds nothing; the table doubles as it fills and stays at most three-quarters full")
    func emptyAndGrowth() {
        var table = KeyedRecords(spool: RecordSpool())
        #expect(table.isEmpty && table.value(forKey: "a") == nil && table.sortedKeys.isEmpty)
        #expect(table.keeping([]).isEmpty && table.keeping(["a"]).isEmpty)
        var sizes = [table.slotCount]
        for number in 0..<5000 {
            table.set("key \(number)", [])
            if table.slotCount != sizes.last { sizes.append(table.slotCount) }
            #expect(table.slotCount * 3 >= table.count * 4, "over three-quarters full at \(table.count)")
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $1 == $0 * 2 }, "sizes \(sizes)")
        #expect(table.slotCount == 8192)
        // Sized for what it keeps: no growth, and no more than twice the room needed.
        let kept = table.keeping((0..<3000).map { "key \($0)" })
        #expect(kept.count == 3000 && kept.slotCount == 4096)
    }
}
