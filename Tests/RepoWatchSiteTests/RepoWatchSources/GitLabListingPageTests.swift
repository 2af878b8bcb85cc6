import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSources

/// A GitLab project list's page as the cache keeps it: its paging read back offline, and still a list
/// whose private entries the cache's sealing finds (a build with `private: include`, then `exclude`).
@Suite("GitLab: an owner's listed page as kept")
struct GitLabListingPageTests {
    static let page = Data(
        #"""
        [{"id": 1, "path_with_namespace": "acme/open", "name": "open", "visibility": "public",
          "web_url": "https://gitlab.com/acme/open"},
         {"id": 2, "path_with_namespace": "acme/hushed-ledger", "name": "hushed-ledger", "visibility": "private",
          "web_url": "https://gitlab.com/acme/hushed-ledger"}]
        """#.utf8)

    @Test("the next page is read back from the kept body, without its header")
    func paging() throws {
        let kept = GitLabListedProject.keptPage(
            Self.page, ["x-next-page": "2", "x-total": "150"], leavesOutPrivate: true)
        let read = try GitLabListedProject.page(kept, next: nil)
        #expect(read.next == "2")
        #expect(read.total == 150, "the progress line's total, read back offline too")
        #expect(read.items.map(\.project.pathWithNamespace) == ["acme/open"])
        let sent = try GitLabListedProject.page(Self.page, next: "3", total: "150")
        #expect(sent.next == "3")
        #expect(sent.total == 150)
        #expect(sent.items.count == 2)
    }

    @Test("a page whose private entry the cache sealed is read, that entry left out")
    func sealedEntry() throws {
        let kept = GitLabListedProject.keptPage(Self.page, ["x-next-page": ""], leavesOutPrivate: false)
        let sealed = try #require(PrivateAnswers.redacted(kept))
        let read = try GitLabListedProject.page(sealed, next: nil)
        #expect(read.items.map(\.project.pathWithNamespace) == ["acme/open"])
    }

    @Test("kept under private: include, its private entry is still found and sealed")
    func sealable() throws {
        let kept = GitLabListedProject.keptPage(Self.page, ["x-next-page": ""], leavesOutPrivate: false)
        #expect(PrivateAnswers.privateRepositories(in: kept).map(\.fullName) == ["gitlab.com/acme/hushed-ledger"])
        let sealed = try #require(PrivateAnswers.redacted(kept))
        #expect(!String(decoding: sealed, as: UTF8.self).contains("hushed-ledger"))
    }
}
