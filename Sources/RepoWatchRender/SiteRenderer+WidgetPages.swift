import Foundation
import RepoWatchModel

// A repository's pages for each widget size, beside its own page.
extension PageMaker {
    /// Each size's widget on the repository page and, for embeddable repositories, its SVGs, its standalone
    /// page and the snippet that pastes it.
    func widgetPages(
        _ name: RepoName, card: RepoCard, folder: String, embeddable: Bool, cache: inout WidgetFragments.Cache,
        into emit: SiteRenderer.FileSink
    ) throws -> (shown: [RepoPageWidget], snippets: [Embed]) {
        let root = SiteLayout.root(of: folder)
        var shown: [RepoPageWidget] = []
        var snippets: [Embed] = []
        for size in SiteConfig.WidgetSize.allCases {
            let look = plan.looks.look(for: name, size: size)
            let spec = WidgetFragments.Spec.single(name, size, look)
            let html = widgets.html(spec, root: root, cache: &cache)
            let file = SiteLayout.html(size)
            let sizeLabel = strings.text("size_\(size.rawValue)")
            shown.append(
                RepoPageWidget(
                    size: size.rawValue, html: html, href: embeddable ? file : nil, noteHTML: plan.notes[RepoKey(name)],
                    sizeLabel: sizeLabel))
            guard embeddable else { continue }
            var snippet = embeds.embed(name, size: size, appearance: look.appearance, strings: strings)
            snippet.sizeLabel = sizeLabel
            snippets.append(snippet)
            let images = widgets.svgs(spec, cache: &cache)
            try emit(folder + SiteLayout.svg(size), Data(images.light.utf8))
            try emit(folder + SiteLayout.svg(size, dark: true), Data(images.dark.utf8))
            let title = "\(name) · \(sizeLabel)"
            var page = StandaloneWidgetPage(
                shell: PageShell(
                    root: root, site: site, title: title, locale: PageLocale(strings: tables.table(for: look.locale))),
                widgetHTML: html, size: size.rawValue)
            page.shell.share = shares.repoPage(card, title: title, path: folder + file)
            try emit(folder + file, templates.file("widget", page))
        }
        return (shown, snippets)
    }
}
