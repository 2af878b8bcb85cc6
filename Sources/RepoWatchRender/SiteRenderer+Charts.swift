import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

// site.yml's `charts:`: each comparison as two images and a page.
extension PageMaker {
    /// A repository's `history.svg` and `history-dark.svg`, and the snippets that paste them.
    func historyImages(_ name: RepoName, points: [History.Point], into emit: SiteRenderer.FileSink) throws -> Embed {
        let folder = SiteLayout.repoFolder(name)
        let drawn = ChartImage.points(
            points, metric: .stars, current: ChartImage.current(.stars, of: widgets.cards.repo(name)), now: generatedAt)
        let start = renderer.data.history.start(forKey: name.key)
        // Light and dark differ only in colour: the title and the dated caption are worded once.
        var image = ChartImage.history(
            name: name.description, points: drawn, start: start, sample: renderer.data.history.isSample,
            strings: strings, dark: false, host: name.host)
        for dark in [false, true] {
            image.chart.colors = ChartColors(dark: dark)
            try emit(folder + SiteLayout.historySVG(dark: dark), Data(image.svg().utf8))
        }
        var snippet = embeds.history(name, appearance: config.appearance, strings: strings)
        snippet.sizeLabel = strings.text("history_svg_label")
        return snippet
    }

    /// `charts/ID.svg`, `charts/ID-dark.svg` and `charts/ID/index.html` for every `charts:` entry.
    func comparisons(into emit: SiteRenderer.FileSink) throws {
        for spec in config.charts {
            let lines = spec.repos.filter { index.position(of: $0) != nil }.map { name in
                let points = ChartImage.points(
                    renderer.data.history.points(for: name), metric: spec.metric,
                    current: ChartImage.current(spec.metric, of: widgets.cards.repo(name)), now: generatedAt)
                return (name: name.description, points: points)
            }
            let light = ChartImage.compare(spec, lines: lines, strings: strings, dark: false)
            try emit(SiteLayout.chartSVG(id: spec.id), Data(light.svg().utf8))
            let dark = ChartImage.compare(spec, lines: lines, strings: strings, dark: true)
            try emit(SiteLayout.chartSVG(id: spec.id, dark: true), Data(dark.svg().utf8))
            try emit(SiteLayout.chartFolder(id: spec.id) + SiteLayout.index, chartPage(spec, image: light))
        }
    }

    /// A comparison's page: the chart, its numbers as tables, and the snippets to paste it.
    private func chartPage(_ spec: SiteConfig.Chart, image: ChartImage) -> Data {
        let root = "../../"
        var shell = PageShell(
            root: root, site: site, title: PageTitle.joined(image.title, config.title), locale: locale,
            feed: FeedLink(href: root + SiteLayout.feed, title: config.title))
        shell.share = shares.sitePage(
            path: SiteLayout.chartFolder(id: spec.id), title: image.title, description: image.caption,
            repoCount: config.repos.count)
        var embed = embeds.chart(id: spec.id, title: image.title, appearance: config.appearance)
        embed.sizeLabel = strings.text("chart_embed_label")
        embed.first = true
        let format = strings.formatter
        func day(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let series = image.chart.lines.map { line in
            ChartSeriesTable(
                name: line.label, href: root + SiteLayout.repoFolder(configName: line.label) + SiteLayout.index,
                hasPage: RepoName.parse(line.label).value.map { outputs(of: $0) != .card } ?? false,
                first: line.points.first.map { format.day(day($0.seconds)) },
                firstDate: line.points.first.map { Formatting.iso(day($0.seconds)) },
                firstValue: line.points.first.map { format.grouped($0.value) },
                last: line.points.last.map { format.grouped($0.value) },
                lastValue: line.points.last?.value,
                rows: line.points.reversed().map { point in
                    HistoryRow(
                        date: Formatting.iso(day(point.seconds)), dateDisplay: format.day(day(point.seconds)),
                        values: [format.grouped(point.value)])
                })
        }
        let page = ChartPageContext(
            shell: shell, id: spec.id, heading: image.title, caption: image.caption, svg: image.svg(inline: true),
            metric: strings.text("chart_series_\(spec.metric.rawValue)"), series: series, embeds: [embed],
            insights: config.insights ? root + SiteLayout.insights : nil)
        return templates.file("chart", page)
    }

    /// The insights page's list of comparisons: `{ href, title }`, relative to `insights/`.
    var chartLinks: [ChartLink] {
        config.charts.map { spec in
            let series = strings.text("chart_series_\(spec.metric.rawValue)")
            let title =
                spec.title
                ?? strings.text(
                    "chart_compare_title",
                    ["series": series, "names": spec.repos.map(\.description).joined(separator: ", ")])
            return ChartLink(href: "../" + SiteLayout.chartFolder(id: spec.id) + SiteLayout.index, title: title)
        }
    }
}

/// `{ href, title }`: a comparison chart's page.
struct ChartLink: Sendable, MustacheParent {
    var href: String
    var title: String

    func child(named key: String) -> Any? {
        switch key {
        case "href": return href
        case "title": return title
        default: return nil
        }
    }
}

/// One repository of a comparison: `{ name, href, first, first_date, first_value, last, last_value, rows }`
/// (`href` only where the repository has a page).
struct ChartSeriesTable: Sendable, MustacheParent {
    var name: String
    var href: String
    var hasPage: Bool
    var first: String?
    var firstDate: String?
    var firstValue: String?
    var last: String?
    var lastValue: Int?
    var rows: [HistoryRow]

    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "href": return hasPage ? href : nil
        case "first": return first
        case "first_date": return firstDate
        case "first_value": return firstValue
        case "last": return last
        case "last_value": return lastValue.map(String.init)
        case "rows": return rows
        default: return nil
        }
    }
}

/// `charts/ID/index.html`: `{ id, heading, caption, svg, metric, series, embeds, insights }`.
struct ChartPageContext: Sendable, MustacheParent {
    var shell: PageShell
    var id: String
    var heading: String
    var caption: String
    var svg: String
    var metric: String
    var series: [ChartSeriesTable]
    var embeds: [Embed]
    /// The insights page, which lists every chart (`insights: true`).
    var insights: String?

    func child(named key: String) -> Any? {
        switch key {
        case "id": return id
        case "heading": return heading
        case "caption": return caption
        case "svg": return svg
        case "metric": return metric
        case "series": return series
        case "embeds": return embeds
        case "insights": return insights
        default: return shell.child(named: key)
        }
    }
}
