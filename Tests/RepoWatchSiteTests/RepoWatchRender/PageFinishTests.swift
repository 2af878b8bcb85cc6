import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender

/// The pieces that keep pages finished in every locale: commands in their own direction, gallery
/// items that keep a repository together, initials avatars that keep their contrast.
@Suite("Pages: commands, gallery items, initials avatars")
struct PageFinishTests {
    @Test(
        "a command or option in a sentence is <code dir=ltr>, the rest escaped text",
        arguments: [
            (
                "Build without --sample to show live data.",
                "Build without <code dir=\"ltr\">--sample</code> to show live data."
            ),
            (
                "ابنِ الموقع دون \u{2066}--sample\u{2069} لعرض",
                "ابنِ الموقع دون <code dir=\"ltr\">--sample</code> لعرض"
            ),
            (
                "Preview with repowatch-site serve, or publish it.",
                "Preview with <code dir=\"ltr\">repowatch-site serve</code>, or publish it."
            ),
            (
                "repowatch-site serve로 미리 보거나",
                "<code dir=\"ltr\">repowatch-site serve</code>로 미리 보거나"
            ),
            (
                "Run repowatch-site build --sample --offline now",
                "Run <code dir=\"ltr\">repowatch-site build --sample --offline</code> now"
            ),
            ("a well--formed word, <b> & \"x\"", "a well--formed word, &lt;b&gt; &amp; &quot;x&quot;"),
            ("-- alone", "-- alone"),
        ])
    func commands(text: String, html: String) {
        #expect(CommandMarkup.html(text) == html)
    }

    @Test("every locale's sample banner and file:// note put their commands in <code dir=ltr>")
    func everyLocale() throws {
        for name in LocaleCatalog.builtIn.names {
            let page = PageLocale(strings: LocaleCatalog.builtIn.table(for: name))
            let banner = try #require(page.child(named: "sample_banner_html") as? String)
            #expect(banner.contains("<code dir=\"ltr\">--sample</code>"), "\(name): \(banner)")
            let note = try #require(page.child(named: "search_file_html") as? String)
            #expect(note.contains("<code dir=\"ltr\">repowatch-site serve</code>"), "\(name): \(note)")
            #expect(!note.contains("\u{2066}") && !banner.contains("\u{2066}"))
        }
    }

    @Test("a repository's cards are one gallery item; each double widget is an item of its own")
    func grouping() {
        func tile(_ kind: String, _ href: String) -> GalleryTile {
            GalleryTile(
                kind: kind, size: kind == "double" ? "large" : kind, title: href, href: href, html: "", name: href)
        }
        let tiles = [
            tile("medium", "repos/a/b/"), tile("large", "repos/a/b/"), tile("double", "widgets/x/"),
            tile("double", "widgets/x/"), tile("large", "repos/c/d/"), tile("medium", "repos/a/b/"),
        ]
        let groups = GalleryGroup.grouping(tiles)
        #expect(groups.map(\.widgets.count) == [2, 1, 1, 1, 1])
        #expect(groups.map(\.kind) == ["repo", "double", "double", "repo", "repo"])
        #expect(groups[0].child(named: "name") as? String == "repos/a/b/")
        #expect(GalleryGroup.grouping([]).isEmpty)
    }

    @Test(
        "a widget of one appearance embeds that SVG alone; auto switches with the reader's setting",
        arguments: [SiteConfig.Appearance.auto, .light, .dark])
    func embedsFollowAppearance(appearance: SiteConfig.Appearance) {
        let embeds = EmbedSnippets(baseURL: URL(string: "https://me.github.io/watch/"))
        let name = RepoName(owner: "apple", name: "swift")
        for embed in [
            embeds.embed(name, size: .large, appearance: appearance),
            embeds.embed(double: "pair", name: "a/b + c/d", appearance: appearance),
        ] {
            let shown = appearance == .dark ? "large-dark.svg" : "large.svg"
            #expect(embed.svg.hasSuffix("/" + shown) && embed.markdown.contains("/\(shown))"), "\(embed.markdown)")
            #expect(embed.picture.contains("src=\"https://me.github.io/watch/") && embed.picture.contains(shown))
            #expect(embed.picture.contains("<source") == (appearance == .auto), "\(embed.picture)")
            #expect(embed.fixedAppearance == (appearance != .auto))
            if appearance == .light { #expect(!embed.markdown.contains("dark") && !embed.picture.contains("dark")) }
        }
    }

    @Test("white initials keep WCAG AA contrast on every hue an avatar can get")
    func initialsContrast() throws {
        for byte in 0..<256 {
            let hue = byte * 360 / 256
            let hex = AvatarPlaceholder.background(hue: hue)
            let value = try #require(Int(hex.dropFirst(), radix: 16))
            let contrast = AvatarPlaceholder.contrastWithWhite((value >> 16, (value >> 8) & 0xFF, value & 0xFF))
            #expect(contrast >= 4.5, "hue \(hue): \(hex) gives \(contrast):1")
        }
        // The hue the issue saw at 2.97:1 (yellow-green) is darkened, a blue keeps its lightness.
        #expect(AvatarPlaceholder.contrastWithWhite(AvatarPlaceholder.rgb(hue: 75, lightness: 42)) < 4.5)
        #expect(
            AvatarPlaceholder.background(hue: 230)
                == {
                    let (r, g, b) = AvatarPlaceholder.rgb(hue: 230, lightness: 42)
                    return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
                }())
        let svg = String(decoding: AvatarPlaceholder.svg(for: "octocat"), as: UTF8.self)
        #expect(!svg.contains("hsl(") && svg.contains("fill=\"#"))
    }
}
