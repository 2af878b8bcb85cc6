import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// GitLab's answers read as a card needs them: the merge requests' count from its headers (and
/// "at least 10,000" where GitLab stops counting), contributors by name, emails only as hashes.
@Suite("GitLab: counts, contributors and emails")
struct GitLabPartsTests {
    static let oneItem = Data(#"[{"iid":1}]"#.utf8)

    @Test("x-total is the count; without it and with a next page, GitLab stopped at 10,000")
    func counts() {
        #expect(GitLabSource.count(Self.oneItem, ["x-total": "57"]) == .init(count: 57))
        #expect(GitLabSource.count(Data("[]".utf8), [:]) == .init(count: 0))
        #expect(GitLabSource.count(Self.oneItem, [:]) == .init(count: 1), "one item, no next page")
        #expect(GitLabSource.count(Self.oneItem, ["x-next-page": "2"]) == .init(count: 10_000, atLeast: true))
        #expect(
            GitLabSource.count(Self.oneItem, ["link": #"<https://gitlab.com/api/v4/x?page=2>; rel="next""#])
                == .init(count: 10_000, atLeast: true))
        #expect(GitLabSource.count(Self.oneItem, ["x-next-page": ""]) == .init(count: 1), "an empty next page is none")
        // What the cache keeps in place of the headers reads back the same.
        let kept = Data(#"{"at_least":true,"count":10000}"#.utf8)
        #expect(GitLabSource.count(kept, [:]) == .init(count: 10_000, atLeast: true))
        #expect(GitLabSource.count(Data("<html>".utf8), ["x-total": "3"]) == nil)
    }

    @Test("one person under two emails is one contributor; ranked by commits, ties in GitLab's order")
    func topContributors() {
        let list = [
            GitLabContributor(name: "Ada", email: "ada@example.com", commits: 10),
            GitLabContributor(name: "Grace", email: "grace@example.com", commits: 12),
            GitLabContributor(name: "Ada", email: "ada@work.example", commits: 5),
            GitLabContributor(name: " ", email: "blank@example.com", commits: 99),
            GitLabContributor(name: "Linus", email: nil, commits: 12),
            GitLabContributor(name: "Edsger", email: nil, commits: 1),
            GitLabContributor(name: "Margaret", email: nil, commits: 2),
        ]
        let top = GitLabSource.top(list, count: 4)
        #expect(top.map(\.name) == ["Ada", "Grace", "Linus", "Margaret"])
        #expect(top.first?.commits == 15)
    }

    @Test("the cache keeps each email as its SHA-256, never the email")
    func hashedEmails() throws {
        let body = Data(#"[{"name":"Ada","email":"Ada@Example.com","commits":3}]"#.utf8)
        let kept = GitLabEmails.hashed(body)
        let text = String(decoding: kept, as: UTF8.self)
        #expect(!text.lowercased().contains("ada@example.com"))
        let read = try JSONDecoder().decode([GitLabContributor].self, from: kept)
        #expect(read.first?.email == nil)
        #expect(read.first?.emailSHA256 == SHA256.hex("ada@example.com"))
        #expect(read.first?.name == "Ada" && read.first?.commits == 3)
    }
}

extension GitLabContributor {
    init(name: String, email: String?, commits: Int) {
        self.init(name: name, email: email, emailSHA256: nil, commits: commits)
    }
}
