import Foundation
import RepoWatchModel
import RepoWatchSupport

// The pages and files of the dashboard: badges, open data and the insights page.
extension PageMaker {
    /// The six badges of a repository (light, dark, endpoint JSON), and their snippets for its page.
    func badges(_ repo: RepoSnapshot, name: RepoName, into emit: SiteRenderer.FileSink) throws
        -> [BadgeSnippet]
    {
        let folder = SiteLayout.repoFolder(name)
        var made: [Badge.Kind: Badge] = [:]
        for kind in Badge.Kind.allCases {
            let badge = Badge(kind, repo: repo, strings: strings, forge: config.forges.kind(of: name))
            made[kind] = badge
            try emit(folder + SiteLayout.badge(kind.rawValue), Data(badge.svg().utf8))
            try emit(folder + SiteLayout.badge(kind.rawValue, dark: true), Data(badge.svg(dark: true).utf8))
            try emit(folder + SiteLayout.badgeEndpoint(kind.rawValue), badge.endpointJSON)
        }
        return embeds.badges(name, badges: made, strings: strings)
    }

    /// `insights/index.html`: the whole site's figures and each owner's.
    func insightsPage(_ snapshot: Snapshot, into emit: SiteRenderer.FileSink) throws {
        let (site, owners) = InsightsPage.collect(
            snapshot: snapshot, history: renderer.data.history, feed: renderer.data.feed, now: snapshot.generatedAt)
        let maker = InsightsPage(config: config, strings: strings, now: snapshot.generatedAt) { key in
            guard let name = RepoName.parse(key).value else { return false }
            return outputs(of: name) != .card
        }
        let title = strings.text("insights_title")
        var shell = PageShell(
            root: "../", site: self.site, title: PageTitle.joined(title, config.title), locale: locale,
            feed: FeedLink(href: "../" + SiteLayout.feed, title: config.title))
        shell.share = shares.sitePage(
            path: SiteLayout.insightsFolder, title: title,
            description: strings.plural("insights_description", count: config.repos.count),
            repoCount: config.repos.count)
        let carded = Set(renderer.data.ownerCards.map { $0.owner.lowercased() })
        var scopes = maker.scopes(site: site, owners: owners, headings: renderer.data.ownerHeadings)
        for index in scopes.indices {
            guard let owner = scopes[index].owner?.lowercased(), carded.contains(owner) else { continue }
            scopes[index].cardsHref = SiteLayout.ownerFolder(owner)
        }
        var page = InsightsPageContext(shell: shell, scopes: scopes)
        page.charts = chartLinks
        try emit(SiteLayout.insights, templates.file("insights", page))
    }
}
