import Foundation
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("owners: in site.yml")
struct OwnerConfigTests {
    @Test("every key is read; defaults: no forks, no archived, all topics, 0 stars, by stars, no limit")
    func readsEveryKey() throws {
        let config = try parse(
            """
            owners:
              - owner: apple
                forks: true
                archived: yes
                topics: [swift, Server]
                min_stars: 100
                sort: pushed
                limit: 60
                exclude: [apple/swift-evolution, Apple/Swift-Org-Website]
              - owner: octocat
            """
        ).config
        #expect(config.repos.isEmpty)
        #expect(config.owners.count == 2)
        let apple = config.owners[0]
        #expect(apple.owner == "apple")
        #expect(apple.forks && apple.archived)
        #expect(apple.topics == ["swift", "Server"])
        #expect(apple.minStars == 100 && apple.sort == .pushed && apple.limit == 60)
        #expect(apple.exclude.map(\.description) == ["apple/swift-evolution", "Apple/Swift-Org-Website"])
        let octocat = config.owners[1]
        #expect(!octocat.forks && !octocat.archived && octocat.topics.isEmpty)
        #expect(octocat.minStars == 0 && octocat.sort == .stars && octocat.limit == nil && octocat.exclude.isEmpty)
        #expect(octocat.source.description == "owner:octocat")
        // Widgets of owners' repositories are made once the owners are listed.
        #expect(!config.hasWidgetList)
    }

    @Test("repos: may be absent, null or empty when owners: is given, and is still required without it")
    func reposOptionalWithOwners() throws {
        for repos in ["", "repos:\n", "repos: []\n"] {
            let config = try parse(repos + "owners:\n  - owner: apple\n").config
            #expect(config.repos.isEmpty && config.owners.count == 1)
        }
        let missing = errors("title: x\n")
        #expect(missing.first?.message.contains("missing `repos:`") == true)
        #expect(errors("repos: []\n").first?.message.contains("`repos` is empty") == true)
        #expect(errors("repos: []\nowners: []\n").first?.message.contains("`repos` is empty") == true)
    }

