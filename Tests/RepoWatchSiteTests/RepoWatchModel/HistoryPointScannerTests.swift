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

    /// A valid history with every point shape the strict reader takes, several repositories and starts.
    static let undamaged: String = {
        let points = (0..<24).map { index in
            let time = 1_700_000_000 + index * 86_400
            switch index % 4 {
            case 0: return "[\(time),\(index * 7),3,4,5,6]"
            case 1: return "[ \(time) , null ,\n-2,\t0,\r007 ,null ]"
            case 2: return "[\(time),999999999999999999,1,2,3,4]"
            default: return "[\(time),12,3,4,5,6]"
            }
        }
        let series = "[" + points.joined(separator: ",") + "]"
        return "{\"schema\":2,\"fields\":[\"time\"],\"start\":{\"a/b\":{\"from\":\"backfill\",\"backfilled\":2}},"
            + "\"repos\":{\"a/b\":\(series),\n\"c/d\":\(series),\"e/f\":[]}}"
    }()

    /// The bytes a damaged file is made of: the ones points are written with, and a few they are not.
    static let damage = Array("0123456789-,[] \nnul\"x}".utf8)

    /// `text` with one to three bytes replaced, inserted or removed at or after `from`.
    static func damaged(_ text: String, from: Int, using random: inout SeededRandom) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: from..<bytes.count, using: &random)
            let byte = damage.randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[at] = byte
            case 1: bytes.insert(byte, at: at)
            default: bytes.remove(at: at)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("thousands of randomly damaged files read the same with and without the fast path")
    func damagedFiles() throws {
        var random = SeededRandom(seed: 0x5CA9_50)
        let text = Self.undamaged
        let from = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "\"repos\"")).lowerBound)
        var read = 0
        for round in 0..<4000 {
            let damaged = Self.damaged(text, from: from, using: &random)
            try Self.expectSame(damaged, asFile: false, "round \(round): \(damaged)")
            if case .success = try Self.read(damaged, fast: true, asFile: false) { read += 1 }
        }
        // Damage that leaves a readable file (a digit for a digit, a space) and damage that does not.
        #expect(read > 200 && read < 3800, "\(read) of 4000 read")
    }

    @Test("randomly damaged files across the boundary of the reader's chunks")
    func damagedAcrossChunks() async throws {
        try await offThePool {
            var random = SeededRandom(seed: 0xC4_0A_50)
            let chunk = 1 << 16
            let head = "{\"schema\":2,\"repos\":{\"x/y\":[[1700000000,1,2,3,4,5],"
            let padding = String(repeating: " ", count: chunk - 200 - head.utf8.count)
            let points = (0..<12).map { "[\(1_700_000_100 + $0),\($0 * 1_000_003),null,-4,5,6]" }.joined(separator: ",")
            let text = head + padding + points + "]}}"
            for round in 0..<300 {
                try Self.expectSame(
                    Self.damaged(text, from: chunk - 200, using: &random), asFile: true, "round \(round)")
            }
        }
    }
}
