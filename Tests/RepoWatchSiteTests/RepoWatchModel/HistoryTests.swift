import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("History: one point per build, the change since the last snapshot, a sparkline")
struct HistoryTests {
    static let day: TimeInterval = 86_400
    static let first = ISO8601.parse("2026-11-21T12:00:00Z")!
    static let names = ["apple/swift", "twbs/bootstrap"].map { RepoName.parse($0).value! }

    static func repo(_ name: String, stars: Int, at time: Date, stale: Bool = false) -> RepoSnapshot {
        RepoSnapshot(
            configName: name, fullName: name, stars: stars, forks: 10, openIssues: 3, hasIssues: true,
            archived: false, pushedAt: time, daysSincePush: 0,
            contributors: [Contributor(login: "a", contributions: 2)], fetchedAt: time, stale: stale)
    }

    static func snapshot(_ time: Date, _ repos: [RepoSnapshot], sample: Bool = false) -> Snapshot {
        Snapshot(generatedAt: time, nextUpdate: time + 3600, sample: sample, repos: repos)
    }

    @Test("fresh data adds a point per build; stale, unavailable and sample data add none")
    func recordsFreshDataOnly() {
        var history = History()
        history.record(
            Self.snapshot(Self.first, [Self.repo("apple/swift", stars: 100, at: Self.first)]), repos: Self.names)
        let second = Self.first + Self.day
        history.record(
            Self.snapshot(
                second,
                [
                    Self.repo("apple/swift", stars: 112, at: second),
                    Self.repo("twbs/bootstrap", stars: 5, at: Self.first, stale: true),
                ]), repos: Self.names)
        history.record(
            Self.snapshot(second + Self.day, [Self.repo("apple/swift", stars: 1, at: second)], sample: true),
            repos: Self.names)
        history.record(
            Self.snapshot(second + Self.day, [.unavailable(Self.names[0], reason: "gone")]), repos: Self.names)
        let points = history.points(for: Self.names[0])
        #expect(points.map(\.stars) == [100, 112])
        #expect(points.map(\.time) == [Self.first, second])
        #expect(points[1].forks == 10 && points[1].openIssues == 3 && points[1].contributors == 1)
        #expect(history.points(for: Self.names[1]).isEmpty)
    }

    @Test("a rebuild at the same time replaces its point; older points thin by tier; removed repositories go")
    func thinsAndReplaces() {
        var history = History()
        // Two builds a day for 800 days.
        for index in 0..<1_600 {
            let time = Self.first + Double(index) * Self.day / 2
            history.record(Self.snapshot(time, [Self.repo("apple/swift", stars: index, at: time)]), repos: Self.names)
        }
        let last = Self.first + 1_599 * Self.day / 2
        history.record(Self.snapshot(last, [Self.repo("apple/swift", stars: 9_999, at: last)]), repos: Self.names)
        let points = history.points(for: Self.names[0])
        #expect(points.last?.stars == 9_999)
        let newest = points.last!.seconds
        // Every build of the last 90 days; at most one a week to two years; one a month before.
        let recent = points.filter { newest - $0.seconds < 90 * 86_400 }
        #expect(recent.count == 180)
        let weeks = points.filter { (90 * 86_400..<730 * 86_400).contains(newest - $0.seconds) }
        #expect((90...93).contains(weeks.count), "\(weeks.count)")
        // Each calendar month older than two years that had a build keeps one point (the newest the week
        // tier had kept: weeks and months do not nest), and the very first build stays besides.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        func month(_ time: Date) -> DateComponents { calendar.dateComponents([.year, .month], from: time) }
        let old = (0..<1_600).map { Self.first + Double($0) * Self.day / 2 }.filter {
            newest - UInt32($0.timeIntervalSince1970) >= 730 * 86_400
        }
        let months = points.filter { newest - $0.seconds >= 730 * 86_400 }
        var oldMonths: [DateComponents] = []
        for time in old where oldMonths.last != month(time) { oldMonths.append(month(time)) }
        #expect(months.dropFirst().map { month($0.time) } == oldMonths)
        #expect(months.first?.stars == 0, "the oldest point stays: where the history starts")
        #expect(points.count < 300)
        history.record(Self.snapshot(last + Self.day, []), repos: [Self.names[1]])
        #expect(history.points(for: Self.names[0]).isEmpty)
    }