    @Test(
        "bad values are errors at their line and column",
        arguments: [
            ("forks: maybe", 4, 12, "`forks` must be true or false (got 'maybe')"),
            ("archived: [x]", 4, 15, "`archived` must be true or false"),
            ("min_stars: -1", 4, 16, "`min_stars` must be a whole number, 0 or more (got '-1')"),
            ("min_stars: lots", 4, 16, "`min_stars` must be a whole number"),
            ("limit: 0", 4, 12, "`limit` must be a whole number, 1 or more (got '0')"),
            ("limit: 2.5", 4, 12, "`limit` must be a whole number"),
            ("sort: popularity", 4, 11, "`sort` must be stars, pushed or name (got 'popularity')"),
            ("topics: []", 4, 13, "`topics` must be a list of topics, like [swift, ios]"),
            ("topics: [swift, {a: b}]", 4, 21, "each topic must be a word"),
            ("exclude: [apple]", 4, 15, "'apple' is not a repository; write it as OWNER/NAME"),
            ("exclude: apple/swift/x", 4, 14, "is not a repository"),
            ("exclude: {a: b}", 4, 14, "`exclude` must be a list of OWNER/NAME entries"),
        ])
    func badValues(_ line: String, _ row: Int, _ column: Int, _ message: String) {
        let found = errors("title: t\nowners:\n  - owner: apple\n    \(line)\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.line == row && found.first?.column == column, "\(found)")
        #expect(found.first?.message.contains(message) == true, "\(found)")
        #expect(found.first?.description.hasPrefix("site.yml:\(row):\(column): error: ") == true)
    }

    @Test("an entry without owner, a malformed owner, a non-mapping entry and a repeated owner are errors")
    func entryErrors() {
        let noOwner = errors("owners:\n  - forks: true\n")
        #expect(noOwner.map(\.line) == [2] && noOwner.first?.message.contains("no `owner:`") == true)
        // An owner may be on another forge: the message says how to name one there too.
        #expect(noOwner.first?.message.contains("`owner: codeberg.org/forgejo`") == true, "\(noOwner)")
        let slash = errors("owners:\n  - owner: apple/swift\n")
        #expect(slash.first?.line == 2 && slash.first?.column == 12)
        #expect(slash.first?.message.contains("give only the owner") == true, "\(slash)")
        #expect(errors("owners:\n  - owner: -apple\n").first?.message.contains("not a valid GitHub owner") == true)
        #expect(errors("owners:\n  - owner: \"\"\n").first?.message.contains("not a valid GitHub owner") == true)
        #expect(errors("owners:\n  - apple\n").first?.message.contains("mapping like `- owner: apple`") == true)
        // Sorted by position, the missing `repos:` (reported at 1:1) comes first.
        #expect(errors("owners: apple\n").contains { $0.column == 9 && $0.message.contains("`owners` must be a list") })
        let twice = errors("owners:\n  - owner: apple\n  - owner: Apple\n")
        #expect(twice.first?.line == 3 && twice.first?.message.contains("listed twice (first at line 2)") == true)
    }

    @Test("unknown keys are warnings with a suggestion; an exclude of another owner is a warning")
    func warnings() throws {
        let result = try parse(
            """
            owners:
              - owner: apple
                topic: [swift]
                min-stars: 5
                exclude: [octocat/Hello-World]
            """)
        let messages = result.warnings.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:3:5: warning: unknown owner key 'topic'")
                    && $0.contains("did you mean 'topics'?")
            }, "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("site.yml:4:5:") && $0.contains("did you mean 'min_stars'?") },
            "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("site.yml:5:15:") && $0.contains("excluding it changes nothing") },
            "\(messages)")
        #expect(result.config.owners.first?.minStars == 0)
    }

    @Test("with owners, a widget may name a repository outside repos:, kept with its position for the build")
    func widgetReferences() throws {
        let config = try parse(
            """
            repos: [octocat/Hello-World]
            owners:
              - owner: apple
            widgets:
              - repo: apple/swift
              - kind: double
                top: octocat/hello-world
                bottom: apple/swift-nio
            """
        ).config
        #expect(config.hasWidgetList && config.widgets.count == 2)
        #expect(config.references.map(\.name.description) == ["apple/swift", "apple/swift-nio"])
        #expect(config.references.map(\.line) == [5, 8])
        // Without owners it is an error, as before.
        let without = errors("repos: [octocat/Hello-World]\nwidgets:\n  - repo: apple/swift\n")
        #expect(without.first?.message.contains("is not in `repos`") == true)
        // A single widget with no `repo:` needs a repository in repos:.
        let noRepo = errors("owners:\n  - owner: apple\nwidgets:\n  - kind: single\n")
        #expect(noRepo.first?.line == 4 && noRepo.first?.message.contains("needs `repo:`") == true, "\(noRepo)")
    }

    @Test("check validates owners without the network")
    func check() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("site.yml").path
        try "owners:\n  - owner: apple\n    limit: 10\n".write(toFile: path, atomically: true, encoding: .utf8)
        let report = try Check(configPath: path).run().summary
        #expect(
            report.contains("0 repositories and 1 owner (listed at build time), a widget per repository"), "\(report)")
        try "owners:\n  - owner: apple\n    sort: size\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: DiagnosticsError.self) { try Check(configPath: path).run() }
    }
}

@Suite("repo remove with owners:")
struct OwnerRepoEditTests {
    @Test("the last entry of repos: can be removed when owners: gives the site its repositories")
    func removesTheLastSavedRepository() throws {
        let text = "repos:\n  - apple/swift\nowners:\n  - owner: apple\n"
        let (name, edited) = try SiteTextEdit(file: "site.yml", text: text).removing("apple/swift")
        #expect(name.description == "apple/swift")
        #expect(edited == "repos:\nowners:\n  - owner: apple\n")
        #expect(try parse(edited).config.repos.isEmpty)
        #expect(throws: DiagnosticsError.self) {
            try SiteTextEdit(file: "site.yml", text: "repos:\n  - apple/swift\n").removing("apple/swift")
        }
    }
}
