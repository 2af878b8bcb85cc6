import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchStorage

/// The history is written and read in chunks and kept packed; the bytes are what a one-string
/// serializer of format 2 writes.
@Suite("History: streamed, packed, byte-identical")
struct HistoryStreamingTests {
    /// A one-string serializer, the reference for the file's bytes (series thinned as `History` keeps
    /// them, no starts).
    static func referenceJSON(_ series: [String: [History.Point]]) -> Data {
        var out = "{\"schema\":2,\"fields\":[\"time\",\"stars\",\"forks\",\"open_issues\",\"contributors\","
        out += "\"open_pulls\"],\"start\":{},\"repos\":{"
        var firstRepo = true
        for key in series.keys.sorted() {
            if !firstRepo { out += "," }
            firstRepo = false
            out += "\n" + JSONText.string(key) + ":["
            var firstPoint = true
            for point in HistoryTiers.thin(series[key]!, limit: History.pointLimit) {
                if !firstPoint { out += "," }
                firstPoint = false
                out += "[" + point.values.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
            }
            out += "]"
        }
        out += "\n}}\n"
        return Data(out.utf8)
    }

    /// Fixed seed: reproducible points with nulls, zeros, huge counts and irregular times.
    static func randomSeries(repos: Int, points: Int, seed: UInt64) -> [String: [History.Point]] {
        var random = SeededRandom(seed: seed)
        var series: [String: [History.Point]] = [:]
        for index in 0..<repos {
            var time = 1_700_000_000 + Int(random.next() % 10_000)
            var stars = Int(random.next() % 200_000)
            var list: [History.Point] = []
            for _ in 0..<(1 + Int(random.next() % UInt64(points))) {
                time += 1 + Int(random.next() % 86_400)
                stars = max(0, stars + Int(random.next() % 41) - 20)
                func maybe(_ value: Int) -> Int? { random.next() % 13 == 0 ? nil : value }
                let huge = random.next() % 97 == 0 ? Int(Int32.max) + 5 : Int(random.next() % 5000)
                list.append(
                    History.Point(
                        time: Date(timeIntervalSince1970: TimeInterval(time)), stars: maybe(stars), forks: maybe(huge),
                        openIssues: maybe(0), contributors: maybe(Int(random.next() % 5)),
                        openPulls: maybe(Int(random.next() % 9))))
            }
            series["owner-\(index % 37)/repo.\(index)_x"] = list
        }
        return series
    }

    static func history(_ series: [String: [History.Point]]) -> History {
        var history = History()
        for (key, points) in series { history.set(key, points) }
        return history
    }

    @Test(
        "the size counted without writing is the written file's, whole and at every cut, real and sample"
    )
    func countedSize() async throws {
        let histories = try await offThePool {
            let series = Self.randomSeries(repos: 120, points: 400, seed: 50)
            var history = Self.history(series)
            history.set(
                "a/\"quoted\\ \u{1}",
                [
                    History.Point(
                        time: Date(timeIntervalSince1970: 5), stars: 1, forks: nil, openIssues: 0, contributors: 2)
                ])
            let keys = history.sortedKeys
            for (index, key) in keys.enumerated() {
                switch index % 4 {
                case 0:
                    let backfilled = history.points(forKey: key).prefix(2).map { point in
                        History.Point(
                            time: point.time.addingTimeInterval(-400_000_000), stars: point.stars, forks: point.forks,
                            openIssues: nil, contributors: nil)
                    }
                    history.setBackfill(key, backfilled, start: index % 8 == 0 ? .starHistory : .backfill)
                case 1: history.setStart(key, .firstSnapshot(.backfillOff))
                case 2: history.setStart(key, .firstSnapshot(nil))
                default: break
                }
            }
            var sample = history
            sample.isSample = true
            return [history, sample, History()]
        }
        for (index, history) in histories.enumerated() {
            for cut in [nil, 8, 9, 30, 1_000] {
                #expect(
                    history.serializedSize(cut: cut) == history.json(cut: cut).count,
                    "history \(index), cut \(cut ?? 0)")
            }
        }
        #expect(histories[0].json().count > 4 * HistoryWriter.chunkSize)
    }

    @Test("the streamed file is byte for byte the former one-string serialization (several 64 KB chunks)")
    func byteIdentical() async throws {
        let (streamed, reference) = try await offThePool {
            let series = Self.randomSeries(repos: 400, points: 365, seed: 14)
            return (Self.history(series).json(), Self.referenceJSON(series))
        }
        #expect(streamed.count > 4 * HistoryWriter.chunkSize)
        #expect(streamed == reference)
        #expect(History().json() == Self.referenceJSON([:]))
        #expect(try JSONSerialization.jsonObject(with: streamed) is [String: Any])
    }

    @Test("packed points read back exactly, at the extremes too")
    func packing() {
        let extremes: [History.Point] = [
            History.Point(seconds: 0, counts: (-1, -1, -1, -1)),
            History.Point(seconds: UInt32.max, counts: (Int32.max, 0, Int32.max, -1)),
            History.Point(seconds: 1, counts: (0, Int32.max, -1, 7)),
            History.Point(seconds: 1_795_348_800, counts: (1449, 142, 7, 4)),
        ]
        #expect(PackedPoints(extremes).points == extremes)
        #expect(PackedPoints([History.Point]()).points.isEmpty)
        let year = Self.randomSeries(repos: 1, points: History.pointLimit, seed: 7).values.first!
        #expect(PackedPoints(year).points == year)
    }

    @Test("a file written in chunks reads back the same through the chunked reader")
    func fileRoundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (same, warnings, names) = try await offThePool {
            let file = HistoryFile(cacheDirectory: folder)
            let history = Self.history(Self.randomSeries(repos: 300, points: 365, seed: 3))
            try file.save(history.json())
            var warnings: [String] = []
            let loaded = file.load(now: Date()) { warnings.append($0) }
            return (loaded == history, warnings, try FileManager.default.contentsOfDirectory(atPath: folder.path))
        }
        #expect(warnings.isEmpty)
        #expect(same)
        // Nothing left beside it: the temporary file was renamed into place.
        #expect(names == ["history.json"])
    }

    @Test("a file cut at any byte is refused, never half read")
    func truncatedFiles() throws {
        let data = Self.history(Self.randomSeries(repos: 3, points: 4, seed: 5)).json()
        for length in stride(from: 0, to: data.count - 2, by: 7) {
            #expect(throws: History.CorruptFile.self) { try History.parse(data.prefix(length)) }
        }
    }

    @Test("a hand-made file with 50,000 points for one repository is thinned as it is read")
    func oversizedSeries() async throws {
        let points = try await offThePool {
            var text = "{\"schema\":1,\"repos\":{\"a/b\":["
            text += (0..<50_000).map { "[\(1_700_000_000 + $0 * 3_600),\($0),1,2,3]" }.joined(separator: ",")
            text += "]}}"
            return try History.parse(Data(text.utf8)).points(for: RepoName.parse("a/b").value!)
        }
        #expect(points.count < 4 * History.pointLimit)
        #expect(points.last?.stars == 49_999)
        // Hourly for the last two days, then twice a day: the newest 48 builds are all there.
        #expect(points.suffix(48).map(\.stars) == (49_952..<50_000).map { $0 })
    }
}

/// SplitMix64: the same numbers on every machine, for reproducible generated inputs.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
