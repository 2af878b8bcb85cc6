import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// Every key Templates/README.md documents reaches a user's template: the site is rendered with
/// overriding templates that print each key, and each must print its value.
@Suite("Template keys: every documented key renders its value")
struct TemplateKeysTests {
    static let first = ISO8601.parse("2026-11-21T12:00:00Z")!
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    static let name = RepoName(owner: "twbs", name: "bootstrap")

    static func repo(stars: Int, forks: Int, issues: Int, at time: Date) -> RepoSnapshot {
        var repo = RepoSnapshot(
            configName: "twbs/bootstrap", fullName: "twbs/bootstrap", htmlURL: "https://github.com/twbs/bootstrap",
            description: "Popular CSS", stars: stars, forks: forks, openIssues: issues, hasIssues: true,
            archived: false, pushedAt: time, daysSincePush: 660, ownerAvatar: "avatars/o.png",
            contributors: [Contributor(login: "mdo", contributions: 7_012, avatar: "avatars/m.png")], fetchedAt: time)
        repo.release = RepoRelease(tag: "v5.3.3", publishedAt: ISO8601.parse("2026-11-19T09:30:00Z"))
        repo.language = RepoLanguage(name: "JavaScript", color: "#f1e05a")
        return repo
    }

    /// One `key=value` line per key: `{{key}}`, or a section for lists.
    static func dump(_ keys: [String]) -> String {
        keys.map { "\($0)={{\($0)}}" }.joined(separator: "\n") + "\n"
    }

    static let repoKeys = [
        "config_name", "full_name", "owner", "name", "description", "html_url", "view_on", "page", "state", "is_fresh",
        "is_stale", "is_unavailable", "is_sample", "archived", "has_tags", "avatar.src", "avatar.alt",
        "stars.value", "stars.display", "stars.label", "forks.value", "forks.display", "forks.label",
        "issues.value", "issues.display", "issues.label", "days.value", "days.display", "days.digits",
        "days.caption", "days.label", "days.hot", "history.points", "history.first", "history.first_display",
        "delta.since", "delta.since_display", "delta.stars.value", "delta.stars.display", "delta.stars.label",
        "delta.stars.sign", "delta.stars.noun", "delta.forks.display", "delta.issues.display",
        "delta.contributors.display", "has_contributors", "contributors_note", "stats_size", "has_details",
        "release.tag", "release.published_at", "release.published_display", "release.ago", "release.label",
        "release.html_url", "language.name", "language.color", "language.label",
    ]

