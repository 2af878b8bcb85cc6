import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// Link previews: `<meta name="description">`, the canonical link, OpenGraph and Twitter's card on
/// every page; `robots.txt`; `<lastmod>` in the sitemap.
@Suite("Link previews, robots.txt and the sitemap's lastmod")
struct ShareTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    static let pushed = ISO8601.parse("2026-03-04T05:06:07Z")!
    static let hostile = #"Fast "quotes" <script>alert('x')</script> & more"#

    static func render(_ yaml: String, repos: [RepoSnapshot], avatars: [String: Data] = [:]) throws -> [String: String]
    {
        let config = try ConfigLoader(file: "site.yml").parse(yaml).config
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: nil), options: try RenderOptions(),
            data: RenderData(avatars: AvatarFiles(avatars)))
        let files = try renderer.render(Snapshot(generatedAt: now, nextUpdate: now, sample: false, repos: repos))
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static func repo(_ name: String, avatar: String?, description: String? = hostile) -> RepoSnapshot {
        RepoSnapshot(
            configName: name, fullName: name, htmlURL: "https://github.com/\(name)", description: description,
            stars: 10, forks: 2, openIssues: 1, hasIssues: true, archived: false, pushedAt: pushed,
            daysSincePush: 263, ownerAvatar: avatar, fetchedAt: now)
    }

    static let yaml = """
        title: My "watch" <list>
        description: |
          Widgets for **the** repositories I [watch](https://example.com).

          <b>Second</b> paragraph.
        base_url: https://me.github.io/watch
        repos: [apple/swift, hostile/xss]
        widgets:
          - kind: single
            repo: apple/swift
          - kind: double
            id: pair
            top: apple/swift
            bottom: hostile/xss

        """

    static func files() throws -> [String: String] {
        try render(
            yaml,
            repos: [repo("apple/swift", avatar: "avatars/a.png"), repo("hostile/xss", avatar: "avatars/h.svg")],
            avatars: ["avatars/a.png": Data([0x89, 0x50, 0x4E, 0x47]), "avatars/h.svg": Data("<svg/>".utf8)])
    }

    /// `<meta name|property="key" content="…">` values of a page, entity-decoded.
    static func meta(_ page: String, _ key: String) -> [String] {
        HTMLPage(page).tags.filter { $0.name == "meta" && ($0["name"] == key || $0["property"] == key) }
            .compactMap { $0["content"] }
    }

    static func canonical(_ page: String) -> [String] {
        HTMLPage(page).tags.filter { $0.name == "link" && $0["rel"] == "canonical" }.compactMap { $0["href"] }
    }

    @Test("every page has a description, a canonical address, OpenGraph and a Twitter card")
    func everyPage() throws {
        let files = try Self.files()
        let pages: [String: String] = [
            "index.html": "", "repos/apple/swift/index.html": "repos/apple/swift/",
            "repos/apple/swift/medium.html": "repos/apple/swift/medium.html",
            "repos/hostile/xss/large.html": "repos/hostile/xss/large.html",
            "widgets/pair/large.html": "widgets/pair/large.html", "404.html": "404.html",
        ]
        for (path, address) in pages {
            let page = try #require(files[path], "\(path) missing")
            let url = "https://me.github.io/watch/" + address
            #expect(Self.meta(page, "description").count == 1, "\(path)")
            #expect(Self.meta(page, "description").first?.isEmpty == false, "\(path)")
            #expect(Self.canonical(page) == [url], "\(path)")
            #expect(Self.meta(page, "og:url") == [url], "\(path)")
            #expect(Self.meta(page, "og:type") == ["website"], "\(path)")
            #expect(Self.meta(page, "og:site_name") == [#"My "watch" <list>"#], "\(path)")
            #expect(Self.meta(page, "og:title").count == 1, "\(path)")
            #expect(Self.meta(page, "og:description") == Self.meta(page, "description"), "\(path)")
            #expect(Self.meta(page, "twitter:card") == ["summary"], "\(path)")
            let image = try #require(Self.meta(page, "og:image").first, "\(path): no og:image")
            #expect(
                image.hasPrefix("https://me.github.io/watch/") && [".png", ".jpg"].contains { image.hasSuffix($0) })
        }
    }

    @Test("the picture is the owner's downloaded PNG, else the site's; descriptions are the page's own")
    func picturesAndWords() throws {
        let files = try Self.files()
        let swift = files["repos/apple/swift/index.html"]!
        #expect(Self.meta(swift, "og:image") == ["https://me.github.io/watch/avatars/a.png"])
        #expect(Self.meta(swift, "og:title") == ["apple/swift"])
        #expect(Self.meta(swift, "description") == [Self.hostile])
        let placeholder = files["repos/hostile/xss/index.html"]!
        #expect(Self.meta(placeholder, "og:image") == ["https://me.github.io/watch/assets/share.png"])
        #expect(files["assets/share.png"] != nil)
        let gallery = files["index.html"]!
        #expect(Self.meta(gallery, "description") == ["Widgets for the repositories I watch. Second paragraph."])
        #expect(Self.meta(gallery, "og:image") == ["https://me.github.io/watch/assets/share.png"])
        let pair = files["widgets/pair/large.html"]!
        #expect(Self.meta(pair, "og:image") == ["https://me.github.io/watch/avatars/a.png"])
        #expect(Self.meta(pair, "description").first?.contains("apple/swift and hostile/xss") == true)
        #expect(Self.meta(files["404.html"]!, "og:title") == ["Page not found"])
    }

    @Test("API text is escaped in every attribute it reaches")
    func hostileTextIsEscaped() throws {
        let page = try Self.files()["repos/hostile/xss/index.html"]!
        #expect(!page.contains("<script>alert"))
        let escaped = "Fast &quot;quotes&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"
        #expect(page.contains(#"<meta name="description" content="\#(escaped)">"#))
        #expect(page.contains(#"<meta property="og:description" content="\#(escaped)">"#))
    }

    @Test("without base_url: no canonical, og:url or og:image, and robots.txt names no sitemap")
    func withoutBaseURL() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "base_url: https://me.github.io/watch\n", with: "")
        let files = try Self.render(yaml, repos: [Self.repo("apple/swift", avatar: "avatars/a.png")])
        for path in ["index.html", "repos/apple/swift/index.html", "repos/apple/swift/large.html", "404.html"] {
            let page = files[path]!
            #expect(Self.canonical(page).isEmpty && Self.meta(page, "og:url").isEmpty, "\(path)")
            #expect(Self.meta(page, "og:image").isEmpty, "\(path)")
            #expect(Self.meta(page, "description").count == 1 && Self.meta(page, "og:title").count == 1, "\(path)")
        }
        #expect(files["robots.txt"] == "User-agent: *\nDisallow:\n")
        #expect(files["sitemap.xml"] == nil)
    }

    @Test("robots.txt names the sitemap; repository pages carry pushed_at, gallery pages the build's time")
    func robotsAndLastModified() throws {
        let files = try Self.files()
        #expect(files["robots.txt"] == "User-agent: *\nDisallow:\n\nSitemap: https://me.github.io/watch/sitemap.xml\n")
        let sitemap = files["sitemap.xml"]!
        #expect(
            sitemap.contains(
                "<url><loc>https://me.github.io/watch/</loc><lastmod>2026-11-22T12:00:00Z</lastmod></url>"))
        #expect(
            sitemap.contains(
                "<url><loc>https://me.github.io/watch/repos/apple/swift/</loc><lastmod>2026-03-04T05:06:07Z</lastmod></url>"
            ))
        let never = Sitemap.entries(
            pageCount: 2, repos: [RepoName(owner: "a", name: "b")], built: Self.now, pushed: { _ in nil })
        #expect(never.map(\.path) == ["", "page/2/", "repos/a/b/"])
        #expect(never.allSatisfy { $0.lastModified == Self.now })
    }

    @Test("descriptions are one line, cut at a word, at most 200 characters")
    func shortened() {
        #expect(ShareMaker.shortened("  two\n\nlines\tand  spaces ") == "two lines and spaces")
        let long = String(repeating: "word ", count: 60)
        let cut = ShareMaker.shortened(long)
        #expect(cut.count <= ShareMaker.descriptionLimit && cut.hasSuffix("word…"))
        #expect(ShareMaker.shortened(String(repeating: "x", count: 300)).count == ShareMaker.descriptionLimit)
    }

    @Test("Markdown becomes its words: no markup, no raw HTML tags, breaks as spaces")
    func markdownPlainText() {
        #expect(
            Markdown.plainText("**Bold** [link](javascript:x) `code`\n\n<b>raw</b> end") == "Bold link code raw end")
        #expect(Markdown.plainText("# Title\n\n- one\n- two") == "Title one two")
        #expect(Markdown.plainText("") == "")
    }

    @Test("only downloaded PNG and JPEG avatars are pictures for previews")
    func sharedPictures() {
        #expect(ShareMaker.isSharedPicture("avatars/abc.png") && ShareMaker.isSharedPicture("avatars/abc.JPEG"))
        #expect(!ShareMaker.isSharedPicture("avatars/abc.svg") && !ShareMaker.isSharedPicture("avatars/abc.gif"))
        #expect(!ShareMaker.isSharedPicture("https://evil.example/a.png") && !ShareMaker.isSharedPicture(""))
    }

    @Test("the documented keys reach a site's own templates: share, site.base_url, site.search, search, found_forms")
    func documentedKeys() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let share = ["title", "description", "site_name", "url", "image", "image_alt", "type", "card"]
        let overrides = [
            "404": share.map { "\($0)={{share.\($0)}}" }.joined(separator: "\n")
                + "\nbase_url={{site.base_url}}\nsearch={{site.search}}\n",
            "search": "forms={{#found_forms}}{{category}}:{{text}};{{/found_forms}}\n",
            "repo": "filters={{#search.filters}}{{key}}={{value}};{{/search.filters}}\nwords={{search.words}}\n",
        ]
        for (name, text) in overrides {
            try Data(text.utf8).write(to: templates.appendingPathComponent("\(name).mustache"))
        }
        let config = try ConfigLoader(file: "site.yml").parse(Self.yaml).config
        let renderer = SiteRenderer(
            config: config, templates: try TemplateSet.load(siteDirectory: folder),
            options: try RenderOptions(search: true))
        var repo = Self.repo("apple/swift", avatar: "avatars/a.png")
        repo.topics = ["cli"]
        let files = try renderer.render(
            Snapshot(
                generatedAt: Self.now, nextUpdate: Self.now, sample: false,
                repos: [repo, Self.repo("hostile/xss", avatar: nil)]))
        let notFound = String(decoding: files["404.html"]!, as: UTF8.self)
        #expect(
            notFound == """
                title=Page not found
                description=It may have moved when the site was last rebuilt, or the repository is no longer watched.
                site_name=My &quot;watch&quot; &lt;list&gt;
                url=https://me.github.io/watch/404.html
                image=https://me.github.io/watch/assets/share.png
                image_alt=My &quot;watch&quot; &lt;list&gt;
                type=website
                card=summary
                base_url=https://me.github.io/watch/
                search=true

                """)
        #expect(
            String(decoding: files["search/index.html"]!, as: UTF8.self)
                == "forms=one:{count} repository found;other:{count} repositories found;\n")
        #expect(
            String(decoding: files["repos/apple/swift/index.html"]!, as: UTF8.self)
                == "filters=owner=apple;topic=cli;state=fresh;\nwords=cli\n")
    }
}
