import Foundation
import Mustache
import RepoWatchModel
import RepoWatchSupport

/// `insights/index.html`: the figures of `InsightFigures` for the whole site and, with `owners:`,
/// for each owner, as tables with static SVG bar charts (no script: the page keeps the strict policy
/// of every other page).
struct InsightsPage: Sendable {
    let config: SiteConfig
    let strings: StringTable
    let now: Date
    /// Whether a repository has a page of its own (not `outputs: card`).
    let hasPage: @Sendable (String) -> Bool
    /// The site lists a repository on another forge, whose date is not a push (`InsightsPage+Words`).
    let otherForges: Bool

    init(config: SiteConfig, strings: StringTable, now: Date, hasPage: @escaping @Sendable (String) -> Bool) {
        self.config = config
        otherForges = config.listsOtherForges
        self.strings = strings
        self.now = now
        self.hasPage = hasPage
    }

    /// One pass over the repositories: the site's figures, and each owner's.
    static func collect(snapshot: Snapshot, history: History, feed: FeedState, now: Date)
        -> (site: InsightFigures, owners: [(String, InsightFigures)])
    {
        var site = InsightCollector(now: now)
        var owners: [String: InsightCollector] = [:]
        var ownerOrder: [String] = []
        let since = now.addingTimeInterval(-Double(InsightFigures.releaseDays) * InsightFigures.day)
        let woke = feed.entries.filter { $0.kind == .woke && $0.updated > since }
        let wokeKeys = Set(woke.map(\.repo))
        var ownerOfKey: [String: String] = [:]
        for repo in snapshot.repos {
            let points = history.points(forKey: repo.configName.lowercased())
            site.add(repo, points: points)
            guard case .owner(let owner) = repo.source else { continue }
            if owners[owner] == nil {
                owners[owner] = InsightCollector(now: now)
                ownerOrder.append(owner)
            }
            owners[owner]!.add(repo, points: points)
            let key = repo.configName.lowercased()
            if wokeKeys.contains(key) { ownerOfKey[key] = owner }
        }
        for entry in woke {
            site.woke(entry)
            if let owner = ownerOfKey[entry.repo] { owners[owner]?.woke(entry) }
        }
        return (site.finished(), ownerOrder.map { ($0, owners[$0]!.finished()) })
    }

    /// The page's scopes: the site first, then each owner in site.yml's order.
    func scopes(site: InsightFigures, owners: [(String, InsightFigures)], headings: [OwnerHeading])
        -> [InsightScope]
    {
        var scopes = [scope(site, id: "site", heading: strings.text("insights_site"), owner: nil)]
        for (index, (owner, figures)) in owners.enumerated() {
            let login = headings.first { $0.source.owner.lowercased() == owner.lowercased() }?.login ?? owner
            scopes.append(scope(figures, id: "owner-\(index + 1)", heading: login, owner: owner))
        }
        return scopes
    }

    private func scope(_ figures: InsightFigures, id: String, heading: String, owner: String?) -> InsightScope {
        let format = strings.formatter
        let known = figures.knownSince.map { strings.text("insights_known_since", ["date": format.day($0)]) }
        var sections: [InsightSection] = []
        sections.append(rising(figures, id: id))
        sections.append(releases(figures, id: id))
        sections.append(
            list(
                "waking", id: id, intro: word("insights_waking_text"), figures.waking,
                columns: ["insights_col_repo", "insights_col_pushed", "insights_col_quiet"],
                value: { [format] in format.grouped($0.value) }))
        var quiet = list(
            "quiet", id: id, intro: word("insights_quiet_text"), figures.quiet,
            columns: ["insights_col_repo", "insights_col_pushed", "insights_col_days"],
            value: { [format] in format.grouped($0.value) })
        quiet.tables[0].note = more(figures.quietCount, shown: figures.quiet.count)
        sections.append(quiet)
        sections.append(languages(figures, id: id))
        sections.append(
            list(
                "recent", id: id, intro: nil, figures.recent,
                columns: ["insights_col_repo", "insights_col_pushed", "insights_col_days"],
                value: { [format] in format.grouped($0.value) }))
        let (shown, leftOut) = Self.leavingOutEmpty(sections)
        return InsightScope(
            id: id, heading: heading, owner: owner, known: known, totals: totals(figures, id: id), sections: shown,
            leftOut: leftOut.isEmpty ? nil : strings.text("insights_left_out", ["sections": format.list(leftOut)]))
    }

