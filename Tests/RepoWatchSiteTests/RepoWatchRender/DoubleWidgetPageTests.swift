import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchRender
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// A double widget gets a page of its own with embed snippets, as a repository does; snippets are
/// absolute with `base_url` and in the page's language.
@Suite("Double widget pages and embed snippets")
struct DoubleWidgetPageTests {
    static let pair = "widgets/pair-auto-full-color/"

    @Test("widgets/ID/index.html: the widget, both repositories' pages, snippets; the gallery links to it")
    func pageAndLinks() async throws {
        let files = try await SVGWidgetTests.specimen()
        let page = String(decoding: try #require(files[Self.pair + "index.html"]), as: UTF8.self)
        #expect(page.contains("<h1 class=\"repo-head__name\">apple/swift + twbs/bootstrap</h1>"))
        #expect(page.contains("data-widget=\"double\""))
        #expect(page.contains("<a href=\"../../repos/apple/swift/index.html\"><bdi>apple/swift</bdi></a>"))
        #expect(page.contains("<a href=\"../../repos/twbs/bootstrap/index.html\"><bdi>twbs/bootstrap</bdi></a>"))
        #expect(page.contains("<a href=\"large.html\">Standalone page</a>"))
        let markdown = "[![apple/swift + twbs/bootstrap on RepoWatcher](\(Self.pair)large.svg)](\(Self.pair))</code>"
        #expect(page.contains(markdown))
        #expect(page.contains("srcset=&quot;\(Self.pair)large-dark.svg&quot;"))
        #expect(page.contains("&lt;iframe src=&quot;\(Self.pair)large.html&quot; width=&quot;329&quot;"))
        #expect(page.contains("<script src=\"../../assets/copy.js\" defer></script>"))
        let gallery = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(
            gallery.contains("<a class=\"tile__link\" href=\"\(Self.pair)index.html\">apple/swift + twbs/bootstrap</a>")
        )
        #expect(files["sitemap.xml"] == nil)
    }

    @Test("with base_url the double widget's snippets are absolute, and the sitemap lists its page")
    func absolute() async throws {
        let files = try await SVGWidgetTests.specimen(baseURL: URL(string: "https://me.github.io/watch/"))
        let page = String(decoding: try #require(files[Self.pair + "index.html"]), as: UTF8.self)
        let base = "https://me.github.io/watch/" + Self.pair
        #expect(page.contains("[![apple/swift + twbs/bootstrap on RepoWatcher](\(base)large.svg)](\(base))"))
        #expect(page.contains("&lt;iframe src=&quot;\(base)large.html&quot;"))
        let sitemap = String(decoding: try #require(files["sitemap.xml"]), as: UTF8.self)
        #expect(sitemap.contains("<loc>\(base)</loc>"))
        #expect(sitemap.contains("<loc>https://me.github.io/watch/repos/apple/swift/</loc>"))
    }

    @Test("snippets speak the page's language: alt text and iframe title, Markdown brackets escaped")
    func localizedSnippets() throws {
        let korean = LocaleCatalog.builtIn.table(for: "ko")
        let embeds = EmbedSnippets(baseURL: nil)
        let embed = embeds.embed(RepoName(owner: "apple", name: "swift"), size: .medium, strings: korean)
        #expect(embed.markdown == "[![RepoWatcher의 apple/swift](repos/apple/swift/medium.svg)](repos/apple/swift/)")
        #expect(embed.picture.contains("alt=\"RepoWatcher의 apple/swift\""))
        #expect(embed.iframe.contains("title=\"RepoWatcher의 apple/swift\""))
        #expect(!embed.iframe.contains(" on RepoWatcher"))
        let table = StringTable(
            name: "xx", formatter: .english, entries: ["embed_alt": .text("[{name}] \\ ok")],
            english: StringTable.english.english)
        let odd = embeds.embed(double: "p", name: "a/b + c/d", strings: table)
        #expect(odd.markdown == "[![\\[a/b + c/d\\] \\\\ ok](widgets/p/large.svg)](widgets/p/)")
    }
}
