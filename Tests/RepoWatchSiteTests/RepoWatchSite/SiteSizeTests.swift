import Testing

@testable import RepoWatchSite

/// The site's size against GitHub Pages' 1 GB: told in decimal units, warned about from 80 %.
@Suite("The site's size and GitHub Pages' 1 GB")
struct SiteSizeTests {
    @Test("sizes in decimal units, as GitHub states its limit")
    func text() {
        #expect(SiteSize.text(512) == "512 bytes")
        #expect(SiteSize.text(812_000) == "812 KB")
        #expect(SiteSize.text(94_900_000) == "94.9 MB")
        #expect(SiteSize.text(1_020_000_000) == "1.02 GB")
    }

    @Test("no warning under 80 %; from there, the share and what to set, pointing at the docs")
    func warning() throws {
        #expect(SiteSize.warning(bytes: 799_999_999, files: 10) == nil)
        let near = try #require(SiteSize.warning(bytes: 850_000_000, files: 120_000))
        #expect(near.contains("850.0 MB in 120,000 files, 85 % of the 1 GB"), "\(near)")
        #expect(near.contains("`outputs: page` or `outputs: card`") && near.contains("docs/configuration.md"))
        #expect(SiteSize.warning(bytes: 1_500_000_000, files: 1)?.contains("150 %") == true)
    }
}
