import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// The pieces of the fork dates' backfill: `history: backfill`, the aliased query and GitHub's
/// answers (pages, an empty list under a count, FORBIDDEN), the days it keeps, refusals remembered for
/// 30 days, the star dates earlier versions read, and how what was read joins the history.
@Suite("Backfill: site.yml key, query, answers, state, merging into the history")
struct BackfillTests {
    static let now = ISO8601.parse("2026-11-21T12:00:00Z")!
    static let names = ["octocat/Hello-World", "twbs/bootstrap", "a/hidden"].map { RepoName.parse($0).value! }

    @Test("history: backfill defaults to true; false turns it off; a bad value is an error at its place")
    func siteKey() throws {
        #expect(try parse("repos: [a/b]\n").config.historyBackfill)
        #expect(try parse("repos: [a/b]\nhistory:\n  backfill: false\n").config.historyBackfill == false)
        #expect(try parse("repos: [a/b]\nhistory: {backfill: true}\n").config.historyBackfill)
        #expect(
            errors("repos: [a/b]\nhistory:\n  backfill: maybe\n").map(\.description) == [
                "site.yml:3:13: error: `history.backfill` must be true or false (got 'maybe')"
            ])
        #expect(errors("repos: [a/b]\nhistory: [backfill]\n").first?.line == 2)
        let loaded = try parse("repos: [a/b]\nhistory:\n  backfil: false\n")
        #expect(
            loaded.warnings.map(\.description).first?.contains("site.yml:3:3: warning: unknown key 'history.backfil'")
                == true)
        #expect(loaded.config.historyBackfill)
    }

    @Test("one aliased document: fork dates only, cursors as variables, names never spliced into the text")
    func queryText() throws {
        let query = BackfillQuery(items: [
            .init(repo: Self.names[0], forks: nil),
            .init(repo: Self.names[1], forks: "Y3Vyc29yOjEwMA=="),
        ])
        let text = query.text
        #expect(text.hasPrefix("query Backfill($o0: String!, $n0: String!, $f0: String,"))
        #expect(text.contains("forks(first: 100, after: $f0, orderBy: {field: CREATED_AT, direction: ASC})"))
        #expect(!text.contains("stargazers") && !text.contains("starredAt"), "star dates are not asked for")
        #expect(!text.contains("octocat") && !text.contains("login"))
        let body = try JSONSerialization.jsonObject(with: query.body) as? [String: Any]
        let variables = body?["variables"] as? [String: Any]
        #expect(variables?["o0"] as? String == "octocat" && variables?["f0"] is NSNull)
        #expect(variables?["f1"] as? String == "Y3Vyc29yOjEwMA==")
    }

    @Test("GitHub's answers: a page, the count with an empty list, FORBIDDEN, NOT_FOUND")
    func answers() throws {
        let query = BackfillQuery(
            items: (Self.names + [RepoName.parse("gone/away").value!]).map { .init(repo: $0, forks: nil) })
        let answer = """
            {"data":{"rateLimit":{"cost":1,"remaining":4321,"limit":5000},
             "r0":{"createdAt":"2011-01-26T19:01:12Z",
                   "stargazers":{"totalCount":2,"edges":[{"starredAt":"2011-01-27T10:00:00Z"},
                                 {"starredAt":"2011-01-27T11:00:00Z"}],"pageInfo":{"hasNextPage":false,"endCursor":"Y3Vyc29yOjI="}},
                   "forks":{"totalCount":0,"nodes":[],"pageInfo":{"hasNextPage":false,"endCursor":null}}},
             "r1":{"createdAt":"2011-07-29T21:19:00Z",
                   "stargazers":{"totalCount":171281,"edges":[],"pageInfo":{"hasNextPage":false,"endCursor":null}},
                   "forks":{"totalCount":1,"nodes":[{"createdAt":"2011-08-01T00:00:00Z"}],"pageInfo":{"hasNextPage":true,"endCursor":"Zg=="}}},
             "r2":{"createdAt":"2020-01-01T00:00:00Z","stargazers":null,"forks":null},
             "r3":null},
             "errors":[{"type":"FORBIDDEN","path":["r2","stargazers"],"message":"Resource not accessible"},
                       {"type":"FORBIDDEN","path":["r2","forks"],"message":"Resource not accessible"},
                       {"type":"NOT_FOUND","path":["r3"],"message":"Could not resolve to a Repository"}]}
            """
        let parsed = try query.parse(Data(answer.utf8))
        #expect(parsed.cost == 1 && parsed.remaining == 4321)
        #expect(parsed.forks["octocat/hello-world"] == .dates([], endCursor: nil, hasNextPage: false))
        #expect(
            parsed.forks["twbs/bootstrap"]
                == .dates([ISO8601.parse("2011-08-01T00:00:00Z")!], endCursor: "Zg==", hasNextPage: true))
        #expect(parsed.forks["a/hidden"] == .refused && parsed.forks["gone/away"] == .refused)
        #expect(parsed.created["octocat/hello-world"] == ISO8601.parse("2011-01-26T19:01:12Z"))
        #expect(throws: (any Error).self) { try query.parse(Data("{\"errors\":[]}".utf8)) }
    }

    @Test("days keep the running count; star dates count only read whole; a refusal waits 30 days")
    func stateAndRefusal() {
        var entry = BackfillState.Entry()
        entry.created = 15_000
        let day = 86_400.0
        entry.stars.add(
            [
                Date(timeIntervalSince1970: 15_001 * day + 5), Date(timeIntervalSince1970: 15_001 * day + 9),
                Date(timeIntervalSince1970: 15_003 * day),
            ], endCursor: "c1", hasNextPage: true)
        #expect(entry.stars.days == [[15_001, 2], [15_003, 3]] && entry.stars.cursor == "c1")
        // Star dates an earlier version read in part: not a start, and not in the points.
        #expect(entry.start == .firstSnapshot(.notReadYet) && entry.points.allSatisfy { $0.stars == nil })
        entry.stars.add([Date(timeIntervalSince1970: 15_003 * day + 60)], endCursor: "c2", hasNextPage: false)
        #expect(entry.stars.done && entry.stars.days == [[15_001, 2], [15_003, 4]])
        // Read whole: the history keeps them as it is. Forks not read yet: null.
        #expect(entry.start == .backfill)
        #expect(entry.points.map(\.stars) == [0, 2, 4] && entry.points.allSatisfy { $0.forks == nil && $0.backfilled })
        #expect(entry.points.first.map { Int($0.seconds) } == 15_000 * 86_400 + 86_399)

        var hidden = BackfillState.Series()
        hidden.refuse(at: Self.now)
        #expect(!hidden.wantsPage(now: Self.now + 29 * day))
        #expect(hidden.wantsPage(now: Self.now + 30 * day))
        var refusedEntry = BackfillState.Entry()
        refusedEntry.stars = hidden
        #expect(refusedEntry.start == .firstSnapshot(.notReadYet))
        #expect(BackfillState.Entry().start == .firstSnapshot(.notReadYet))
        #expect(StarBackfill.share(5_000) == 4_500 && StarBackfill.share(0) == 0 && StarBackfill.share(7) == 6)
    }

    @Test("merging: complete dates replace, partial ones never shorten a restored backfill, tentative starts wait")
    func merging() {
        func point(_ seconds: UInt32, _ stars: Int32, backfilled: Bool = false) -> History.Point {
            History.Point(seconds: seconds, counts: (stars, -1, -1, -1), backfilled: backfilled)
        }
        let observed = point(2_000_000, 500)
        var history = History()
        history.set("a/b", [observed])
        history.mergeBackfill("a/b", nil, start: .firstSnapshot(.notReadYet), complete: false)
        #expect(history.start(forKey: "a/b") == .firstSnapshot(.notReadYet))
        let whole = (1...5).map { point(UInt32($0) * 86_400, Int32($0 * 90)) }
        history.mergeBackfill("a/b", whole, start: .backfill, complete: true)
        #expect(history.points(forKey: "a/b").count == 6 && history.start(forKey: "a/b") == .backfill)
        // A cache that lost its state reads the first page again: the restored backfill stays.
        history.mergeBackfill("a/b", [point(86_400, 90)], start: .backfill, complete: false)
        #expect(history.points(forKey: "a/b").count == 6)
        // Not read this build: the known start stays.
        history.mergeBackfill("a/b", nil, start: .firstSnapshot(.notReadYet), complete: false)
        #expect(history.start(forKey: "a/b") == .backfill)
        // The API refuses now (a 404): the points read stay.
        history.mergeBackfill("a/b", nil, start: .firstSnapshot(.notOffered), complete: false)
        #expect(history.start(forKey: "a/b") == .backfill, "points kept, and the chart still starts at them")
        let forksOnly = [point(3 * 86_400, -1)]
        history.mergeBackfill("a/b", forksOnly, start: .firstSnapshot(.notOffered), complete: false)
        #expect(history.points(forKey: "a/b").count == 6 && history.start(forKey: "a/b") == .backfill)
        // Read whole before, written back as a plain backfill by an earlier version: named again, points kept.
        history.mergeBackfill("a/b", nil, start: .starHistory, complete: true)
        #expect(history.points(forKey: "a/b").count == 6 && history.start(forKey: "a/b") == .starHistory)
        // Never read: a refusal with fork dates gives those, and the chart says why it has no stars.
        var hidden = History()
        hidden.set("c/d", [observed])
        hidden.mergeBackfill("c/d", forksOnly, start: .firstSnapshot(.notOffered), complete: false)
        #expect(hidden.points(forKey: "c/d").count == 2)
        #expect(hidden.start(forKey: "c/d") == .firstSnapshot(.notOffered))
        // The star history read whole replaces fork-only points.
        let days = (1...3).map { point(UInt32($0) * 86_400, Int32($0), backfilled: true) }
        hidden.mergeBackfill("c/d", days, start: .starHistory, complete: true)
        #expect(hidden.start(forKey: "c/d") == .starHistory)
        #expect(hidden.points(forKey: "c/d").map(\.stars) == [1, 2, 3, 500])
    }
}
