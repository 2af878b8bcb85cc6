import Foundation
import Testing

@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The cache files read an entry at a time (`star-history.json`, the open counts, the backfill) are
/// scanned a chunk at a time: an entry is handed over exactly as written wherever the chunks end.
@Suite("JSON entry stream: entries as written, across chunks")
struct JSONEntryStreamTests {
    /// Strings holding what ends a value elsewhere (quotes, backslashes, brackets), and an entry
    /// longer than the 64 KiB the file is read by, so some end falls on every kind of byte.
    static let entries: [(String, String)] = [
        ("a/one", #"{"days":[[1,2],[3,4]],"done":true,"note":"a ] and a } and a \" and a \\"}"#),
        ("b/two", #"[1,{"x":"]}"},[[]],"\\\""]"#),
        ("c/three", #""a string with \" and ] in it""#),
        ("d/four", "12345"),
        ("e/long", "{\"days\":[" + (0..<12_000).map { "[\($0),\($0 % 7)]" }.joined(separator: ",") + "],\"s\":\"}\"}"),
        ("f/after", #"{"done":false}"#),
    ]

    @Test("every entry is handed over byte for byte, the other members kept as written")
    func entriesAsWritten() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("entries.json").path
        let members = Self.entries.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ",\n ")
        try Data("{\"repos\": {\(members)}, \"schema\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        var read: [(String, String)] = []
        let others = try JSONEntryStream.read(path, name: "repos") { key, bytes in
            read.append((key, String(decoding: bytes, as: UTF8.self)))
        }
        #expect(read.map(\.0) == Self.entries.map(\.0))
        for ((key, got), (_, written)) in zip(read, Self.entries) { #expect(got == written, "\(key)") }
        #expect(others.map { $0.mapValues { String(decoding: $0, as: UTF8.self) } } == ["schema": "1"])
    }

    @Test("an entry cut short is malformed, not an entry")
    func unterminated() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cut.json").path
        try Data(#"{"repos": {"a/one": {"days":[[1,2],"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: JSONEntryStream.Malformed.self) { try JSONEntryStream.read(path, name: "repos") { _, _ in } }
    }

    @Test("blanking writes one top-level member's value as null and leaves the rest as written")
    func blanking() {
        func blanked(_ text: String) -> String {
            String(decoding: JSONEntryStream.blanking("days", in: Array(text.utf8)), as: UTF8.self)
        }
        #expect(blanked(#"{"a":1,"days":[[1,2],[3,4]],"b":"x"}"#) == #"{"a":1,"days":null,"b":"x"}"#)
        #expect(blanked(#"{ "days" : "a \" ] string" , "b":2}"#) == #"{ "days" : null , "b":2}"#)
        #expect(blanked(#"{"days":12}"#) == #"{"days":null}"#)
        // Not a top-level key: a nested one, a value that reads "days", a key that only starts so.
        let untouched = [
            #"{"x":{"days":[1]},"y":"days","daysago":[2]}"#, #"{"note":"\"days\":[1]"}"#, #"{"a":1}"#,
        ]
        for text in untouched { #expect(blanked(text) == text) }
    }

    @Test("a star history's summaries read with the days blanked, whatever the days hold")
    func summariesWithoutDays() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = "[" + (0..<20_000).map { "[\($0),1]" }.joined(separator: ",") + "]"
        let file = try StarHistoryFileTests.write(
            [
                ("a/done", #"{"cut":true,"days":\#(long),"done":true,"pages":400,"stars":5}"#),
                ("b/partial", #"{"cut":false,"days":[[1,2]],"done":false,"last_page":4,"pages":1}"#),
            ], in: folder)
        let summaries = try #require(file.summaries())
        #expect(summaries["a/done"] == StarHistoryState.Summary(pages: 400, done: true, cut: true))
        #expect(summaries["b/partial"] == StarHistoryState.Summary(pages: 1, lastPage: 4))
        #expect(file.entries { $0 == "a/done" }?["a/done"]?.days.count == 20_000, "the days are still there to read")
    }
}
