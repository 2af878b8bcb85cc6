import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// What `search: true` changes in the rendered site (Pagefind itself runs in the build; see
/// PagefindTests and SearchEndToEndTests).
@Suite("Search markup: Pagefind's attributes, the search page, the header link")
struct SearchMarkupTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func repo(_ name: String) -> RepoSnapshot {
        var repo = RepoSnapshot(
            configName: name, fullName: name, htmlURL: "https://github.com/\(name)", description: "Tools, for you",
            stars: 1_234, forks: 56, openIssues: 7, hasIssues: true, archived: true,
            pushedAt: ISO8601.parse("2026-01-02T03:04:05Z"), daysSincePush: 324, ownerAvatar: "avatars/o.png",
            fetchedAt: now)
        repo.language = RepoLanguage(name: "C, \"plus\" <more>", color: "#123456")
        repo.topics = ["cli", "web-tools"]
        return repo
    }

    static func render(search: Bool, repos: [RepoSnapshot]) throws -> [String: String] {
        let config = try ConfigLoader(file: "site.yml").parse("search: true\nrepos: [apple/swift, gone/away]\n").config
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil),
            options: try RenderOptions(search: search))
        let files = try renderer.render(Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: repos))
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static let repos = [
        repo("apple/swift"), RepoSnapshot.unavailable(RepoName(owner: "gone", name: "away"), reason: "404"),
    ]

    /// `attribute` → the `data-value` of each element carrying `key[data-value]` in it.
    static func tagged(_ page: String, _ attribute: String, _ key: String) -> [String] {
        HTMLPage(page).tags.filter { $0[attribute] == "\(key)[data-value]" }.compactMap { $0["data-value"] }
    }

    @Test("repository pages carry the filters, sorts and result fields; nothing else is marked")
    func repositoryPagesOnly() throws {
        let files = try Self.render(search: true, repos: Self.repos)
        let page = try #require(files["repos/apple/swift/index.html"])
        #expect(HTMLPage(page).tags(where: "data-pagefind-body").count == 1)
        #expect(Self.tagged(page, "data-pagefind-filter", "owner") == ["apple"])
        #expect(Self.tagged(page, "data-pagefind-filter", "language") == [#"C, "plus" <more>"#])
        #expect(Self.tagged(page, "data-pagefind-filter", "topic") == ["cli", "web-tools"])
        #expect(Self.tagged(page, "data-pagefind-filter", "state") == ["fresh", "archived"])
        #expect(Self.tagged(page, "data-pagefind-sort", "stars") == ["1234"])
        #expect(Self.tagged(page, "data-pagefind-sort", "forks") == ["56"])
        #expect(Self.tagged(page, "data-pagefind-sort", "pushed") == ["1767323045"])
        #expect(Self.tagged(page, "data-pagefind-sort", "name") == ["apple/swift"])
        #expect(Self.tagged(page, "data-pagefind-meta", "title") == ["apple/swift"])
        #expect(Self.tagged(page, "data-pagefind-meta", "image") == ["avatars/o.png"])
        #expect(Self.tagged(page, "data-pagefind-meta", "stars_display") == ["1,234"])
        #expect(page.contains(#"data-value="C, &quot;plus&quot; &lt;more&gt;""#), "the language is escaped")
        #expect(
            HTMLPage(page).tags(where: "data-pagefind-index-attrs").first?["data-value"]
                == #"cli web-tools C, "plus" <more>"#)

        // No number GitHub did not give: Pagefind leaves the page out of those sorts.
        let gone = try #require(files["repos/gone/away/index.html"])
        #expect(Self.tagged(gone, "data-pagefind-filter", "state") == ["unavailable"])
        #expect(Self.tagged(gone, "data-pagefind-sort", "stars").isEmpty)
        #expect(Self.tagged(gone, "data-pagefind-sort", "name") == ["gone/away"])

        for path in ["index.html", "repos/apple/swift/medium.html", "repos/apple/swift/large.html", "404.html"] {
            #expect(!files[path]!.contains("data-pagefind"), "\(path) is marked for Pagefind")
        }
    }

    @Test("the search page, its script and the header link come with search, and only with it")
    func searchPage() throws {
        let with = try Self.render(search: true, repos: Self.repos)
        let page = try #require(with["search/index.html"])
        #expect(page.contains(#"<script type="module" src="../assets/search.js"></script>"#))
        // From file:// no module loads: a classic script shows why, and how to preview instead.
        #expect(page.contains(#"<script src="../assets/search-file.js"></script>"#))
        #expect(page.contains(#"<p class="notice" data-search-file hidden>"#))
        #expect(page.contains(#"<code dir="ltr">repowatch-site serve</code>"#))
        #expect(page.contains(#"data-found-one="{count} repository found""#))
        #expect(page.contains(#"data-found-other="{count} repositories found""#))
        #expect(page.contains(#"<noscript>"#) && page.contains(#"href="../pagefind/LICENSE.txt""#))
        #expect(HTMLPage(page).tags(where: "name", is: "q").first?.name == "input")
        #expect(with["assets/search.js"] != nil && with["assets/search-file.js"] != nil)
        #expect(with["index.html"]!.contains(#"<a class="site-head__search" href="search/index.html">Search</a>"#))
        #expect(with["repos/apple/swift/index.html"]!.contains(#"href="../../../search/index.html""#))

        let without = try Self.render(search: false, repos: Self.repos)
        #expect(without["search/index.html"] == nil && without["assets/search.js"] == nil)
        #expect(without["assets/search-file.js"] == nil)
        #expect(
            without.filter { $0.key.hasSuffix(".html") }.values.allSatisfy {
                !$0.contains("data-pagefind") && !$0.contains("site-head__search")
            })
    }

    @Test("search: is a boolean of site.yml, off by default")
    func configKey() throws {
        #expect(try ConfigLoader(file: "site.yml").parse("repos: [a/b]\n").config.search == false)
        #expect(try ConfigLoader(file: "site.yml").parse("search: true\nrepos: [a/b]\n").config.search == true)
        let error = try #require(
            throws: DiagnosticsError.self,
            performing: { try ConfigLoader(file: "site.yml").parse("search: maybe\nrepos: [a/b]\n") })
        #expect(
            error.diagnostics.map(\.description) == [
                "site.yml:1:9: error: `search` must be true or false (got 'maybe')"
            ])
    }

    @Test("every plural form of the result count reaches the page, in Arabic too")
    func pluralForms() {
        let arabic = LocaleCatalog.builtIn.table(for: "ar")
        #expect(arabic.forms("search_found").map(\.key) == [.zero, .one, .two, .few, .many, .other])
        #expect(StringTable.english.forms("search_found").map(\.key) == [.one, .other])
        #expect(StringTable.english.forms("search").map(\.key) == [.other])
    }
}
