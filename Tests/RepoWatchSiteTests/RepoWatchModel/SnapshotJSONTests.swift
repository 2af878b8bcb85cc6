import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite("snapshot.json written a repository at a time")
struct SnapshotJSONTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func streamed(_ snapshot: Snapshot, chunks: inout Int) throws -> Data {
        var out = Data()
        var count = 0
        try SnapshotJSON.write(snapshot) { piece in
            out.append(piece)
            count += 1
        }
        chunks = count
        return out
    }

    static var repos: [RepoSnapshot] {
        var full = SampleData.snapshot(for: RepoName.parse("apple/swift").value!, now: now)
        full.description = "Line one\nline two \"quoted\" </script> 🚀 مرحبا \\ slash/ed\t"
        full.contributors.append(Contributor(login: "a\nb", contributions: 1, avatar: "avatars/x.svg"))
        var empty = SampleData.snapshot(for: RepoName.parse("edge/empty").value!, now: now)
        empty.contributors = []
        let gone = RepoSnapshot.unavailable(RepoName.parse("gone/away").value!, reason: "not found (404)")
        return [full, empty, gone]
    }

    @Test("byte for byte what the encoder makes of the whole document, for one and many repositories")
    func sameBytes() throws {
        for count in [1, 2, 3, 2_000] {
            let repos = (0..<count).map { Self.repos[$0 % 3] }
            let snapshot = Snapshot(
                generatedAt: Self.now, nextUpdate: Self.now.addingTimeInterval(3_600), sample: count == 2,
                repos: repos)
            var chunks = 0
            let streamed = try Self.streamed(snapshot, chunks: &chunks)
            let whole = try Snapshot.encoder.encode(snapshot) + Data("\n".utf8)
            #expect(streamed == whole, "\(count) repositories")
            #expect(try Snapshot.decoder.decode(Snapshot.self, from: streamed).repos.count == count)
            // Big documents leave in pieces, never as one block.
            if count == 2_000 { #expect(chunks > 1) }
        }
    }

    @Test("a snapshot without repositories is the encoder's own document")
    func noRepositories() throws {
        let snapshot = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: true, repos: [])
        var chunks = 0
        #expect(try Self.streamed(snapshot, chunks: &chunks) == Snapshot.encoder.encode(snapshot) + Data("\n".utf8))
    }
}
