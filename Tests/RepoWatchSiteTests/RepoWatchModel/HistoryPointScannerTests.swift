import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSupport

/// The reader's fast path (`HistoryPointScanner`) reads exactly what the strict reader reads: the same
/// history, or the same fault at the same byte, for points of every shape the strict reader meets, at
/// every place in a series and across the boundary of the reader's 64 KB chunks.
@Suite("History: the fast point reader agrees with the strict one")
struct HistoryPointScannerTests {
    /// Points the strict reader takes, and points it refuses (each a different fault).
    static let shapes = [
        "[1700000000,12,3,4,5,6]", "[ 1700000000 , 12 ,\n3,\t4,\r5 ,6 ]", "[1700000000,null,null,null,null,null]",
        "[1700000000,-1,-22,0,007,null]", "[1700000000,12,3,4,5]", "[0,999999999999999999,1,2,3,4]",
        "[1700000000,1000000000000000000,1,2,3,4]", "[1700000000,1,2,3,4,5,6]", "[1700000000,1,2,3]",
        "[-5,1,2,3,4,5]", "[null,1,2,3,4,5]", "[1700000000,nul,2,3,4,5]", "[1700000000,-,2,3,4,5]",
        "[1700000000,1,2,3,4,5", "[1700000000 1,2,3,4,5]", "[]", "[1700000000,1x,2,3,4,5]",
    ]

    /// The history, or the fault's description (which names its byte).
    static func read(_ text: String, fast: Bool, asFile: Bool) throws -> Result<History, History.CorruptFile> {
        let reader: HistoryReader
        if asFile {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            reader = HistoryReader(file: try #require(try FileInput(reading: path)))
        } else {
            reader = HistoryReader(data: Data(text.utf8))
        }
        reader.scansPoints = fast
        do { return .success(try reader.history()) } catch let fault as History.CorruptFile { return .failure(fault) }
    }

    static func expectSame(_ text: String, asFile: Bool, _ comment: String) throws {
        let fast = try read(text, fast: true, asFile: asFile)
        let strict = try read(text, fast: false, asFile: asFile)
        switch (fast, strict) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(comment)")
        case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(comment)")
        default: Issue.record("\(comment): fast \(fast), strict \(strict)")
        }
    }

    @Test("every shape, first, between and last in a series, in schema 1 and 2 files", arguments: [1, 2])
    func shapesInPlace(schema: Int) throws {
        let other = schema == 1 ? "[1700000100,7,8,9,10]" : "[1700000100,7,8,9,10,11]"
        for shape in Self.shapes {
            for series in ["[\(shape)]", "[\(shape),\(other)]", "[\(other),\(shape),\(other)]", "[\(other),\(shape)]"] {
                let text = "{\"schema\":\(schema),\"repos\":{\"a/b\":\(series),\"c/d\":[\(other),\(other)]}}"
                try Self.expectSame(text, asFile: false, "\(schema) \(series)")
            }
        }
    }

    @Test("every shape across the boundary of the reader's chunks")
    func shapesAcrossChunks() async throws {
        try await offThePool {
            let chunk = 1 << 16
            for shape in Self.shapes {
                let head = "{\"schema\":2,\"repos\":{\"a/b\":[[1700000000,1,2,3,4,5],"
                // The shape starts a few bytes before the boundary, runs over it, or starts on it.
                for start in (chunk - shape.utf8.count - 3)...(chunk + 1) {
                    let padding = String(repeating: " ", count: start - head.utf8.count)
                    let text = head + padding + shape + ",[1800000000,1,2,3,4,5]]}}"
                    try Self.expectSame(text, asFile: true, "\(shape) at \(start)")
                }
            }
        }
    }
}
