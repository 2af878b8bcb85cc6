import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSupport

@Suite("Feed: what changed between builds, told once, with stable ids")
struct FeedEventsTests {
    static let day: TimeInterval = 86_400
    static let first = ISO8601.parse("2026-11-21T12:00:00Z")!
    static let ids = FeedIDs(baseURL: URL(string: "https://me.github.io/watch/"))

    static func repo(
        stars: Int, release: String? = "v1.0.0", pushed: Date = first, archived: Bool = false,
        fullName: String = "Octo/Thing", at time: Date = first
    ) -> RepoSnapshot {
        var repo = RepoSnapshot(
            configName: "octo/thing", fullName: fullName, description: "A <thing> & more ]]>", stars: stars,
            forks: 1, openIssues: 0, hasIssues: true, archived: archived, pushedAt: pushed, fetchedAt: time)
        repo.release = release.map { RepoRelease(tag: $0, publishedAt: first - day) }
        return repo
    }

    static func observe(_ state: inout FeedState, _ repos: [RepoSnapshot], at time: Date) {
        state.observe(Snapshot(generatedAt: time, nextUpdate: time, sample: false, repos: repos), ids: ids, now: time)
    }

    @Test("first sight: the latest release only, no milestones for stars already there")
    func firstSight() {
        var state = FeedState()
        Self.observe(&state, [Self.repo(stars: 12_345)], at: Self.first)
        #expect(state.entries.map(\.kind) == [.release])
        #expect(state.entries.first?.id == "tag:me.github.io,2026:repowatch/octo/thing/release/v1.0.0")
        #expect(state.repos["octo/thing"]?.milestones == [1_000, 5_000, 10_000])
        var none = FeedState()
        Self.observe(&none, [Self.repo(stars: 12, release: nil)], at: Self.first)
        #expect(none.entries.isEmpty)
    }

    @Test("a new release and a crossed milestone are told; a dip and re-crossing is not told again")
    func releaseAndMilestone() {
        var state = FeedState()
        Self.observe(&state, [Self.repo(stars: 990)], at: Self.first)
        Self.observe(&state, [Self.repo(stars: 1_004, release: "v1.1.0")], at: Self.first + Self.day)
        #expect(Set(state.entries.map(\.kind)) == [.release, .milestone])
        #expect(state.entries.contains { $0.title == "Octo/Thing passed 1,000 stars" })
        let told = state.entries
        Self.observe(&state, [Self.repo(stars: 998, release: "v1.1.0")], at: Self.first + 2 * Self.day)
        Self.observe(&state, [Self.repo(stars: 1_010, release: "v1.1.0")], at: Self.first + 3 * Self.day)
        #expect(state.entries == told)
    }

