import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchRender

/// `outputs: card` writes no page for a repository: the site feed has nothing of it to link to.
@Suite("Feeds leave out repositories shown by a card alone")
struct FeedOutputsTests {
    @Test("an entry of a repository without a page is left out of the site feed; the others stay")
    func cardOnlyRepositoriesLeaveTheFeed() throws {
        let config = SiteConfig(repos: ["a/page", "a/card"].map { RepoName.parse($0).value! })
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        let entries = ["a/page", "a/card"].map {
            FeedEntry(id: "id-\($0)", repo: $0, kind: .release, title: "\($0) v1", summary: "", updated: when)
        }
        let feeds = SiteFeeds(
            config: config, state: FeedState(entries: entries), generatedAt: when, hasPage: { $0 != "a/card" })
        #expect(feeds.entries.map(\.repo) == ["a/page"])
        let xml = String(decoding: feeds.site(), as: UTF8.self)
        #expect(xml.contains("repos/a/page/") && !xml.contains("repos/a/card/"))
        let all = SiteFeeds(config: config, state: FeedState(entries: entries), generatedAt: when)
        #expect(all.entries.count == 2)
    }
}