    /// The sections with something to list, each without its empty tables, and the names of what was
    /// left out: a whole section by its title, a table of a section still shown by its caption.
    static func leavingOutEmpty(_ sections: [InsightSection]) -> (shown: [InsightSection], leftOut: [String]) {
        var shown: [InsightSection] = []
        var leftOut: [String] = []
        for var section in sections {
            let empty = section.tables.filter(\.rows.isEmpty)
            guard empty.count < section.tables.count else {
                leftOut.append(section.title)
                continue
            }
            leftOut += empty.map(\.caption)
            section.tables.removeAll { $0.rows.isEmpty }
            for index in section.tables.indices {
                section.tables[index].captionIsTitle = section.tables[index].caption == section.title
            }
            shown.append(section)
        }
        return (shown, leftOut)
    }

    private func more(_ total: Int, shown: Int) -> String? {
        total > shown ? strings.plural("insights_more", count: total - shown) : nil
    }

    private func title(_ insight: String) -> String { word("insights_\(insight)") }

    private func link(_ entry: InsightFigures.Entry) -> String? {
        hasPage(entry.key) ? "../" + SiteLayout.reposFolder + entry.key + "/" + SiteLayout.index : entry.url
    }

    private func repoCell(_ entry: InsightFigures.Entry) -> InsightCell {
        InsightCell(text: entry.name, href: link(entry), header: true, repo: entry.key)
    }

    private func dateCell(_ date: Date?) -> InsightCell {
        guard let date else { return InsightCell(text: "—") }
        return InsightCell(text: strings.formatter.day(date), datetime: Formatting.iso(date))
    }

    private func totals(_ figures: InsightFigures, id: String) -> InsightTotals {
        let format = strings.formatter
        func change(_ total: InsightFigures.Total, _ span: Int) -> InsightChange? {
            guard let value = total.change[span] else { return nil }
            let text = value > 0 ? "+" + format.grouped(value) : value < 0 ? "\u{2212}" + format.grouped(-value) : "±0"
            let (before, after) = strings.around(
                "insights_change", "change", ["span": strings.text("insights_col_\(span)")])
            return InsightChange(span: span, value: value, text: text, before: before, after: after)
        }
        var shown = [
            InsightFigure(
                key: "repos", label: strings.text("insights_repos"), text: format.grouped(figures.repos),
                value: figures.repos, changes: [])
        ]
        let counts: [(String, InsightFigures.Total)] = [
            ("stars", figures.stars), ("forks", figures.forks), ("issues", figures.issues), ("pulls", figures.pulls),
        ]
        // A count no repository gave (pull requests counted with issues) is left out, not shown as "—".
        for (key, total) in counts where total.known {
            shown.append(
                InsightFigure(
                    key: key, label: strings.text("chart_series_\(key)"), text: format.grouped(total.now),
                    value: total.now, changes: InsightFigures.spans.compactMap { change(total, $0) }))
        }
        let missing = InsightFigures.spans.filter { !figures.coveredSpans.contains($0) }
        let note: String? =
            missing.isEmpty
            ? nil
            : figures.knownSince.map {
                strings.text(
                    "insights_too_short",
                    ["date": format.day($0), "days": missing.map { format.grouped($0) }.joined(separator: ", ")])
            } ?? strings.text("insights_no_history")
        return InsightTotals(id: "\(id)-totals", title: title("totals"), figures: shown, note: note)
    }

