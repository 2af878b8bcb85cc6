import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchStorage

/// Why a repository is stale (or unavailable) is a value: the spool keeps the case, the words on
/// cards and in the summary are the ones the build printed before it was typed, and snapshot.json,
/// whose `error` is words by contract, reads back an earlier build's words as they were.
@Suite("Typed staleness")
struct StalenessTests {
    /// Every case, with the words a card and the build's summary show for it.
    static let words: [(Staleness, String)] = [
        (.offline, "built offline from the cache"),
        (.noDataYet, "no data yet"),
        (.deferred(budget: 1), "deferred to a later build: this build's budget of 1 request is spent"),
        (.deferred(budget: 1_200), "deferred to a later build: this build's budget of 1,200 requests is spent"),
        (.failed("GitHub answered 502"), "GitHub answered 502"),
        (.notFetched, "not fetched in this build"),
        (.uncounted("GraphQL failed"), "open issues and pull requests could not be counted now (GraphQL failed)"),
        (.contributorsUnlisted("timed out"), "could not list contributors: timed out"),
        (
            .ownerUnlisted(owner: "Apple", reason: "GitHub answered 500"),
            "owner Apple could not be listed: GitHub answered 500"
        ),
        (.earlier("Ünïcode words of an earlier build"), "Ünïcode words of an earlier build"),
    ]

    @Test("each case says what the build said before staleness was typed")
    func wordsAreUnchanged() {
        for (staleness, words) in Self.words { #expect(staleness.description == words) }
    }

    @Test("the spool keeps the case, not only its words")
    func spoolKeepsTheCase() {
        let repos = Self.words.enumerated().map { index, pair in
            RepoSnapshot(configName: "o/r\(index)", stars: index, fetchedAt: Date(), stale: true, staleness: pair.0)
        }
        let list = RepoList(repos, spool: RecordSpool())
        #expect(list.map(\.staleness) == Self.words.map(\.0))
    }

    @Test("snapshot.json holds the words; an earlier build's words read back unchanged")
    func snapshotFileKeepsWords() throws {
        let repo = RepoSnapshot(configName: "o/r", stars: 1, fetchedAt: Date(), stale: true, staleness: .offline)
        let written = try Snapshot.encoder.encode(repo)
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(object["error"] as? String == "built offline from the cache")
        let read = try Snapshot.decoder.decode(RepoSnapshot.self, from: written)
        #expect(read.staleness == .earlier("built offline from the cache"))
        #expect(try Snapshot.encoder.encode(read) == written)
        let none = try Snapshot.decoder.decode(
            RepoSnapshot.self, from: Data(#"{"config_name":"o/r","error":null}"#.utf8))
        #expect(none.staleness == nil)
    }
}
