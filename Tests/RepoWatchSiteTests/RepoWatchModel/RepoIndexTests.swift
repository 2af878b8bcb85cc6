import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite("Repository index: one table of positions shared by the render")
struct RepoIndexTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func name(_ text: String) -> RepoName { RepoName.parse(text).value! }

    static func snapshot(_ repos: [RepoSnapshot]) -> Snapshot {
        Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: RepoList(repos))
    }

    static func fetched(_ text: String) -> RepoSnapshot { SampleData.snapshot(for: name(text), now: now) }

    @Test("positions by name, case-insensitively; the first of two equal names wins; others are absent")
    func positions() {
        let names = (0..<1000).map { Self.name("Owner-\($0 % 13)/repo-\($0)") } + [Self.name("owner-3/REPO-3")]
        let index = RepoIndex(names)
        #expect(index.count == 1001)
        for (position, name) in names.dropLast().enumerated() {
            #expect(index.position(of: name) == position)
            #expect(index.position(of: RepoName(owner: name.owner.uppercased(), name: name.name)) == position)
        }
        #expect(index.position(of: Self.name("owner-3/repo-3")) == 3)
        #expect(index.position(of: Self.name("owner-3/repo-4")) == nil)
        #expect(index.position(of: RepoKey("owner-1/repo-1/x")) == nil)
        #expect(index.position(of: RepoKey("owner-1")) == nil)
        #expect(RepoIndex([]).position(of: Self.name("a/b")) == nil)
    }

    @Test("a set of repositories by position, and by name for those not in the index")
    func set() {
        let index = RepoIndex([Self.name("a/one"), Self.name("a/two")])
        var set = RepoSet(index: index)
        let inserted = ["A/One", "a/one", "b/elsewhere", "B/Elsewhere"].map { set.insert(Self.name($0)) }
        #expect(inserted == [true, false, true, false])
        #expect(set.contains(Self.name("a/ONE")) && set.contains(Self.name("b/elsewhere")))
        #expect(!set.contains(Self.name("a/two")) && !set.contains(Self.name("b/other")))
    }

    @Test("a snapshot in the config's order shares the index; any other order gets its own")
    func snapshotOrder() {
        let names = ["a/one", "a/two", "b/three"].map(Self.name)
        let index = RepoIndex(names)
        let inOrder = RepoList(names.map { SampleData.snapshot(for: $0, now: Self.now) })
        #expect(SnapshotPositions(inOrder, index: index).sharesIndex)
        // Fewer repositories than configured, still in order: the missing ones are not found.
        let shorter = SnapshotPositions(RepoList(inOrder.prefix(2)), index: index)
        #expect(shorter.sharesIndex && shorter.position(of: names[1]) == 1 && shorter.position(of: names[2]) == nil)
        let reversed = SnapshotPositions(RepoList(inOrder.reversed()), index: index)
        #expect(!reversed.sharesIndex)
        #expect(names.map { reversed.position(of: $0) } == [2, 1, 0])
        let duplicated = SnapshotPositions([inOrder[0], inOrder[0]], index: index)
        #expect(!duplicated.sharesIndex && duplicated.position(of: names[0]) == 0)
        #expect(duplicated.position(of: names[1]) == nil)
    }

    @Test("cards come from the right repository whatever the snapshot's order; a missing one is unavailable")
    func cards() {
        let names = ["acme/one", "acme/two", "other/three"].map(Self.name)
        let missing = Self.name("acme/missing")
        let index = RepoIndex(names + [missing])
        let repos = [Self.fetched("other/three"), Self.fetched("acme/one"), Self.fetched("Acme/Two")]
        for order in [repos, Array(repos.reversed()), [repos[1], repos[2], repos[0]]] {
            let maker = CardMaker(snapshot: Self.snapshot(order), sample: false, history: History(), index: index)
            for name in names {
                let card = maker.card(RepoName(owner: name.owner.uppercased(), name: name.name), .full)
                #expect(card.configName.lowercased() == name.key)
                #expect(card.state != .unavailable)
            }
            let card = maker.card(missing, .full)
            #expect(card.state == .unavailable && card.error == "Not fetched")
        }
    }

    @Test("owner sources follow the snapshot's positions, whatever its order; a repeated repository takes its last")
    func ownerSources() {
        let names = ["acme/one", "acme/two", "solo/three"].map(Self.name)
        let index = RepoIndex(names)
        func owned(_ text: String, by owner: String) -> RepoSnapshot {
            var repo = Self.fetched(text)
            repo.source = .owner(owner)
            return repo
        }
        let repos = [owned("acme/one", by: "Acme"), owned("acme/two", by: "Acme"), Self.fetched("solo/three")]
        for order in [repos, Array(repos.reversed()), repos + [owned("ACME/one", by: "Other")]] {
            let snapshot = Self.snapshot(order)
            let positions = SnapshotPositions(snapshot.repos, index: index)
            let sections = OwnerSections(
                headings: [], snapshot: snapshot, strings: .english, positions: positions)
            let last = order.count == 4 ? "Other" : "Acme"
            #expect(sections.source(of: Self.name("Acme/One")) == .owner(last))
            #expect(sections.source(of: names[1]) == .owner("Acme"))
            #expect(sections.source(of: names[2]) == .repos)
            #expect(sections.source(of: Self.name("acme/missing")) == .repos)
        }
    }

    @Test("a widget's repository missing from repos: renders unavailable with the site's look")
    func widgetOutsideRepos() throws {
        let listed = Self.name("acme/listed")
        let outside = Self.name("elsewhere/outside")
        var config = SiteConfig(title: "T", repos: [listed])
        var widget = SiteConfig.Widget(kind: .single(outside, sizes: [.medium]), note: nil)
        widget.look.numbers = .compact
        config.widgets = [SiteConfig.Widget(kind: .single(listed, sizes: [.medium, .large])), widget]
        let plan = SitePlan(config: config)
        #expect(plan.looks.look(for: outside, size: .medium) == config.look(for: widget))
        #expect(plan.looks.look(for: outside, size: .large) == config.look(for: widget))
        #expect(plan.looks.look(for: Self.name("x/none"), size: .large) == config.look)
        #expect(plan.units.flatMap(plan.repos(of:)) == [listed, outside])

        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil), options: try RenderOptions())
        let files = try renderer.render(Self.snapshot([Self.fetched("acme/listed")]))
        let page = try #require(files[SiteLayout.repoFolder(outside) + SiteLayout.index])
        #expect(String(decoding: page, as: UTF8.self).contains("Not fetched"))
        let widgetPage = try #require(files[SiteLayout.repoFolder(outside) + SiteLayout.html(.medium)])
        #expect(String(decoding: widgetPage, as: UTF8.self).contains("rw-tag--bad"))
        let fine = try #require(files[SiteLayout.repoFolder(listed) + SiteLayout.index])
        #expect(!String(decoding: fine, as: UTF8.self).contains("Not fetched"))
    }
}
