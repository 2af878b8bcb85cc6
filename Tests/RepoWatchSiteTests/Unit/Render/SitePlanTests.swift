import Foundation
import Testing

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
        #expect(plan.units.map(\.repos.count) == [30, 30, 10])
        #expect(plan.units.flatMap(\.repos) == repos)
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
