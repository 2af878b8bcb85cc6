import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchStorage

/// The repositories and avatars a build gathers wait in a spool (a nameless file beside the site)
/// rather than in memory; reading them back must give exactly what was stored.
@Suite("Spooled repositories and avatars")
struct RepoListTests {
    /// Every field set, none at its default, with text that is not ASCII and numbers that are not small.
    static let full: RepoSnapshot = {
        var repo = RepoSnapshot(
            configName: "Ünïcode/répo", fullName: "unicode/repo-renamed", htmlURL: "https://github.com/unicode/repo",
            description: "Émoji 🧪, quotes \" and a combining mark e\u{301}", stars: 1_234_567_890, forks: -3,
            openIssues: 0, hasIssues: false, openPulls: 42, openIssuesIncludePulls: true, archived: true,
            pushedAt: Date(timeIntervalSince1970: 1_700_000_000.123_456), daysSincePush: 400,
            ownerAvatar: "avatars/0123456789abcdef0123.png",
            contributors: [
                Contributor(login: "ada", contributions: 7, avatar: "avatars/a.png"),
                Contributor(login: "grace", contributions: Int.max, avatar: nil),
            ],
            contributorsNote: "a note", fetchedAt: Date(timeIntervalSinceReferenceDate: -12.5), stale: true,
            staleness: "HTTP 502")
        repo.source = .owner("Some-Org")
        repo.failureIsTransient = true
        repo.release = RepoRelease(tag: "v1.0.0-β", publishedAt: Date(timeIntervalSince1970: 1_600_000_000))
        repo.language = RepoLanguage(name: "C++", color: "#f34b7d")
        repo.topics = ["ios", "日本語"]
        repo.isPrivate = true
        repo.pending = true
        repo.isGone = true
        repo.openPullsAtLeast = true
        repo.membersOnly = [.issues, .contributors]
        return repo
    }()

    @Test("a repository with every field set comes back equal, from a file and from memory")
    func roundTrip() throws {
        // A field added to RepoSnapshot must be set here, so that the round trip covers it.
        for child in Mirror(reflecting: Self.full).children {
            #expect(String(describing: child.value) != "nil", "set \(child.label ?? "?") in RepoListTests.full")
        }
        var bare = RepoSnapshot(configName: "a/b")
        bare.source = .repos
        let folder = try temporaryDirectory()
        for spool in [RecordSpool(), RecordSpool(inFirstOf: [folder])] {
            let list = RepoList([Self.full, RepoSnapshot(configName: "x/y"), bare], spool: spool)
            #expect(Array(list) == [Self.full, RepoSnapshot(configName: "x/y"), bare])
        }
    }

    @Test("the spool file has no name: nothing is left in the folder, during or after")
    func spoolLeavesNoFile() throws {
        let folder = try temporaryDirectory()
        let spool = RecordSpool(inFirstOf: [folder.appendingPathComponent("missing"), folder])
        #expect(spool.isFileBacked)
        let record = spool.append(Array("hello".utf8))
        #expect(spool.read(record) == Array("hello".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("no writable folder: the records stay in memory")
    func memoryFallback() {
        let spool = RecordSpool(inFirstOf: [URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")])
        #expect(!spool.isFileBacked)
        let list = RepoList([Self.full], spool: spool)
        #expect(list.first == Self.full)
    }

    @Test("a copy keeps its repositories when the original is changed")
    func valueSemantics() {
        var list = RepoList(repeating: RepoSnapshot(configName: "a/one"), count: 3, spool: RecordSpool())
        let copy = list
        list[1] = Self.full
        list[2].stars = 5
        list.append(RepoSnapshot(configName: "a/four"))
        #expect(copy.map(\.configName) == ["a/one", "a/one", "a/one"])
        #expect(list.map(\.configName) == ["a/one", Self.full.configName, "a/one", "a/four"])
        #expect(list[2].stars == 5 && copy[2].stars == nil)
    }

    @Test("snapshot.json reads and writes the list as before")
    func codable() throws {
        // snapshot.json keeps whole seconds.
        var repo = Self.full
        repo.pushedAt = Date(timeIntervalSince1970: 1_700_000_000)
        repo.fetchedAt = Date(timeIntervalSince1970: 1_700_000_060)
        let snapshot = Snapshot(
            generatedAt: Date(timeIntervalSince1970: 0), nextUpdate: Date(timeIntervalSince1970: 60), sample: false,
            repos: [repo])
        let data = try Snapshot.encoder.encode(snapshot)
        let decoded = try Snapshot.decoder.decode(Snapshot.self, from: data)
        // snapshot.json does not keep `failureIsTransient` nor `isGone`, writes a missing source as "repos",
        // and keeps a staleness's words, which read back as an earlier build's.
        var expected = repo
        expected.failureIsTransient = false
        expected.isGone = false
        expected.staleness = .earlier("HTTP 502")
        #expect(Array(decoded.repos) == [expected])
        #expect(try Snapshot.encoder.encode(decoded) == data)
    }

    @Test("avatar files: bytes back as stored, first one kept when adding")
    func avatarFiles() throws {
        let folder = try temporaryDirectory()
        var files = AvatarFiles(spool: RecordSpool(inFirstOf: [folder]))
        files["avatars/a.png"] = Data([0x89, 0x50, 0x4E, 0x47])
        files["avatars/empty.svg"] = Data()
        var other = AvatarFiles(["avatars/a.png": Data([1]), "avatars/b.png": Data([2])])
        other.add(files)
        files.add(other)
        #expect(
            files.all == [
                "avatars/a.png": Data([0x89, 0x50, 0x4E, 0x47]), "avatars/empty.svg": Data(),
                "avatars/b.png": Data([2]),
            ])
        #expect(other["avatars/a.png"] == Data([1]))
        #expect(files["avatars/missing.png"] == nil)
    }

    @Test("history points come back from a spool file as they were set, thinned by age")
    func spooledHistory() throws {
        var history = History(spool: RecordSpool(inFirstOf: [try temporaryDirectory()]))
        var year: [History.Point] = []
        for day in 0..<400 {
            let seconds = 1_700_000_000 + UInt32(day) * 86_400
            let issues: Int32 = day % 2 == 0 ? -1 : 5
            year.append(History.Point(seconds: seconds, counts: (Int32(day * 3), 7, issues, 4)))
        }
        history.set("a/b", year)
        history.set("a/empty", [])
        let thinned = HistoryTiers.thin(year, limit: History.pointLimit)
        #expect(thinned.count < year.count && thinned.last == year.last)
        #expect(history.points(forKey: "a/b") == thinned)
        #expect(history.points(forKey: "a/empty").isEmpty && history.points(forKey: "a/missing").isEmpty)
        #expect(history.pointCount == thinned.count)
        var copy = History()
        copy.set("a/b", thinned)
        copy.set("a/empty", [])
        #expect(copy == history)
    }

    @Test("a record longer than a spool record can say (a hostile 17 MB description) still comes back whole")
    func oversizedRecord() throws {
        var huge = RepoSnapshot(configName: "a/huge")
        huge.description = String(repeating: "x", count: 17 << 20)
        for spool in [RecordSpool(), RecordSpool(inFirstOf: [try temporaryDirectory()])] {
            let list = RepoList([Self.full, huge, RepoSnapshot(configName: "a/after")], spool: spool)
            #expect(list[1] == huge)
            #expect(list[0] == Self.full && list[2].configName == "a/after")
        }
    }
}
