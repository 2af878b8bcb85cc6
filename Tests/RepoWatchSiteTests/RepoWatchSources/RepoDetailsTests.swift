import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSources
@testable import RepoWatchSupport

@Suite("Release, language, topics and visibility of a repository")
struct RepoDetailsTests {
    @Test("a language colour reaches the site only as #RRGGBB")
    func languageColour() {
        #expect(RepoLanguage(name: "Swift", color: "#f05138").color == "#F05138")
        for hostile in ["red", "#F0513", "#F05138;background:url(x)", "\"><script>", "#GGGGGG", ""] {
            #expect(RepoLanguage(name: "Swift", color: hostile).color == nil, "\(hostile)")
        }
    }

    @Test("the GraphQL answer gives the release, the language and the visibility; REST's count stays without it")
    func graphQLDetails() throws {
        let query = OpenCountsQuery(repos: [try RepoName.parse("apple/swift").get(), try RepoName.parse("a/b").get()])
        #expect(query.text.contains("latestRelease { tagName publishedAt }"))
        let body = """
            {"data": {"r0": {"issues": {"totalCount": 7}, "pullRequests": {"totalCount": 3}, "isPrivate": false,
              "primaryLanguage": {"name": "C++", "color": "#f34b7d"},
              "latestRelease": {"tagName": "swift-6.0-RELEASE", "publishedAt": "2024-09-16T12:00:00Z"}},
              "r1": {"issues": {"totalCount": 0}, "pullRequests": {"totalCount": 0}, "isPrivate": true,
              "primaryLanguage": null, "latestRelease": null}}}
            """
        let answer = try query.parse(Data(body.utf8))
        let swift = try #require(answer.counts["apple/swift"])
        #expect(swift.release?.tag == "swift-6.0-RELEASE")
        #expect(swift.release?.publishedAt == ISO8601.parse("2024-09-16T12:00:00Z"))
        #expect(swift.language == RepoLanguage(name: "C++", color: "#F34B7D"))
        #expect(swift.isPrivate == false)
        let other = try #require(answer.counts["a/b"])
        #expect(other.release == nil && other.language == nil && other.isPrivate == true)

        var repo = RepoSnapshot(configName: "apple/swift", stars: 1, fetchedAt: Date())
        repo.language = RepoLanguage(name: "C++", color: nil)
        var report = OpenCountsFetcher.Report()
        report.fresh = CountsTable(size: 1)
        report.fresh[0] = answer.counts["apple/swift"]
        report.apply(to: &repo, at: 0)
        #expect(repo.openIssues == 7 && repo.openPulls == 3)
        #expect(repo.language?.color == "#F34B7D")
        #expect(repo.release?.tag == "swift-6.0-RELEASE")
    }

    @Test("REST's repository document gives the language, topics and visibility")
    func restDetails() throws {
        let body = """
            {"full_name": "o/r", "owner": {"login": "o"}, "stargazers_count": 1, "forks_count": 0,
             "open_issues_count": 0, "language": "Swift", "topics": ["ios", "cli"], "private": true}
            """
        let payload = try JSONDecoder().decode(RepositoryPayload.self, from: Data(body.utf8))
        #expect(payload.language == "Swift")
        #expect(payload.topics == ["ios", "cli"])
        #expect(payload.isPrivate)
    }

    @Test("sample repositories have a language, topics and usually a release, the same on every machine")
    func sample() throws {
        let name = try RepoName.parse("apple/swift").get()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let one = SampleData.snapshot(for: name, now: now)
        #expect(one == SampleData.snapshot(for: name, now: now))
        #expect(one.language?.color != nil)
        #expect(!one.topics.isEmpty)
        #expect(one.isPrivate == false)
    }
}
