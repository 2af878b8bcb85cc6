import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSupport

/// A site that lists a repository on another forge does not say its data all comes from GitHub: the
/// footer says the forges' APIs, the sample banner no forge, a pending repository on another forge
/// the requests each forge is asked, and the gallery's and search page's link previews name no one
/// forge; a GitHub-only site says what it said. In every locale.
@Suite("Forge words: a site with another forge's repositories does not say GitHub alone")
struct ForgeSiteWordsTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    /// Every shipped string table (LocaleTests pins which they are).
    static let locales = LocaleCatalog.builtIn.shipped

    /// Every file of the site listing `repos` (each pending: a budgeted build has not reached it), in `locale`.
    static func render(_ repos: [String], sample: Bool = false, locale: String = "en", search: Bool = false) throws
        -> [String: String]
    {
        let yaml = "locale: \(locale)\nrepos: [\(repos.joined(separator: ", "))]\n"
        let config = try ConfigLoader(file: "site.yml", locales: LocaleCatalog.builtIn).parse(yaml).config
        let snapshot = Snapshot(
            generatedAt: now, nextUpdate: now, sample: sample,
            repos: sample
                ? [] : try repos.map { RepoSnapshot.pending(try #require(RepoName.parse($0).value)) })
        let templates = try TemplateSet.load(siteDirectory: nil)
        let options = try RenderOptions(search: search)
        let files = try SiteRenderer(config: config, templates: templates, options: options).render(snapshot)
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("English: the forges' APIs, no forge, each forge's requests; GitHub's words on a GitHub-only site")
    func english() throws {
        let mixed = try Self.render(["octo/cat", "gitlab.com/g/p"])
        let forgePage = try #require(mixed["repos/gitlab.com/g/p/index.html"])
        #expect(
            forgePage.contains("Data from the forges&#39; APIs") || forgePage.contains("Data from the forges' APIs"))
        #expect(forgePage.contains("a limited number of requests on each forge per build"))
        #expect(!forgePage.contains("GitHub requests") && !forgePage.contains("the GitHub API"))
        let gitHubPage = try #require(mixed["repos/octo/cat/index.html"])
        #expect(gitHubPage.contains("a limited number of GitHub requests per build"))
        let plain = try #require(try Self.render(["octo/cat"])["repos/octo/cat/index.html"])
        #expect(plain.contains("Data from the GitHub API"))
        let sample = try #require(try Self.render(["octo/cat", "gitlab.com/g/p"], sample: true)["index.html"])
        #expect(sample.contains("Sample data — not fetched from any forge") && !sample.contains("from GitHub"))
        let gitHubSample = try #require(try Self.render(["octo/cat"], sample: true)["index.html"])
        #expect(gitHubSample.contains("Sample data — not fetched from GitHub"))
    }

    @Test(
        "every shipped locale: a site with another forge's repository says no GitHub in those words", arguments: locales
    )
    func everyLocale(_ locale: String) throws {
        let strings = LocaleCatalog.builtIn.table(for: locale)
        let mixed = try Self.render(["octo/cat", "gitlab.com/g/p"], locale: locale)
        let forgePage = try #require(mixed["repos/gitlab.com/g/p/index.html"])
        for key in ["data_source_forges", "pending_notice_forge"] {
            let words = strings.text(key)
            #expect(!words.contains("GitHub") && !words.isEmpty, "\(locale) \(key)")
            #expect(forgePage.contains(XMLEscape.text(words)) || forgePage.contains(words), "\(locale) \(key)")
        }
        for key in ["data_source", "pending_notice"] {
            #expect(!forgePage.contains(strings.text(key)), "\(locale) \(key)")
        }
        let sample = try #require(
            try Self.render(["octo/cat", "gitlab.com/g/p"], sample: true, locale: locale)["index.html"])
        let title = strings.text("sample_banner_title_forges")
        #expect(!title.contains("GitHub") && sample.contains(title), "\(locale)")
        #expect(!sample.contains(strings.text("sample_banner_title")), "\(locale)")
    }

    /// The `<meta name="description">` of a page.
    static func description(_ page: String?) -> String {
        guard let page, let start = page.range(of: "<meta name=\"description\" content=\"") else { return "" }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("the gallery's and the search page's link previews count repositories, not GitHub repositories")
    func previews() throws {
        let mixed = try Self.render(["octo/cat", "gitlab.com/g/p"], search: true)
        #expect(
            Self.description(mixed["index.html"])
                == "Widgets for 2 repositories: stars, forks, open issues and recent activity.")
        #expect(
            Self.description(mixed["search/index.html"])
                == "Search 2 repositories by name, description, owner, topic or language.")
        let plain = try Self.render(["octo/cat", "octo/dog"], search: true)
        #expect(Self.description(plain["index.html"]).contains("2 GitHub repositories"))
        #expect(Self.description(plain["search/index.html"]).contains("2 GitHub repositories"))
        for locale in Self.locales {
            let site = try Self.render(["octo/cat", "gitlab.com/g/p"], locale: locale, search: true)
            for page in ["index.html", "search/index.html"] {
                let text = Self.description(site[page])
                #expect(!text.isEmpty && !text.contains("GitHub") && !text.contains("{"), "\(locale) \(page): \(text)")
            }
        }
    }

    /// Every file of the site listing `repos`, each fetched and last pushed (or active) a day before.
    static func renderFetched(_ repos: [String], locale: String) throws -> [String: String] {
        let yaml = "locale: \(locale)\nrepos: [\(repos.joined(separator: ", "))]\n"
        let config = try ConfigLoader(file: "site.yml", locales: LocaleCatalog.builtIn).parse(yaml).config
        let fetched = repos.map { name in
            RepoSnapshot(
                configName: name, fullName: name, htmlURL: "https://example.org/" + name, stars: 3, forks: 1,
                openIssues: 0, pushedAt: now.addingTimeInterval(-86_400), daysSincePush: 1, fetchedAt: now)
        }
        let snapshot = Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: fetched)
        let files = try SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil),
            options: try RenderOptions(search: true)
        ).render(snapshot)
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static let pushWords = [
        "insights_recent", "insights_col_pushed", "insights_col_days", "insights_waking_text", "insights_quiet_text",
    ]

    @Test(
        "the insights' lists and the search's sort by date say activity on a site with another forge's repository",
        arguments: locales)
    func datedLists(_ locale: String) throws {
        let strings = LocaleCatalog.builtIn.table(for: locale)
        for (repos, mixed) in [
            (["octo/cat", "gitlab.com/g/p"], true), (["octo/cat", "codeberg.org/o/r"], true),
            (["octo/cat", "octo/dog"], false),
        ] {
            let site = try Self.renderFetched(repos, locale: locale)
            let insights = try #require(site["insights/index.html"], "\(locale) \(repos)")
            let search = try #require(site["search/index.html"], "\(locale) \(repos)")
            // The recent list is shown (both repositories have a date): its title and both columns.
            for key in ["insights_recent", "insights_col_pushed", "insights_col_days"] {
                let shown = strings.text(mixed ? key + "_forges" : key)
                let other = strings.text(mixed ? key : key + "_forges")
                #expect(insights.contains(XMLEscape.text(shown)), "\(locale) \(repos) \(key)")
                #expect(shown != other && !insights.contains(">" + XMLEscape.text(other) + "<"), "\(locale) \(key)")
            }
            let sort = strings.text(mixed ? "search_sort_pushed_forges" : "search_sort_pushed")
            #expect(search.contains("<option value=\"pushed\">\(XMLEscape.text(sort))</option>"), "\(locale) \(repos)")
        }
        for key in Self.pushWords + ["search_sort_pushed"] where locale == "en" {
            #expect(!strings.text(key + "_forges").localizedCaseInsensitiveContains("push"), "\(key)")
        }
    }
}