    static func files() throws -> [String: String] {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let pageKeys = [
            "root", "site.title", "site.description_html", "site.appearance", "site.sample", "site.generated_at",
            "site.generated_at_display", "site.next_update", "site.next_update_display", "site.data_source",
            "site.sample_title", "page.title",
        ]
        let widgetKeys = [
            "root", "widget.kind", "widget.id", "widget.state", "widget.appearance", "widget.rendering",
            "widget.numbers", "widget.accent", "widget.accent_class",
        ]
        let contributors =
            "contributors={{#contributors}}{{login}};{{contributions}};{{display}};{{label}};{{avatar.src}};{{avatar.alt}};{{rank}}{{/contributors}}\n"
        let overrides = [
            "medium": dump(widgetKeys) + "{{#repo}}\n" + dump(repoKeys) + contributors + "{{/repo}}",
            "double": dump(widgetKeys) + "top={{top.config_name}}\nbottom={{bottom.config_name}}\n",
            "repo": dump(pageKeys) + "sparkline={{#repo.sparkline_svg}}svg{{/repo.sparkline_svg}}\n"
                + "widgets={{#widgets}}{{size}};{{href}};{{#note_html}}{{{note_html}}}{{/note_html}}|{{/widgets}}\n"
                + "embeds={{#embeds}}{{size}};{{svg}};{{svg_dark}};{{#markdown}}md{{/markdown}};{{#picture}}pic{{/picture}};{{#iframe}}if{{/iframe}}|{{/embeds}}\n",
            "index": dump(pageKeys) + "has_pagination={{has_pagination}}\n"
                + "pagination={{#pagination}}{{current}};{{total}};{{prev}};{{next}}{{/pagination}}\n"
                + "widgets={{#widgets}}{{kind}};{{size}};{{title}};{{href}};{{#html}}html{{/html}}|{{/widgets}}\n",
            "double-page": dump(pageKeys) + "title={{title}}\n"
                + "repos={{#repos}}{{name}};{{href}}|{{/repos}}\n"
                + "widgets={{#widgets}}{{size}};{{size_label}};{{href}};{{#html}}html{{/html}}|{{/widgets}}\n"
                + "embeds={{#embeds}}{{size}};{{svg}};{{svg_dark}};{{markdown}}|{{/embeds}}\n",
            "widget": dump(pageKeys)
                + "size={{size}}\nwidget_html={{#widget_html}}yes{{/widget_html}}\n{{{widget_html}}}",
            "404": dump(pageKeys),
        ]
        for (name, text) in overrides {
            try Data(text.utf8).write(to: templates.appendingPathComponent("\(name).mustache"))
        }
        let config = try ConfigLoader(file: "site.yml").parse(
            """
            title: Keys
            description: Hello *you*
            base_url: https://me.github.io/w/
            repos: [twbs/bootstrap]
            widgets:
              - repo: twbs/bootstrap
                note: A note
                rendering: accented
                accent: "#FF9500"
              - kind: double
                id: pair
                top: twbs/bootstrap
                bottom: twbs/bootstrap
            """
        ).config
        var history = History()
        let before = Snapshot(
            generatedAt: first, nextUpdate: first, sample: false,
            repos: [repo(stars: 171_000, forks: 79_000, issues: 670, at: first)])
        history.record(before, repos: [name])
        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now + 3600, sample: false,
            repos: [repo(stars: 171_281, forks: 78_987, issues: 673, at: now)])
        history.record(snapshot, repos: [name])
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: folder), options: try RenderOptions(),
            data: RenderData(history: history))
        return try renderer.render(snapshot).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static func lines(_ text: String?) -> [String: String] {
        var values: [String: String] = [:]
        for line in (text ?? "").split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    @Test("a repo and its widget")
    func repoAndWidgetKeys() throws {
        let medium = Self.lines(try Self.files()["repos/twbs/bootstrap/medium.html"])
        let expected = [
            "config_name": "twbs/bootstrap", "full_name": "twbs/bootstrap", "owner": "twbs", "name": "bootstrap",
            "description": "Popular CSS", "html_url": "https://github.com/twbs/bootstrap", "view_on": "View on GitHub",
            "page": "repos/twbs/bootstrap/", "state": "fresh", "is_fresh": "true", "is_stale": "false",
            "is_unavailable": "false", "is_sample": "false", "archived": "false", "has_tags": "false",
            "avatar.src": "avatars/o.png", "avatar.alt": "Avatar of twbs", "stars.value": "171281",
            "stars.display": "171,281", "stars.label": "171,281 stars", "forks.value": "78987",
            "forks.display": "78,987", "forks.label": "78,987 forks", "issues.value": "673", "issues.display": "673",
            "issues.label": "673 open issues", "days.value": "660", "days.display": "660", "days.digits": "3",
            "days.caption": "days ago", "days.label": "Last pushed 660 days ago", "days.hot": "true",
            "history.points": "2", "history.first": "2026-11-21T12:00:00Z", "history.first_display": "21 Nov 2026",
            "delta.since": "2026-11-21T12:00:00Z", "delta.since_display": "21 Nov", "delta.stars.value": "281",
            "delta.stars.display": "+281", "delta.stars.label": "281 more stars since 21 Nov 2026",
            "delta.stars.sign": "up", "delta.stars.noun": "stars", "delta.forks.display": "\u{2212}13",
            "delta.issues.display": "+3", "delta.contributors.display": "\u{00B1}0", "has_contributors": "true",
            "contributors_note": "",
            "contributors": "mdo;7012;7,012;mdo: 7,012 contributions;avatars/m.png;Avatar of mdo;1",
            "root": "../../../", "widget.kind": "medium", "widget.id": "", "widget.state": "fresh",
            "widget.appearance": "auto", "widget.rendering": "accented", "widget.numbers": "full",
            "widget.accent": "#ff9500", "stats_size": "regular", "has_details": "true", "release.tag": "v5.3.3",
            "release.published_at": "2026-11-19T09:30:00Z", "release.published_display": "19 Nov 2026",
            "release.ago": "3 days ago", "release.label": "Latest release v5.3.3, published 19 Nov 2026",
            "release.html_url": "https://github.com/twbs/bootstrap/releases/latest", "language.name": "JavaScript",
            "language.color": "#F1E05A", "language.label": "Primary language: JavaScript",
        ]
        for (key, value) in expected { #expect(medium[key] == value, "\(key)") }
        #expect(medium["widget.accent_class"] == "rw-accent-ff9500")
        #expect(Set(Self.repoKeys).isSubset(of: Set(medium.keys)))
    }

    @Test("pages: site, page, gallery, repository page, standalone widget, double, 404")
    func pageKeys() throws {
        let files = try Self.files()
        let page = Self.lines(files["repos/twbs/bootstrap/index.html"])
        let site = [
            "site.title": "Keys", "site.description_html": "&lt;p&gt;Hello &lt;em&gt;you&lt;/em&gt;&lt;/p&gt;",
            "site.appearance": "auto", "site.sample": "false", "site.generated_at": "2026-11-22T12:00:00Z",
            "site.generated_at_display": "22 Nov 2026, 12:00 UTC", "site.next_update": "2026-11-22T13:00:00Z",
            "site.next_update_display": "22 Nov 2026, 13:00 UTC", "site.data_source": "Data from the GitHub API",
            "site.sample_title": "Sample data — not fetched from GitHub",
        ]
        for (key, value) in site { #expect(page[key] == value, "\(key)") }
        #expect(page["root"] == "../../../" && page["page.title"] == "twbs/bootstrap — Keys")
        #expect(page["sparkline"] == "svg")
        #expect(
            files["repos/twbs/bootstrap/index.html"]?.contains(
                "widgets=medium;medium.html;<p>A note</p>\n|large;large.html;<p>A note</p>\n|") == true)
        #expect(
            files["repos/twbs/bootstrap/index.html"]?.contains(
                "embeds=medium;https://me.github.io/w/repos/twbs/bootstrap/medium.svg;"
                    + "https://me.github.io/w/repos/twbs/bootstrap/medium-dark.svg;md;pic;if|large;") == true)
        let index = Self.lines(files["index.html"])
        #expect(index["root"] == "" && index["page.title"] == "Keys" && index["has_pagination"] == "false")
        #expect(index["pagination"] == "1;1;;")
        #expect(
            index["widgets"]?.hasPrefix("medium;medium;twbs/bootstrap · medium;repos/twbs/bootstrap/index.html;html|")
                == true)
        let standalone = Self.lines(files["repos/twbs/bootstrap/large.html"])
        #expect(standalone["size"] == "large" && standalone["widget_html"] == "yes")
        #expect(standalone["page.title"] == "twbs/bootstrap · large")
        let double = Self.lines(files["widgets/pair/large.html"])
        #expect(double["page.title"] == "twbs/bootstrap + twbs/bootstrap")
        let notFound = Self.lines(files["404.html"])
        #expect(notFound["root"] == "https://me.github.io/w/" && notFound["page.title"] == "Not found — Keys")
    }

    @Test("a double widget: top, bottom and its id")
    func doubleKeys() throws {
        let files = try Self.files()
        let double = Self.lines(files["widgets/pair/large.html"])
        #expect(double["widget.kind"] == "double" && double["widget.id"] == "pair" && double["widget.state"] == "fresh")
        #expect(double["top"] == "twbs/bootstrap" && double["bottom"] == "twbs/bootstrap")
        #expect(double["widget_html"] == "yes" && double["size"] == "large")
        let index = files["index.html"] ?? ""
        #expect(index.contains("double;large;twbs/bootstrap + twbs/bootstrap;widgets/pair/index.html;html|"))
    }

    @Test("a double widget's page: its title, repositories, widget and absolute embed snippets")
    func doublePageKeys() throws {
        let page = Self.lines(try Self.files()["widgets/pair/index.html"])
        #expect(page["root"] == "../../" && page["page.title"] == "twbs/bootstrap + twbs/bootstrap — Keys")
        #expect(page["title"] == "twbs/bootstrap + twbs/bootstrap")
        #expect(
            page["repos"]
                == "twbs/bootstrap;repos/twbs/bootstrap/index.html|twbs/bootstrap;repos/twbs/bootstrap/index.html|")
        #expect(page["widgets"] == "large;large;large.html;html|")
        let base = "https://me.github.io/w/widgets/pair/"
        #expect(
            page["embeds"]
                == "large;\(base)large.svg;\(base)large-dark.svg;"
                + "[![twbs/bootstrap + twbs/bootstrap on RepoWatcher](\(base)large.svg)](\(base))|")
    }
}