    @Test("the news is what was told of a repository seen before, once: never a first sighting's release")
    func news() {
        var state = FeedState()
        let snapshot = { (repos: [RepoSnapshot], time: Date) in
            Snapshot(generatedAt: time, nextUpdate: time, sample: false, repos: repos)
        }
        #expect(state.observe(snapshot([Self.repo(stars: 990)], Self.first), ids: Self.ids, now: Self.first).isEmpty)
        let later = Self.first + Self.day
        let news = state.observe(
            snapshot([Self.repo(stars: 1_004, release: "v1.1.0")], later), ids: Self.ids, now: later)
        #expect(Set(news.map(\.kind)) == [.release, .milestone])
        #expect(
            state.observe(snapshot([Self.repo(stars: 1_004, release: "v1.1.0")], later), ids: Self.ids, now: later)
                .isEmpty)
        // A repository whose memory is lost (a cache evicted) is seen for the first time again.
        state.repos = [:]
        let again = state.observe(
            snapshot([Self.repo(stars: 1_004, release: "v1.2.0")], later + Self.day), ids: Self.ids,
            now: later + Self.day)
        #expect(again.isEmpty && state.entries.contains { $0.id.hasSuffix("release/v1.2.0") })
    }

    @Test("woke up after more than 50 quiet days, archived, renamed, gone: each told once")
    func otherEvents() {
        var state = FeedState()
        let old = Self.first - 80 * Self.day
        Self.observe(&state, [Self.repo(stars: 5, pushed: old)], at: Self.first)
        Self.observe(
            &state, [Self.repo(stars: 5, pushed: Self.first, archived: true, fullName: "octo/renamed")],
            at: Self.first + Self.day)
        #expect(Set(state.entries.map(\.kind)) == [.release, .woke, .archived, .renamed])
        #expect(state.entries.contains { $0.summary.hasPrefix("octo/renamed was pushed to on 21 Nov 2026 after 80") })
        var gone = RepoSnapshot.unavailable(RepoName(owner: "octo", name: "thing"), reason: "404")
        gone.isGone = true
        Self.observe(&state, [gone], at: Self.first + 2 * Self.day)
        Self.observe(&state, [gone], at: Self.first + 3 * Self.day)
        #expect(state.entries.filter { $0.kind == .gone }.count == 1)
        // A quiet spell under the threshold is not waking up.
        var quiet = FeedState()
        Self.observe(&quiet, [Self.repo(stars: 5, pushed: Self.first - 40 * Self.day)], at: Self.first)
        Self.observe(&quiet, [Self.repo(stars: 5, pushed: Self.first)], at: Self.first + Self.day)
        #expect(!quiet.entries.contains { $0.kind == .woke })
    }

    @Test("stale data tells nothing; a transient failure is not gone")
    func staleTellsNothing() {
        var state = FeedState()
        Self.observe(&state, [Self.repo(stars: 5)], at: Self.first)
        var stale = Self.repo(stars: 50_000, release: "v9")
        stale.stale = true
        var failing = RepoSnapshot.unavailable(RepoName(owner: "octo", name: "thing"), reason: "502", transient: true)
        failing.isGone = false
        Self.observe(&state, [stale], at: Self.first + Self.day)
        Self.observe(&state, [failing], at: Self.first + 2 * Self.day)
        #expect(state.entries.count == 1)
    }

    @Test("the last 100 entries are kept, newest first; ids without a base_url are name-based UUIDs")
    func limitAndIDs() {
        var state = FeedState()
        state.add(
            (0..<130).map {
                FeedEntry(
                    id: "e\($0)", repo: "o/n", kind: .release, title: "t", summary: "s",
                    updated: Self.first + Double($0))
            })
        #expect(state.entries.count == 100 && state.entries.first?.id == "e129" && state.entries.last?.id == "e30")
        let plain = FeedIDs(baseURL: nil)
        let id = plain.id("octo/thing/release/v1")
        #expect(id == plain.id("octo/thing/release/v1") && id != plain.id("octo/thing/release/v2"))
        #expect(
            id.range(
                of: #"^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#,
                options: .regularExpression) != nil)
        #expect(FeedIDs.segment("v1 <x>/&") == "v1%20%3Cx%3E%2F%26")
        #expect(StarMilestones.passed(by: 1_200_000) == [1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000])
    }

    @Test("a first build of many repositories keeps the newest 100 of their releases, ties in the site's order")
    func manyFirstSightings() {
        // Releases on 37 distinct days: many ties, which must keep the order the site lists them in.
        let repos = (0..<1_000).map { k in
            var repo = RepoSnapshot(
                configName: "octo/r\(k)", fullName: "octo/r\(k)", description: nil, stars: 1, forks: 0, openIssues: 0,
                hasIssues: true, archived: false, pushedAt: Self.first, fetchedAt: Self.first)
            repo.release = RepoRelease(tag: "v\(k)", publishedAt: Self.first - Double(k * 7 % 37) * Self.day)
            return repo
        }
        var state = FeedState()
        Self.observe(&state, repos, at: Self.first)
        let expected = repos.enumerated().sorted { left, right in
            left.element.release!.publishedAt! != right.element.release!.publishedAt!
                ? left.element.release!.publishedAt! > right.element.release!.publishedAt! : left.offset < right.offset
        }.prefix(100).map { $0.element.configName }
        #expect(state.entries.map(\.repo) == expected)
        #expect(state.repos.count == 1_000)
    }
}