    @Test("open pull requests are recorded beside issues; REST's combined count leaves both null")
    func recordsPulls() throws {
        var history = History()
        var repo = Self.repo("apple/swift", stars: 1, at: Self.first)
        repo.openPulls = 4
        history.record(Self.snapshot(Self.first, [repo]), repos: Self.names)
        var combined = Self.repo("apple/swift", stars: 2, at: Self.first + Self.day)
        combined.openIssuesIncludePulls = true
        combined.openPulls = nil
        history.record(Self.snapshot(Self.first + Self.day, [combined]), repos: Self.names)
        let points = history.points(for: Self.names[0])
        #expect(points.map(\.openPulls) == [4, nil])
        #expect(points.map(\.openIssues) == [3, nil])
        let text = String(decoding: history.json(), as: UTF8.self)
        #expect(text.contains("[\(Int(Self.first.timeIntervalSince1970)),1,10,3,1,4]"))
    }

    @Test("the file is compact JSON that reads back the same, unknown values as null")
    func roundTrips() throws {
        var history = History()
        var repo = Self.repo("apple/swift", stars: 171_281, at: Self.first)
        repo.forks = nil
        repo.contributorsNote = "too large"
        history.record(Self.snapshot(Self.first, [repo]), repos: Self.names)
        let data = history.json()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"apple/swift\":[[\(Int(Self.first.timeIntervalSince1970)),171281,null,3,null,null]]"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["schema"] as? Int == 2)
        #expect(
            object?["fields"] as? [String] == ["time", "stars", "forks", "open_issues", "contributors", "open_pulls"])
        #expect(try History.parse(data) == history)
        #expect(try History.parse(Data(" { \"schema\" : 1 , \"repos\" : { } } ".utf8)).isEmpty)
        #expect(try History.parse(Data(" { \"schema\" : 2 , \"start\": {}, \"repos\" : { } } ".utf8)).isEmpty)
    }

    @Test(
        "anything else is a corrupt file",
        arguments: [
            "", "{", "[]", "{\"schema\":3,\"repos\":{}}", "{\"schema\":1,\"repos\":{\"a/b\":[[1,2,3]]}}",
            "{\"schema\":1,\"repos\":{\"a/b\":[[1,2,3,4,5,6]]}}", "{\"schema\":2,\"repos\":{\"a/b\":[[1,2,3,4,5]]}}",
            "{\"schema\":1,\"start\":{\"a/b\":{\"from\":\"backfill\"}},\"repos\":{\"a/b\":[[1,2,3,4,5]]}}",
            "{\"schema\":2,\"start\":{\"a/b\":{\"from\":\"yesterday\"}},\"repos\":{}}",
            "{\"schema\":2,\"start\":{\"a/b\":{\"reason\":\"stars-hidden\"}},\"repos\":{}}",
            "{\"schema\":2,\"start\":{\"a/b\":{\"from\":\"backfill\",\"backfilled\":2}},\"repos\":{\"a/b\":[[1,2,3,4,5,6]]}}",
            "{\"schema\":2,\"start\":{\"a/b\":{\"from\":\"backfill\",\"extra\":1}},\"repos\":{}}",
            "{\"schema\":1,\"repos\":{\"../x\":[]}}", "{\"schema\":1,\"repos\":{}} trailing", "\u{0}\u{1}garbage",
            "{\"schema\":1,\"repos\":{\"a/b\":[[1,2,3,4,5],]}}",
        ])
    func rejectsCorruptFiles(_ text: String) {
        #expect(throws: History.CorruptFile.self) { try History.parse(Data(text.utf8)) }
    }

    @Test("a corrupt history file is set aside with a warning and the build starts a new one")
    func corruptFileIsSetAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = HistoryFile(cacheDirectory: folder)
        try Data("{\"schema\":1,\"repos\":{\"a/b\":[[1,2".utf8).write(to: file.url)
        var warnings: [String] = []
        let history = file.load(now: Self.first) { warnings.append($0) }
        #expect(history.isEmpty)
        #expect(warnings.count == 1 && warnings[0].contains("history.json.corrupt-2026-11-21T12-00-00Z"))
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
        let aside = folder.appendingPathComponent("history.json.corrupt-2026-11-21T12-00-00Z")
        #expect(FileManager.default.contents(atPath: aside.path) == Data("{\"schema\":1,\"repos\":{\"a/b\":[[1,2".utf8))
        try file.save(History().json())
        #expect(try History.parse(Data(contentsOf: file.url)).isEmpty)
    }

    @Test("the change since the previous snapshot, never a made-up +0 for a first snapshot")
    func deltas() {
        var history = History()
        history.record(
            Self.snapshot(Self.first, [Self.repo("apple/swift", stars: 100, at: Self.first)]), repos: Self.names)
        #expect(HistoryDelta(history.points(for: Self.names[0])) == nil)
        let second = Self.first + Self.day
        var repo = Self.repo("apple/swift", stars: 88, at: second)
        repo.openIssues = 5
        history.record(Self.snapshot(second, [repo]), repos: Self.names)
        let delta = HistoryDelta(history.points(for: Self.names[0]))
        #expect(delta?.stars == -12 && delta?.forks == 0 && delta?.openIssues == 2 && delta?.since == Self.first)
        #expect(RepoCard.Change(-12, "stars", since: "x", .full, strings: .english).display == "\u{2212}12")
        #expect(RepoCard.Change(0, "stars", since: "x", .full, strings: .english).display == "\u{00B1}0")
        #expect(RepoCard.Change(1_200, "stars", since: "x", .compact, strings: .english).display == "+1.2k")
        #expect(Formatting.shortDay(Self.first, relativeTo: second) == "21 Nov")
        #expect(Formatting.shortDay(Self.first, relativeTo: second + 365 * Self.day) == "21 Nov 2026")
    }

    @Test("pages and widgets show the delta and the sparkline; a first snapshot shows neither")
    func rendered() throws {
        let config = SiteConfig(title: "T", repos: [Self.names[0]])
        let templates = try TemplateSet.load(siteDirectory: nil)
        let second = Self.first + Self.day
        var history = History()
        history.record(
            Self.snapshot(Self.first, [Self.repo("apple/swift", stars: 100, at: Self.first)]), repos: Self.names)
        let options = try RenderOptions()
        var renderer = SiteRenderer(
            config: config, templates: templates, options: options, data: RenderData(history: history))
        let firstSite = try renderer.render(
            Self.snapshot(Self.first, [Self.repo("apple/swift", stars: 100, at: Self.first)]))
        let firstPage = String(decoding: firstSite["repos/apple/swift/index.html"]!, as: UTF8.self)
        #expect(!firstPage.contains("data-delta") && !firstPage.contains("+0") && !firstPage.contains("data-spark"))
        #expect(firstPage.contains("first snapshot"))

        let now = Self.snapshot(second, [Self.repo("apple/swift", stars: 112, at: second)])
        history.record(now, repos: Self.names)
        renderer = SiteRenderer(
            config: config, templates: templates, options: options, data: RenderData(history: history))
        let site = try renderer.render(now)
        let page = String(decoding: site["repos/apple/swift/index.html"]!, as: UTF8.self)
        #expect(page.contains("<strong>+12 ★</strong> since <time datetime=\"2026-11-21T12:00:00Z\">21 Nov</time>"))
        #expect(page.contains("data-spark=\"stars\" data-values=\"100 112\""))
        #expect(
            page.contains("aria-label=\"Stars over time: 100 on 21 Nov 2026 to 112 on 22 Nov 2026 (+12, 2 snapshots)\"")
        )
        let gallery = String(decoding: site["index.html"]!, as: UTF8.self)
        #expect(gallery.contains("data-delta=\"stars\" data-value=\"12\""))
        #expect(gallery.contains("aria-label=\"12 more stars since 21 Nov 2026\">+12</span>"))
        let svg = SVGAudit(site["repos/apple/swift/medium.svg"]!)
        #expect(svg.texts.contains("+12"), "\(svg.texts)")
    }
}
