import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// `private:` read from site.yml, privacy read from GitHub's answers, and the step that leaves
/// private repositories out of everything the site writes.
@Suite struct PrivateRepoTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!
    static let open = RepoName(owner: "octocat", name: "Hello-World")
    static let secret = RepoName(owner: "BeaverSoftware", name: "test1")

    @Test func privateDefaultsToExcludeAndReadsIncludeOrExclude() throws {
        #expect(try parse("repos: [a/b]\n").config.privateRepos == .exclude)
        #expect(try parse("private: include\nrepos: [a/b]\n").config.privateRepos == .include)
        #expect(try parse("private: exclude\nrepos: [a/b]\n").config.privateRepos == .exclude)
    }

    @Test func aBadPrivateValueIsAnErrorAtItsLineAndColumn() {
        let found = errors("repos: [a/b]\nprivate: yes\n")
        #expect(
            found.map(\.description) == [
                "site.yml:2:10: error: `private` must be include (publish private repositories) or exclude "
                    + "(the default: leave them out) (got 'yes')"
            ])
        #expect(errors("repos: [a/b]\nprivate: [include]\n").first?.line == 2)
    }

    @Test func theRealRecordingOfAPrivateRepositoryReadsPrivate() throws {
        let payload = try JSONDecoder().decode(
            RepositoryPayload.self, from: SharedFixtures.data("repos-get-BeaverSoftware-test1.json"))
        #expect(payload.isPrivate)
        let open = try JSONDecoder().decode(
            RepositoryPayload.self, from: SharedFixtures.data("repos-get-octocat-Hello-World.json"))
        #expect(!open.isPrivate)
    }

    @Test(arguments: [
        (#"{"private": false, "visibility": "internal"}"#, true),
        (#"{"visibility": "private"}"#, true),
        (#"{"private": true, "visibility": "public"}"#, true),
        (#"{"private": false, "visibility": "public"}"#, false),
        (#"{"private": false}"#, false),
        ("{}", false),
    ])
    func visibilityOtherThanPublicIsPrivate(fields: String, expected: Bool) throws {
        var object = try JSONSerialization.jsonObject(with: Data(fields.utf8)) as! [String: Any]
        object["full_name"] = "a/b"
        object["owner"] = ["login": "a"]
        let payload = try JSONDecoder().decode(RepositoryPayload.self, from: json(object))
        #expect(payload.isPrivate == expected, "\(fields)")
    }

    @Test func eitherAnswerSayingPrivateMakesTheRepositoryPrivate() {
        var report = OpenCountsFetcher.Report()
        report.fresh = CountsTable(size: 1)
        report.fresh[0] = OpenCounts(issues: 1, pulls: 2, isPrivate: true)
        var repo = SampleData.snapshot(for: Self.open, now: Self.now)
        repo.isPrivate = false
        report.apply(to: &repo, at: 0)
        #expect(repo.isPrivate)
        // A GraphQL answer that says public does not undo REST's private.
        report.fresh[0] = OpenCounts(issues: 1, pulls: 2, isPrivate: false)
        repo.isPrivate = true
        report.apply(to: &repo, at: 0)
        #expect(repo.isPrivate)
    }

    func gathered() -> SiteData {
        var open = SampleData.snapshot(for: Self.open, now: Self.now)
        open.ownerAvatar = "avatars/shared.png"
        open.contributors = [Contributor(login: "octocat", contributions: 3, avatar: "avatars/octocat.png")]
        var secret = SampleData.snapshot(for: Self.secret, now: Self.now)
        secret.isPrivate = true
        secret.ownerAvatar = "avatars/shared.png"
        secret.contributors = [Contributor(login: "sferik", contributions: 9, avatar: "avatars/sferik.png")]
        var config = SiteConfig(
            repos: [Self.open, Self.secret],
            widgets: [
                .init(kind: .single(Self.secret, sizes: [.medium])),
                .init(kind: .double(id: "pair", top: Self.open, bottom: Self.secret)),
                .init(kind: .single(Self.open, sizes: [.large])),
            ])
        config.hasWidgetList = true
        let png = Data("png".utf8)
        return SiteData(
            config: config, repos: [open, secret],
            avatars: ["avatars/shared.png": png, "avatars/octocat.png": png, "avatars/sferik.png": png], requests: nil)
    }

    @Test func excludeLeavesTheRepositoryItsWidgetsAndItsFacesOutAndSaysWhereNotWhat() {
        let (result, leftOut) = PrivateRepoFilter(.exclude).apply(to: gathered())
        #expect(result.repos.map(\.configName) == ["octocat/Hello-World"])
        #expect(result.config.repos == [Self.open])
        #expect(result.config.widgets.map(\.repoNames) == [[Self.open]])
        #expect(Set(result.avatars.paths) == ["avatars/shared.png", "avatars/octocat.png"])
        #expect(leftOut.reposEntries == [1] && leftOut.widgets == [0, 1] && leftOut.owners.isEmpty)
    }

    @Test func defaultWidgetsAreMadeForTheRepositoriesLeft() {
        var input = gathered()
        input.config = SiteConfig(repos: [Self.open, Self.secret])
        let (result, _) = PrivateRepoFilter(.exclude).apply(to: input)
        #expect(result.config.widgets.map(\.repoNames) == [[Self.open]])
        #expect(!result.config.hasWidgetList)
    }

    @Test func includeChangesNothing() {
        let (result, leftOut) = PrivateRepoFilter(.include).apply(to: gathered())
        #expect(result.repos.count == 2 && result.config.widgets.count == 3 && result.avatars.count == 3)
        #expect(leftOut.isEmpty)
    }

    @Test func anOwnersPrivateRepositoriesAreCountedAndAWidgetNamingOneIsDropped() {
        var input = gathered()
        let listed = RepoName(owner: "acme", name: "hidden")
        input.config.widgets.append(.init(kind: .single(listed, sizes: [.large])))
        input.owners.privateListed = [PrivateListing(owner: "acme", keys: [listed.key, "acme/other"])]
        var repo = input.repos[1]
        repo.source = .owner("acme")
        input.repos[1] = repo
        let (result, leftOut) = PrivateRepoFilter(.exclude).apply(to: input)
        #expect(leftOut.owners == [.init(owner: "acme", count: 3)] && leftOut.reposEntries.isEmpty)
        #expect(leftOut.widgets == [0, 1, 3])
        #expect(result.config.widgets.map(\.repoNames) == [[Self.open]])
        #expect(PrivateLeftOut.ownerLine(leftOut.owners[0]).hasPrefix("acme: 3 private repositories left out"))
    }

    @Test func aRebuildThatRecordsNothingStillDropsTheLeftOutHistory() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = try BuildOptions(fetch: FetchOptions(offline: true))
        options.configPath = folder.appendingPathComponent("site.yml").path
        options.recordsHistory = false
        var history = History()
        for name in [Self.open, Self.secret] {
            history.set(name.key, [History.Point(time: Self.now, stars: 1, forks: 1, openIssues: 1, contributors: 1)])
        }
        try HistoryFile(cacheDirectory: options.cacheURL).save(history.json())
        let step = HistoryStep(options: options, source: SampleSource(now: Self.now), log: MemoryLog())
        let snapshot = Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: false, repos: [])
        let published = await step.record(snapshot, repos: [Self.open], baseURL: nil, now: Self.now)
        #expect(published.sortedKeys == [Self.open.key])
    }
}