    private func rising(_ figures: InsightFigures, id: String) -> InsightSection {
        let format = strings.formatter
        var tables: [InsightTable] = []
        for span in InsightFigures.spans {
            let entries = figures.rising[span] ?? []
            let caption = strings.text("insights_rising_\(span)")
            var table = InsightTable(
                caption: caption,
                columns: ["insights_col_repo", "insights_col_gained", "insights_col_start"].map { strings.text($0) },
                rows: entries.map { entry in
                    InsightRow(
                        key: entry.key,
                        cells: [
                            repoCell(entry), InsightCell(text: "+" + format.grouped(entry.value), value: entry.value),
                            InsightCell(text: format.grouped(entry.base ?? 0), value: entry.base),
                        ])
                })
            table.svg = InsightBars.svg(
                entries.map {
                    InsightBars.Bar(label: $0.name, value: $0.value, display: "+" + format.grouped($0.value))
                },
                label: caption)
            if !figures.coveredSpans.contains(span) { table.note = tooShort(figures, span: span) }
            tables.append(table)
        }
        let caption = strings.text("insights_rising_relative", ["floor": format.grouped(InsightFigures.relativeFloor)])
        var relative = InsightTable(
            caption: caption,
            columns: ["insights_col_repo", "insights_col_growth", "insights_col_gained", "insights_col_start"].map {
                strings.text($0)
            },
            rows: figures.relative.map { entry in
                let percent = Self.percent(entry.value, of: entry.base ?? 1)
                return InsightRow(
                    key: entry.key,
                    cells: [
                        repoCell(entry), InsightCell(text: "+" + format.grouped(percent) + " %", value: percent),
                        InsightCell(text: "+" + format.grouped(entry.value), value: entry.value),
                        InsightCell(text: format.grouped(entry.base ?? 0), value: entry.base),
                    ])
            })
        if !figures.coveredSpans.contains(30) { relative.note = tooShort(figures, span: 30) }
        tables.append(relative)
        return InsightSection(
            insight: "rising", id: "\(id)-rising", title: title("rising"), intro: nil, tables: tables)
    }

    /// Whole percent, rounded half up: 12 of 200 → 6.
    static func percent(_ part: Int, of whole: Int) -> Int { (part * 200 + whole) / (2 * max(1, whole)) }

    private func tooShort(_ figures: InsightFigures, span: Int) -> String {
        figures.knownSince.map {
            strings.text(
                "insights_too_short", ["date": strings.formatter.day($0), "days": strings.formatter.grouped(span)])
        } ?? strings.text("insights_no_history")
    }

    private func releases(_ figures: InsightFigures, id: String) -> InsightSection {
        var table = InsightTable(
            caption: title("releases"),
            columns: ["insights_col_repo", "insights_col_release", "insights_col_published"].map { strings.text($0) },
            rows: figures.releases.map { entry in
                InsightRow(
                    key: entry.key, cells: [repoCell(entry), InsightCell(text: entry.text ?? ""), dateCell(entry.date)])
            })
        table.note = more(figures.releaseCount, shown: figures.releases.count)
        return InsightSection(
            insight: "releases", id: "\(id)-releases", title: title("releases"), intro: nil, tables: [table])
    }

    private func list(
        _ insight: String, id: String, intro: String?, _ entries: [InsightFigures.Entry], columns: [String],
        value: (InsightFigures.Entry) -> String
    ) -> InsightSection {
        let table = InsightTable(
            caption: title(insight), columns: columns.map(word),
            rows: entries.map { entry in
                InsightRow(
                    key: entry.key,
                    cells: [repoCell(entry), dateCell(entry.date), InsightCell(text: value(entry), value: entry.value)])
            })
        return InsightSection(
            insight: insight, id: "\(id)-\(insight)", title: title(insight), intro: intro, tables: [table])
    }

    private func languages(_ figures: InsightFigures, id: String) -> InsightSection {
        let format = strings.formatter
        func table(_ caption: String, _ languages: [InsightFigures.Language], value: (InsightFigures.Language) -> Int)
            -> InsightTable
        {
            let shown = Array(languages.prefix(InsightFigures.listLength))
            var table = InsightTable(
                caption: caption,
                columns: ["insights_col_language", "insights_col_repos", "insights_col_stars"].map { strings.text($0) },
                rows: shown.map { language in
                    InsightRow(
                        key: language.name,
                        cells: [
                            InsightCell(text: language.name, header: true, color: language.color),
                            InsightCell(text: format.grouped(language.repos), value: language.repos),
                            InsightCell(text: format.grouped(language.stars), value: language.stars),
                        ])
                })
            table.svg = InsightBars.svg(
                shown.map {
                    InsightBars.Bar(
                        label: $0.name, value: value($0), display: format.grouped(value($0)), color: $0.color)
                }, label: caption)
            table.note = more(languages.count, shown: shown.count)
            return table
        }
        let byRepos = figures.languages
        let byStars = figures.languages.sorted { ($0.stars, $1.name) > ($1.stars, $0.name) }
        return InsightSection(
            insight: "languages", id: "\(id)-languages", title: title("languages"), intro: nil,
            tables: [
                table(strings.text("insights_by_repos"), byRepos) { $0.repos },
                table(strings.text("insights_by_stars"), byStars) { $0.stars },
            ])
    }
}
