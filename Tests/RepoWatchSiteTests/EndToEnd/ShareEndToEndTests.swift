import Foundation
import Testing

/// Link previews through the binary, on the fixture GitHub of `MainSite` (real recorded answers, a
/// hostile description, avatars that download and avatars that 404), with `--base-url`.
@Suite("End-to-end: link previews, robots.txt, sitemap lastmod", .timeLimit(.minutes(3)))
struct ShareEndToEndTests {
    static let base = "https://me.github.io/watch/"

    private static let build = Task<BuiltSite, any Error> {
        try await E2E.build(
            "share", site: MainSite.yaml, routes: MainSite.routes,
            arguments: { E2E.buildArguments(base: $0) + ["--base-url", "https://me.github.io/watch"] },
            environment: { _ in ["GITHUB_TOKEN": MainSite.token] })
    }

    /// The address a page is published at: folders for `index.html`, the file otherwise.
    static func address(of path: String) -> String {
        base + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    }

    static func meta(_ page: HTMLPage, _ key: String) -> [String] {
        page.tags.filter { $0.name == "meta" && ($0["name"] == key || $0["property"] == key) }.compactMap {
            $0["content"]
        }
    }

    @Test("every page: one description, its own absolute address, OpenGraph with a hosted PNG or JPEG, a card")
    func everyPage() async throws {
        let site = try await Self.build.value
        #expect(site.result.status == 0, "\(site)")
        #expect(!site.result.stderr.contains("site.yml has no base_url"))
        let pages = site.htmlFiles()
        #expect(pages.count > 20)
        for path in pages {
            let page = try site.page(path)
            let canonical = page.tags.filter { $0.name == "link" && $0["rel"] == "canonical" }.compactMap { $0["href"] }
            #expect(canonical == [Self.address(of: path)], "\(path)")
            #expect(Self.meta(page, "og:url") == canonical, "\(path)")
            #expect(Self.meta(page, "description").count == 1, "\(path)")
            #expect(Self.meta(page, "og:description") == Self.meta(page, "description"), "\(path)")
            #expect(Self.meta(page, "og:site_name") == ["E2E Gallery"], "\(path)")
            #expect(Self.meta(page, "og:title").count == 1 && Self.meta(page, "og:type") == ["website"], "\(path)")
            #expect(Self.meta(page, "twitter:card") == ["summary"], "\(path)")
            let image = try #require(Self.meta(page, "og:image").first, "\(path): no og:image")
            try #require(image.hasPrefix(Self.base), "\(path): \(image) is not on the site")
            let bytes = try Data(contentsOf: site.url(String(image.dropFirst(Self.base.count))))
            let png = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
            let jpeg = bytes.starts(with: [0xFF, 0xD8, 0xFF])
            #expect(png || jpeg, "\(path): \(image) is neither PNG nor JPEG")
        }
    }

    @Test("a downloaded avatar is the picture; a placeholder gives way to the site's; hostile text stays text")
    func picturesAndEscaping() async throws {
        let site = try await Self.build.value
        let bootstrap = try site.page("repos/twbs/bootstrap/index.html")
        let image = try #require(Self.meta(bootstrap, "og:image").first)
        #expect(image.hasPrefix(Self.base + "avatars/"), "\(image)")
        #expect(Self.meta(bootstrap, "og:title") == ["twbs/bootstrap"])

        let hostile = try site.page("repos/demoorg/demo-repo-2/index.html")
        #expect(Self.meta(hostile, "og:image") == [Self.base + "assets/share.png"])
        #expect(Self.meta(hostile, "description") == [MainSite.hostileDescription])
        let source = try site.read("repos/demoorg/demo-repo-2/index.html")
        #expect(
            source.contains(#"content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;"#))
        #expect(!source.contains("<script>alert"))
    }

    @Test("robots.txt names the sitemap; each repository's entry carries its pushed_at")
    func robotsAndSitemap() async throws {
        let site = try await Self.build.value
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow:\n\nSitemap: \(Self.base)sitemap.xml\n")
        let sitemap = try site.read("sitemap.xml")
        for repo in MainSite.expected {
            let entry = "<url><loc>\(Self.base)\(repo.pagePath)</loc><lastmod>\(repo.pushedAt)</lastmod></url>"
            #expect(sitemap.contains(entry), "\(entry)")
        }
        #expect(sitemap.contains("<url><loc>\(Self.base)</loc><lastmod>\(BinaryRunner.now)</lastmod></url>"))
    }

    @Test("without base_url: one warning, and no address a preview could not resolve")
    func withoutBaseURL() async throws {
        let site = try await MainSite.site()
        let warnings = site.result.stderr.components(separatedBy: "\n").filter {
            $0.contains("site.yml has no base_url")
        }
        #expect(warnings.count == 1, "\(site.result.stderr)")
        for path in ["index.html", "repos/twbs/bootstrap/index.html", "repos/twbs/bootstrap/medium.html", "404.html"] {
            let page = try site.page(path)
            #expect(Self.meta(page, "og:image").isEmpty && Self.meta(page, "og:url").isEmpty, "\(path)")
            #expect(!page.tags.contains { $0.name == "link" && $0["rel"] == "canonical" }, "\(path)")
            #expect(Self.meta(page, "description").count == 1, "\(path)")
        }
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow:\n")
    }
}
