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
    static func read(_ bytes: [UInt8], fast: Bool, asFile: Bool) throws -> Result<History, History.CorruptFile> {
        let reader: HistoryReader
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)").path
        defer { if asFile { try? FileManager.default.removeItem(atPath: path) } }
        if asFile {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            reader = HistoryReader(file: try #require(try FileInput(reading: path)))
        } else {
            reader = HistoryReader(data: Data(bytes))
        }
        reader.scansPoints = fast
        do { return .success(try reader.history()) } catch let fault as History.CorruptFile { return .failure(fault) }
    }

    /// - Returns: whether the file was read (not refused).
    @discardableResult
    static func expectSame(_ bytes: [UInt8], asFile: Bool, _ comment: @autoclosure () -> String) throws -> Bool {
        let fast = try read(bytes, fast: true, asFile: asFile)
        let strict = try read(bytes, fast: false, asFile: asFile)
        switch (fast, strict) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(comment())")
            return true
        case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(comment())")
        default: Issue.record("\(comment()): fast \(fast), strict \(strict)")
        }
        return false
    }

    static func expectSame(_ text: String, asFile: Bool, _ comment: String) throws {
        try expectSame(Array(text.utf8), asFile: asFile, comment)
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

    /// Series of every length around the read's thinning (at 4 × the point limit, to 2 ×), 12 hours
    /// apart, from memory and from a file at a few offsets to the chunks.
    @Test("long series are thinned as the strict reader thins them")
    func thinnedAsRead() async throws {
        try await offThePool {
            let bound = 4 * History.pointLimit
            for count in [bound - 1, bound, bound + 1, 2 * bound - 1, 2 * bound + 1, 3 * bound] {
                let points = (0..<count).map { "[\(1_600_000_000 + $0 * 43_200),\($0),1,2,3,4]" }
                for padding in [0, 17, 4093] {
                    let text =
                        "{\"schema\":2," + String(repeating: " ", count: padding) + "\"repos\":{\"a/b\":["
                        + points.joined(separator: ",") + "]}}"
                    for asFile in [false, true] {
                        let read = try Self.expectSame(Array(text.utf8), asFile: asFile, "\(count) at \(padding)")
                        #expect(read)
                    }
                }
            }
        }
    }

    /// A valid history of schema 1 or 2 with every point shape the strict reader takes, several
    /// repositories and starts; counts a history keeps as they are (under 2^31).
    static func undamaged(schema: Int) -> [UInt8] {
        let points = (0..<24).map { index in
            let time = 1_700_000_000 + index * 86_400
            let last = schema == 1 ? "" : ",6"
            switch index % 4 {
            case 0: return "[\(time),\(index * 7),3,4,5\(last)]"
            case 1: return "[ \(time) , null ,\n-0,\t0,\r007 \(schema == 1 ? "" : ",null") ]"
            case 2: return "[\(time),2147483646,1,2,3\(last)]"
            default: return "[\(time),12,3,4,5\(last)]"
            }
        }
        let series = "[" + points.joined(separator: ",") + "]"
        let start = schema == 1 ? "" : "\"start\":{\"a/b\":{\"from\":\"backfill\",\"backfilled\":2}},"
        return Array(
            "{\"schema\":\(schema),\"fields\":[\"time\"],\(start)\"repos\":{\"a/b\":\(series),\n\"c/d\":\(series),\"e/f\":[]}}"
                .utf8)
    }

    /// The bytes a damaged file is made of: the ones points are written with, whitespace JSON has and
    /// has not, and bytes of numbers JSON has but a history does not.
    static let damage = Array("0123456789-,[] \n\t\r\u{0C}\u{0B}nul\"x}+.eE".utf8) + [0x00, 0xFF]

    /// `bytes` with one to three damages at or after `from`: a byte replaced, inserted or removed, a
    /// run of digits inserted, a span repeated, the end cut off.
    static func damaged(_ bytes: [UInt8], from: Int, using random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: from..<bytes.count, using: &random)
            let byte = damage.randomElement(using: &random)!
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<3: bytes[at] = byte
            case 3..<6: bytes.insert(byte, at: at)
            case 6..<9: bytes.remove(at: at)
            case 9:
                let digits = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                    UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
                }
                bytes.insert(contentsOf: digits, at: at)
            case 10:
                bytes.insert(
                    contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...12, using: &random))], at: at)
            default: bytes.removeLast(bytes.count - at)
            }
            if bytes.count <= from { break }
        }
        return bytes
    }

    @Test("thousands of randomly damaged files read the same with and without the fast path", arguments: [1, 2])
    func damagedFiles(schema: Int) throws {
        var random = SeededRandom(seed: 0x5CA9_50 + UInt64(schema))
        let undamaged = Self.undamaged(schema: schema)
        let readWhole = try Self.expectSame(undamaged, asFile: false, "undamaged")
        #expect(readWhole)

        let from = try #require(undamaged.firstRange(of: Array("\"repos\"".utf8))).lowerBound
        var read = 0
        for round in 0..<4000 {
            let damaged = Self.damaged(undamaged, from: from, using: &random)
            if try Self.expectSame(
                damaged, asFile: false, "round \(round): \(String(decoding: damaged, as: UTF8.self))")
            {
                read += 1
            }
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
            let points = (0..<12).map { "[\(1_700_000_100 + $0),\($0 * 1_000_003),null,-4,5,6]" }.joined(separator: ",")
            for round in 0..<300 {
                // The points start up to 400 bytes before the chunk's end.
                let start = chunk - Int.random(in: 1...400, using: &random)
                let padding = String(repeating: " ", count: start - head.utf8.count)
                let text = Array((head + padding + points + "]}}").utf8)
                try Self.expectSame(Self.damaged(text, from: start, using: &random), asFile: true, "round \(round)")
            }
        }
    }
}
