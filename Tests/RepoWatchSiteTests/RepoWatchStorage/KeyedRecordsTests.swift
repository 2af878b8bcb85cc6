import Foundation
import Testing

@testable import RepoWatchSite
@testable import RepoWatchStorage

/// The history's values by key: the values in the spool, the keys in memory.
@Suite("Spool records by key")
struct KeyedRecordsTests {
    private func value(_ number: Int) -> [UInt8] { Array("value \(number)".utf8) }

    @Test("every key finds its own value through the table's growth, from a file and from memory")
    func roundTrip() throws {
        let folder = try temporaryDirectory()
        for spool in [RecordSpool(), RecordSpool(inFirstOf: [folder])] {
            var table = KeyedRecords(spool: spool)
            let keys = (0..<20_000).map { "owner-\($0 % 97)/repo-\($0)" }
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

    @Test("setting a key again replaces its value; keys come back sorted, and each once")
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
        var seen: [String: [UInt8]] = [:]
        table.readEach { key, value in seen[key] = value }
        #expect(seen == ["b/b": [3, 4], "a/é": [2], "": []])
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

    @Test("an empty table finds nothing and keeps nothing")
    func empty() {
        let table = KeyedRecords(spool: RecordSpool())
        #expect(table.isEmpty && table.value(forKey: "a") == nil && table.sortedKeys.isEmpty)
        #expect(table.keeping([]).isEmpty && table.keeping(["a"]).isEmpty)
    }
}
