import Foundation
import Testing

@testable import RepoWatchModel
@testable import RepoWatchSite

/// A listed repository with only what the rules look at (owner rules tests).
struct OwnerFacts: OwnerRuleFacts, Equatable {
    var name: RepoName
    var fork = false
    var archived = false
    var topics: [String] = []
    var stars = 0
    var pushedAt: Date?

    init(
        _ full: String, stars: Int = 0, fork: Bool = false, archived: Bool = false, topics: [String] = [],
        pushedDaysAgo: Double? = nil
    ) {
        name = try! RepoName.parse(full).get()
        self.stars = stars
        self.fork = fork
        self.archived = archived
        self.topics = topics
        pushedAt = pushedDaysAgo.map { Date(timeIntervalSince1970: 1_800_000_000 - $0 * 86_400) }
    }
}

func names(_ repos: [OwnerFacts]) -> [String] { repos.map(\.name.description) }

@Suite("Owner rules and the site's repository list")
struct OwnerRulesTests {
    let listed = [
        OwnerFacts("apple/swift", stars: 60_000, topics: ["Swift", "compiler"], pushedDaysAgo: 1),
        OwnerFacts("apple/swift-nio", stars: 7_000, topics: ["swift", "networking"], pushedDaysAgo: 3),
        OwnerFacts("apple/fork-of-x", stars: 90_000, fork: true, topics: ["swift"], pushedDaysAgo: 0),
        OwnerFacts("apple/old-thing", stars: 80_000, archived: true, topics: ["swift"], pushedDaysAgo: 900),
        OwnerFacts("apple/ml-stuff", stars: 7_000, topics: ["ml"], pushedDaysAgo: 2),
        OwnerFacts("apple/Alpha", stars: 7_000, pushedDaysAgo: 3),
        OwnerFacts("apple/never-pushed", stars: 5),
    ]

    @Test("defaults: forks and archived out, by stars descending, ties by full name case-insensitively")
    func defaults() {
        let kept = OwnerSource(owner: "apple").select(listed)
        #expect(
            names(kept) == [
                "apple/swift", "apple/Alpha", "apple/ml-stuff", "apple/swift-nio", "apple/never-pushed",
            ])
    }

    @Test("forks and archived come back when asked")
    func forksAndArchived() {
        var source = OwnerSource(owner: "apple")
        source.forks = true
        source.archived = true
        #expect(names(source.select(listed)).prefix(3) == ["apple/fork-of-x", "apple/old-thing", "apple/swift"])
    }

    @Test("topics: at least one, any case; min_stars inclusive; exclude any case")
    func filters() {
        var source = OwnerSource(owner: "apple")
        source.topics = ["SWIFT", "ml"]
        source.minStars = 7_000
        source.exclude = [RepoName(owner: "Apple", name: "Swift-NIO")]
        #expect(names(source.select(listed)) == ["apple/swift", "apple/ml-stuff"])
    }

    @Test("sort by pushed (never pushed last) and by name; ties by full name")
    func sorts() {
        var source = OwnerSource(owner: "apple")
        source.sort = .pushed
        #expect(
            names(source.select(listed)) == [
                "apple/swift", "apple/ml-stuff", "apple/Alpha", "apple/swift-nio", "apple/never-pushed",
            ])
        source.sort = .name
        #expect(
            names(source.select(listed)) == [
                "apple/Alpha", "apple/ml-stuff", "apple/never-pushed", "apple/swift", "apple/swift-nio",
            ])
    }

    @Test("limit applies last, after filters and sort; the result does not depend on the listing's order")
    func limitLast() {
        var source = OwnerSource(owner: "apple")
        source.limit = 2
        source.topics = ["swift", "ml"]
        #expect(names(source.select(listed)) == ["apple/swift", "apple/ml-stuff"])
        #expect(names(source.select(listed.reversed())) == ["apple/swift", "apple/ml-stuff"])
    }

    @Test("resolving: repos: first, then each owner in order; a name in both stays in repos:; limit counted before")
    func resolving() throws {
        var config = try parse(
            """
            repos: [Apple/Swift, octocat/Hello-World]
            owners:
              - owner: apple
              - owner: octocat
            """
        ).config
        config.owners[0].limit = 2
        let appleKept = config.owners[0].select(listed).map(\.name)
        #expect(appleKept.map(\.description) == ["apple/swift", "apple/Alpha"])
        let resolved = try config.resolving([
            .init(source: config.owners[0], names: appleKept),
            .init(source: config.owners[1], names: [RepoName(owner: "octocat", name: "Spoon-Knife")]),
        ])
        #expect(
            resolved.config.repos.map(\.description) == [
                "Apple/Swift", "octocat/Hello-World", "apple/Alpha", "octocat/Spoon-Knife",
            ])
        #expect(resolved.sources["apple/swift"] == .repos)
        #expect(resolved.sources["apple/alpha"] == .owner("apple"))
        #expect(resolved.sources["octocat/spoon-knife"]?.description == "owner:octocat")
        // Default widgets cover every repository, in that order.
        #expect(resolved.config.widgets.count == 4)
        #expect(
            resolved.config.widgets[2].kind
                == .single(RepoName(owner: "apple", name: "Alpha"), sizes: [.medium, .large]))
    }

    @Test("a widget naming a repository nobody lists is an error at its line; under a failed owner it is unavailable")
    func references() throws {
        let config = try parse(
            """
            owners:
              - owner: apple
              - owner: ghost
            widgets:
              - repo: apple/swift
              - repo: apple/not-listed
              - repo: ghost/anything
            """
        ).config
        let apple = SiteConfig.OwnerYield(source: config.owners[0], names: [RepoName(owner: "apple", name: "swift")])
        let ghost = SiteConfig.OwnerYield(source: config.owners[1], names: nil)
        do {
            _ = try config.resolving([apple, ghost])
            Issue.record("expected an error")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.description.hasPrefix("site.yml:6:11: error: apple/not-listed") == true)
        }
        var fixed = config
        fixed.references.removeAll { $0.name.name == "not-listed" }
        let resolved = try fixed.resolving([apple, ghost])
        #expect(resolved.config.repos.map(\.description) == ["apple/swift", "ghost/anything"])
        #expect(resolved.unlisted[RepoName(owner: "ghost", name: "anything")]?.owner == "ghost")
        // site.yml lists widgets: they are kept as written, none added.
        #expect(resolved.config.widgets.count == 3)
    }

    @Test("source is written into snapshot.json as repos or owner:NAME and read back; older snapshots read as repos")
    func sourceCoding() throws {
        var repo = RepoSnapshot(configName: "apple/swift", stars: 1, fetchedAt: Date(timeIntervalSince1970: 0))
        repo.source = .owner("Apple")
        let data = try Snapshot.encoder.encode(repo)
        #expect(String(decoding: data, as: UTF8.self).contains("\"source\" : \"owner:Apple\""))
        #expect(try Snapshot.decoder.decode(RepoSnapshot.self, from: data).source == .owner("Apple"))
        repo.source = nil
        let plain = try Snapshot.encoder.encode(repo)
        #expect(String(decoding: plain, as: UTF8.self).contains("\"source\" : \"repos\""))
        let old = Data(#"{"config_name":"a/b","contributors":[],"stale":false}"#.utf8)
        #expect(try Snapshot.decoder.decode(RepoSnapshot.self, from: old).source == .repos)
    }
}
