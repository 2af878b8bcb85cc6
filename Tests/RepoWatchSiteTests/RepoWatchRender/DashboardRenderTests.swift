import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// Badges, the history chart, the CSV fields and the insights' figures, each against every hostile
/// string and state they may meet.
@Suite("Dashboard: badges, history chart, open data, insights")
struct DashboardRenderTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static let hostile = [
        "<script>alert(1)</script>", "\"quoted\" & 'apos'", "]]><x>", "tab\there\nline", "\u{202E}evil\u{202C}",
        "=HYPERLINK(\"http://x\")", String(repeating: "v1.0.0-rc.", count: 20), "\u{0007}bell", "",
    ]

    static func repo(
        available: Bool = true, hasIssues: Bool? = true, includePulls: Bool = false, pending: Bool = false,
        tag: String? = "v1.0.0", days: Int? = 3
    ) -> RepoSnapshot {
        var repo = RepoSnapshot(
            configName: "octo/cat", fullName: "octo/cat", htmlURL: "https://github.com/octo/cat",
            stars: available ? 1_437 : nil, forks: available ? 142 : nil, openIssues: available ? 0 : nil,
            hasIssues: hasIssues, openPulls: available && !includePulls ? 7 : nil, openIssuesIncludePulls: includePulls,
            daysSincePush: available ? days : nil, fetchedAt: available ? now : nil)
        repo.pending = pending
        repo.release = tag.map { RepoRelease(tag: $0, publishedAt: now) }
        return repo
    }

    @Test("every badge of every state, light and dark, is well-formed, self-contained SVG with a message")
    func badgeStates() throws {
        for available in [true, false] {
            for hasIssues in [true, false, nil] as [Bool?] {
                for includePulls in [false, true] {
                    for days in [0, 50, 51, nil] as [Int?] {
                        let repo = Self.repo(
                            available: available, hasIssues: hasIssues, includePulls: includePulls, days: days)
                        for kind in Badge.Kind.allCases {
                            let badge = Badge(kind, repo: repo, strings: .english)
                            #expect(!badge.message.isEmpty && !badge.label.isEmpty, "\(kind) \(repo)")
                            for dark in [false, true] {
                                let audit = SVGAudit(Data(badge.svg(dark: dark).utf8))
                                #expect(audit.problems.isEmpty, "\(kind): \(audit)")
                                #expect(audit.texts.contains(badge.message))
                            }
                            let json = try JSONSerialization.jsonObject(with: badge.endpointJSON) as? [String: Any]
                            #expect(json?["schemaVersion"] as? Int == 1)
                            #expect(Set(json?.keys.map { $0 } ?? []) == ["schemaVersion", "label", "message", "color"])
                        }
                    }
                }
            }
        }
        let quiet = Badge(.days, repo: Self.repo(days: 51), strings: .english)
        #expect(quiet.tone == .quiet && quiet.message == "51 days ago")
        #expect(Badge(.days, repo: Self.repo(days: 50), strings: .english).tone == .good)
        #expect(Badge(.issues, repo: Self.repo(hasIssues: false), strings: .english).message == "disabled")
        #expect(Badge(.issues, repo: Self.repo(includePulls: true), strings: .english).label == "issues + PRs")
        #expect(Badge(.stars, repo: Self.repo(available: false), strings: .english).message == "unknown")
        #expect(Badge(.release, repo: Self.repo(tag: nil), strings: .english).message == "none")
    }

    @Test("a hostile release tag is escaped in the SVG, the endpoint JSON and the snippets", arguments: hostile)
    func hostileTag(_ tag: String) throws {
        let badge = Badge(.release, repo: Self.repo(tag: tag), strings: .english)
        for dark in [false, true] {
            let svg = badge.svg(dark: dark)
            let audit = SVGAudit(Data(svg.utf8))
            #expect(audit.problems.isEmpty, "\(audit)")
            #expect(!svg.contains("<script") && !svg.contains("<x>"))
        }
        let json = try JSONSerialization.jsonObject(with: badge.endpointJSON) as? [String: Any]
        let message = try #require(json?["message"] as? String)
        #expect(message.count <= Badge.messageLimit)
        #expect(tag.isEmpty || tag.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(message.dropLast()))
        let text = String(decoding: badge.endpointJSON, as: UTF8.self)
        #expect(!text.contains("<") && !text.contains(">"))
        let snippets = EmbedSnippets(baseURL: URL(string: "https://me.github.io/watch/")).badges(
            RepoName(owner: "octo", name: "cat"), badges: [.release: badge], strings: .english)
        let snippet = try #require(snippets.first)
        #expect(!snippet.picture.contains("<script") && !snippet.markdown.contains("<script"))
        #expect(
            snippet.endpoint?.contains(
                "https://img.shields.io/endpoint?url=https%3A%2F%2Fme.github.io%2Fwatch%2Frepos%2Focto%2Fcat%2Fbadges%2Frelease.json"
            ) == true)
        #expect(
            EmbedSnippets(baseURL: nil).badges(
                RepoName(owner: "octo", name: "cat"), badges: [.release: badge], strings: .english
            ).first?.endpoint == nil)
    }

    @Test(
        "CSV fields: quoted where RFC 4180 or another separator needs it, quotes doubled, formulas made text",
        arguments: hostile)
    func csvField(_ text: String) throws {
        let field = CSVField.text(text)
        let needsQuotes = text.unicodeScalars.contains { ",;\t\"\n\r".unicodeScalars.contains($0) }
        #expect(field.hasPrefix("\"") == needsQuotes)
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) {
            #expect(field.hasPrefix("'") || field.hasPrefix("\"'"))
        }
        let inner = needsQuotes ? String(field.dropFirst().dropLast()) : field
        #expect(!inner.replacingOccurrences(of: "\"\"", with: "").contains("\""))
    }

    static func points(_ count: Int, stars: (Int) -> Int? = { 100 + $0 }) -> [History.Point] {
        (0..<count).map { index in
            History.Point(
                time: now.addingTimeInterval(Double(index - count) * 43_200), stars: stars(index),
                forks: 10 + index / 3,
                openIssues: index % 4 == 0 ? nil : 5, contributors: 4)
        }
    }

    @Test("the history chart: a panel per series, every drawn point titled, axes labelled, first and last named")
    func historyChart() throws {
        #expect(HistoryChart(Self.points(1), strings: .english) == nil)
        for count in [2, 3, 30, 365] {
            let chart = try #require(HistoryChart(Self.points(count), strings: .english))
            let audit = SVGAudit(Data(chart.svg.utf8))
            #expect(audit.problems.isEmpty, "\(audit)")
            #expect(chart.svg.contains("data-chart=\"history\""))
            #expect(chart.points.count == min(count, HistoryChart.pointLimit))
            #expect(chart.points.first == Self.points(count).first && chart.points.last == Self.points(count).last)
            let titles = chart.svg.components(separatedBy: "<title>").count - 1
            let issues = chart.points.filter { $0.openIssues != nil }.count
            #expect(titles == 2 * chart.points.count + issues, "\(count) points")
            let first = chart.points[0]
            #expect(chart.svg.contains("Stars on \(Formatting.day(first.time)): \(Formatting.grouped(first.stars!))"))
            // The dates of the first and last points label the x axis; the first and last stars are named.
            #expect(audit.texts.contains(Formatting.day(first.time)))
            #expect(audit.texts.contains(Formatting.day(chart.points.last!.time)))
            #expect(audit.texts.contains(Formatting.grouped(chart.points.last!.stars!)))
            #expect(
                audit.texts.contains("Stars") && audit.texts.contains("Forks") && audit.texts.contains("Open issues"))
            #expect(chart.rows.count == chart.points.count && chart.rows.first?.values.count == 3)
        }
        // A series never recorded is not drawn.
        let starsOnly = (0..<5).map {
            History.Point(
                time: Self.now.addingTimeInterval(Double($0) * 3600), stars: $0, forks: nil, openIssues: nil,
                contributors: nil)
        }
        #expect(HistoryChart(starsOnly, strings: .english)?.shown.map(\.key) == ["stars"])
        let context = try #require(
            HistoryChartContext(
                points: Self.points(3), start: .firstSnapshot(.notOffered), sample: false, strings: .english,
                csv: "history.csv"))
        #expect(context.start == "first-snapshot" && context.reason == HistoryStart.Reason.notOffered.message)
        #expect(
            HistoryChartContext(points: Self.points(3), start: .backfill, sample: false, strings: .english, csv: nil)?
                .start
                == "backfill")
        let starHistory = try #require(
            HistoryChartContext(points: Self.points(3), start: .starHistory, sample: false, strings: .english, csv: nil)
        )
        #expect(starHistory.start == "star-history" && starHistory.startNote.contains("stars still held"))
        // `--sample`'s made-up history never claims to be GitHub's.
        let sample = try #require(
            HistoryChartContext(points: Self.points(3), start: .starHistory, sample: true, strings: .english, csv: nil))
        #expect(sample.startNote.hasPrefix("Made-up sample history") && !sample.startNote.contains("GitHub's"))
    }

    @Test("insights: changes over 7 and 30 days, rising, relative growth above the floor, per owner")
    func insightFigures() throws {
        let day = 86_400.0
        func repo(_ name: String, owner: String?, stars: Int, days: Int = 3) -> RepoSnapshot {
            var repo = RepoSnapshot(
                configName: name, fullName: name, stars: stars, forks: 1, openIssues: 1, hasIssues: true, openPulls: 0,
                daysSincePush: days, fetchedAt: Self.now)
            repo.source = owner.map { .owner($0) } ?? .repos
            repo.pushedAt = Self.now.addingTimeInterval(-Double(days) * day)
            return repo
        }
        func series(_ starts: [(Double, Int)]) -> [History.Point] {
            starts.map {
                History.Point(
                    time: Self.now.addingTimeInterval(-$0.0 * day), stars: $0.1, forks: 1, openIssues: 1,
                    contributors: 4)
            }
        }
        var history = History()
        history.set("a/tiny", series([(40, 3), (8, 3)]))
        history.set("a/big", series([(31, 1_000), (7, 1_100)]))
        history.set("b/mid", series([(30, 100), (10, 150)]))
        let snapshot = Snapshot(
            generatedAt: Self.now, nextUpdate: Self.now, sample: false,
            repos: [
                repo("a/tiny", owner: "a", stars: 6), repo("a/big", owner: "a", stars: 1_150, days: 60),
                repo("b/mid", owner: "b", stars: 180), repo("c/new", owner: nil, stars: 10),
            ])
        let (site, owners) = InsightsPage.collect(
            snapshot: snapshot, history: history, feed: FeedState(), now: Self.now)
        #expect(site.repos == 4 && site.stars.now == 1_346)
        // 7 days: big from its point 7 days ago (+50), tiny from 8 days ago (+3); mid's newest point
        // at or before 7 days ago is 10 days old (+30).
        #expect(site.stars.change[7] == 83)
        #expect(site.stars.change[30] == 150 + 80 + 3)
        #expect(site.rising[7]?.map(\.key) == ["a/big", "b/mid", "a/tiny"])
        // tiny doubled but is under the floor; mid grew 80 %, big 15 %.
        #expect(site.relative.map(\.key) == ["b/mid", "a/big"])
        #expect(site.quiet.map(\.key) == ["a/big"])
        #expect(site.knownSince == Self.now.addingTimeInterval(-40 * day))
        #expect(owners.map(\.0) == ["a", "b"])
        #expect(owners[0].1.repos == 2 && owners[0].1.stars.change[7] == 53)
        #expect(owners[1].1.rising[30]?.map(\.key) == ["b/mid"])
        #expect(InsightsPage.percent(80, of: 100) == 80 && InsightsPage.percent(1, of: 3) == 33)
        // Without any history: no change is claimed.
        let (bare, _) = InsightsPage.collect(snapshot: snapshot, history: History(), feed: FeedState(), now: Self.now)
        #expect(bare.stars.change.isEmpty && bare.rising.values.allSatisfy(\.isEmpty) && bare.knownSince == nil)
    }

    @Test("insights: the totals are figures with their changes; what has nothing to list is left out and named")
    func insightScope() throws {
        let day = 86_400.0
        var one = RepoSnapshot(
            configName: "a/one", fullName: "a/one", stars: 40, forks: 2, openIssues: 1, hasIssues: true,
            openPulls: 0, daysSincePush: 3, fetchedAt: Self.now)
        one.pushedAt = Self.now.addingTimeInterval(-3 * day)
        var history = History()
        history.set(
            "a/one",
            [(31.0, 30), (8, 35)].map {
                History.Point(
                    time: Self.now.addingTimeInterval(-$0.0 * day), stars: $0.1, forks: 2, openIssues: 1,
                    contributors: 1)
            })
        let snapshot = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: false, repos: [one])
        let (site, owners) = InsightsPage.collect(
            snapshot: snapshot, history: history, feed: FeedState(), now: Self.now)
        let page = InsightsPage(
            config: SiteConfig(repos: [RepoName(owner: "a", name: "one")]), strings: .english, now: Self.now
        ) { _ in true }
        let scope = try #require(page.scopes(site: site, owners: owners, headings: []).first)
        #expect(scope.totals.figures.map(\.key) == ["repos", "stars", "forks", "issues", "pulls"])
        let stars = try #require(scope.totals.figures.first { $0.key == "stars" })
        #expect(stars.value == 40 && stars.changes.map(\.span) == [7, 30] && stars.changes.map(\.value) == [5, 10])
        #expect(stars.changes.map { $0.before + $0.text + $0.after } == ["+5 in 7 days", "+10 in 30 days"])
        #expect(scope.totals.figures[0].changes.isEmpty, "the number of repositories has no change to show")
        // No release, no waking, no quiet, no language; rising keeps its two tables with rows, and the
        // relative growth (under the floor) is named instead of shown as "none".
        #expect(scope.sections.map(\.insight) == ["rising", "recent"])
        #expect(scope.sections.allSatisfy { $0.tables.allSatisfy { !$0.rows.isEmpty } })
        #expect(scope.sections[0].tables.count == 2)
        #expect(
            scope.leftOut
                == "Not shown until there is something to list: Fastest growth in 30 days (from 50 stars or more), "
                + "Releases of the last 30 days, Waking up, Going quiet, and Languages.", "\(scope.leftOut ?? "nil")")
        // Pull requests counted with issues: neither figure is claimed.
        one.openIssuesIncludePulls = true
        let combined = InsightsPage.collect(
            snapshot: Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: false, repos: [one]),
            history: history, feed: FeedState(), now: Self.now)
        let keys = page.scopes(site: combined.site, owners: [], headings: [])[0].totals.figures.map(\.key)
        #expect(keys == ["repos", "stars", "forks"])
    }

    @Test("insights: the open-issue total leaves out repositories whose issues are turned off")
    func issuesTotalSkipsDisabledIssues() {
        func repo(_ name: String, issues: Int, hasIssues: Bool?) -> RepoSnapshot {
            RepoSnapshot(
                configName: name, fullName: name, stars: 1, forks: 1, openIssues: issues, hasIssues: hasIssues,
                openPulls: 0, daysSincePush: 3, fetchedAt: Self.now)
        }
        let snapshot = Snapshot(
            generatedAt: Self.now, nextUpdate: Self.now, sample: false,
            repos: [
                repo("a/on", issues: 5, hasIssues: true), repo("a/off", issues: 40, hasIssues: false),
                repo("a/unknown", issues: 2, hasIssues: nil),
            ])
        let (site, _) = InsightsPage.collect(snapshot: snapshot, history: History(), feed: FeedState(), now: Self.now)
        #expect(site.issues.now == 7, "\(site.issues)")
    }
}
