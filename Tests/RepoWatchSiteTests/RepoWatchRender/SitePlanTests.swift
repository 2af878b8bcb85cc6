import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite

@Suite("Site plan: pages made one at a time, looks and notes by repository")
struct SitePlanTests {
    static func names(_ count: Int) -> [RepoName] {
        (0..<count).map { RepoName(owner: "Owner\($0 % 7)", name: "repo-\($0)") }
    }

    @Test("gallery pages hold every widget in every size, 60 to a page, in order")
    func pages() {
        let repos = Self.names(70)
        let plan = SitePlan(config: SiteConfig(title: "T", repos: repos))
        #expect(plan.pageCount == 3)
        let pages = (0..<plan.pageCount).map(plan.page)
        #expect(pages.map(\.items.count) == [60, 60, 20])
        let shown = pages.flatMap(\.items).map { "\($0.repos[0])|\($0.size.rawValue)" }
        #expect(shown == repos.flatMap { ["\($0)|medium", "\($0)|large"] })
        #expect(pages[1].path == SiteLayout.galleryPage(2) && pages[1].pagination.prev == SiteLayout.galleryPage(1))
        #expect(plan.lastRepos(onPage: 0) == [repos[29]])
        #expect(plan.lastRepos(onPage: -1) == nil)
        #expect(plan.units.map { plan.repos(of: $0).count } == [30, 30, 10])
        #expect(plan.units.flatMap(plan.repos(of:)) == repos)
    }

    @Test("a page can start in the middle of a widget's sizes; a double widget is one entry")
    func pageStartsMidWidget() {
        let repos = Self.names(40)
        var config = SiteConfig(title: "T", repos: repos)
        config.widgets = SiteConfig.WidgetList(
            [SiteConfig.Widget(kind: .single(repos[0], sizes: [.large]))]
                + repos.dropFirst().map { SiteConfig.Widget(kind: .single($0, sizes: [.medium, .large])) }
                + [SiteConfig.Widget(kind: .double(id: "pair", top: repos[1], bottom: repos[2]))])
        let plan = SitePlan(config: config)
        let pages = (0..<plan.pageCount).map(plan.page)
        #expect(pages.map(\.items.count) == [60, 20])
        let shown = pages.flatMap(\.items).map { "\($0.repos.map(\.description).joined(separator: "+"))|\($0.kind)" }
        let expected =
            ["\(repos[0])|large"] + repos.dropFirst().flatMap { ["\($0)|medium", "\($0)|large"] }
            + ["\(repos[1])+\(repos[2])|double"]
        #expect(shown == expected)
        #expect(plan.lastRepos(onPage: 0) == [repos[30]])
    }

    @Test("work units name each repository as its widget spells it, in repos: (any case) or not")
    func unitsKeepNames() {
        let listed = RepoName(owner: "Acme", name: "Tool")
        let spelled = RepoName(owner: "acme", name: "TOOL")
        let outside = RepoName(owner: "x", name: "y")
        let unshown = RepoName(owner: "b", name: "c")
        var config = SiteConfig(title: "T", repos: [listed, unshown])
        config.widgets = [
            SiteConfig.Widget(kind: .single(spelled, sizes: [.medium])),
            SiteConfig.Widget(kind: .single(outside, sizes: [.large])),
        ]
        let plan = SitePlan(config: config)
        #expect(plan.units.map(\.page) == [0, nil])
        #expect(plan.units.flatMap(plan.repos(of:)) == [spelled, outside, unshown])
    }

    @Test("a repository's page looks like its first widget of that size, names compared case-insensitively")
    func looksAndNotes() {
        let repo = RepoName(owner: "Acme", name: "Tool")
        let other = RepoName(owner: "acme", name: "other")
        var config = SiteConfig(title: "T", repos: [repo, other])
        var first = SiteConfig.Widget(kind: .single(repo, sizes: [.large]), note: "First **note**")
        first.look.numbers = .compact
        var second = SiteConfig.Widget(kind: .single(repo, sizes: [.medium, .large]), note: "Second")
        second.look.rendering = .desaturated
        var onlyMedium = SiteConfig.Widget(kind: .single(other, sizes: [.medium]), note: nil)
        onlyMedium.look.numbers = .compact
        config.widgets = [first, second, onlyMedium]
        let plan = SitePlan(config: config)
        let lower = RepoName(owner: "acme", name: "tool")
        #expect(plan.looks.look(for: lower, size: .large) == config.look(for: first))
        #expect(plan.looks.look(for: lower, size: .medium) == config.look(for: second))
        #expect(plan.looks.look(for: other, size: .large) == config.look(for: onlyMedium))
        #expect(plan.looks.look(for: RepoName(owner: "acme", name: "none"), size: .large) == config.look)
        #expect(config.look(for: first) != config.look(for: second))
        #expect(plan.notes[RepoKey(lower)] == Markdown.html("First **note**"))
        #expect(plan.notes[RepoKey(other)] == nil)
    }

    @Test("repository keys ignore case and tell owner from name")
    func keys() {
        #expect(RepoKey(RepoName(owner: "A", name: "B")) == RepoKey("a/b"))
        #expect(RepoKey("ab/c") != RepoKey("a/bc"))
        #expect(RepoKey("abc") != RepoKey(RepoName(owner: "abc", name: "")))
    }
}
