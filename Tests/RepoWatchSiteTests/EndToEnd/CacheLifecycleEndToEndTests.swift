import Foundation
import Testing

@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSupport

extension RebuiltSite {
    /// The binary in the site folder, with this site's token and "now" `days` after the suite's.
    func run(_ arguments: [String], days: Int = 0, token: String? = nil) async throws -> RunResult {
        let environment = BinaryRunner.environment(
            home: dir.url.appendingPathComponent("home"),
            ["GITHUB_TOKEN": token ?? self.token, "REPOWATCH_NOW": Self.now(plusDays: days)])
        return try await BinaryRunner.run(arguments, in: dir.url, environment: environment)
    }

    static func now(plusDays days: Int) -> String {
        let start = ISO8601.parse(BinaryRunner.now)!
        return ISO8601.string(start.addingTimeInterval(Double(days) * 24 * 3600))
    }

    /// The URLs the cache holds an entry for.
    var cachedURLs: Set<String> {
        var urls: Set<String> = []
        for (path, data) in SiteFiles.files(in: cache.appendingPathComponent("http")) where path.hasSuffix(".entry") {
            if let entry = CacheEntryFormat.decode(data) { urls.insert(entry.url) }
        }
        return urls
    }
}

@Suite("End-to-end: the cache over time (redirects, answers without validators, pruning)", .timeLimit(.minutes(10)))
struct EndToEndCacheLifecycleTests {
    @Test("every redirect kind, same origin or not: --offline then finds what the online build fetched")
    func offlineAfterRedirects() async throws {
        let other = try await FixtureServer.start(
            routes: [301, 302, 307, 308].map {
                .get("/repositories/200\($0)", .shared("interaction-repositories-id-200-requests-requests.json"))
            }, host: "127.0.0.2")
        defer { other.stop() }
        var routes: [FixtureRoute] = [.get("/repos/requests/requests/contributors", NetworkRoutes.contributors)]
        var repos: [String] = []
        for status in [301, 302, 307, 308] {
            let recorded = "interaction-repos-get-\(status)-kennethreitz-requests.json"
            let redirect: (String) -> FixtureResponse = { location in
                status == 301
                    ? .shared(recorded, headers: ["location": location])
                    : .own(recorded, headers: ["location": location])
            }
            routes += [
                .get("/repos/moved/same-\(status)", redirect("https://api.github.com/repositories/100\(status)")),
                .get("/repositories/100\(status)", .shared("interaction-repositories-id-200-requests-requests.json")),
                .get("/repos/moved/other-\(status)", redirect("\(other.base)/repositories/200\(status)")),
            ]
            repos += ["moved/same-\(status)", "moved/other-\(status)"]
        }
        let server = try await FixtureServer.start(routes: routes)
        defer { server.stop() }
        let site = try RebuiltSite("redirects", repos: repos)
        defer { site.dir.remove() }

        let online = try await site.run(["build", "--jobs", "2", "--api-url", server.base])
        #expect(online.status == 0, "\(online)")
        let asked = try await server.requests().map(\.pathOnly)
        for repo in repos { #expect(asked.contains("/repos/\(repo)"), "\(repo) was not fetched through its redirect") }
        #expect(
            try await other.requests().allSatisfy { $0.header("authorization") == nil }, "token left the API origin")

        let before = (try await server.requests().count, try await other.requests().count)
        let offline = try await site.run(["build", "--offline", "--api-url", server.base])
        #expect(offline.status == 0, "\(offline)")
        #expect(!offline.stderr.contains("not in the cache"), "\(offline)")
        for repo in repos {
            let medium = try site.page("repos/\(repo)/medium.html")
            #expect(medium.contains("data-state=\"stale\""), "\(repo)")
            #expect(medium.contains("data-value=\"29496\""), "\(repo): not the repository reached by the redirect")
        }
        #expect((try await server.requests().count, try await other.requests().count) == before)
    }

    @Test("an empty repository's 204 and a 'too large' 403 are not asked again within a day, except with --refresh")
    func answersWithoutValidatorsHaveADay() async throws {
        let site = try RebuiltSite("kept", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(
            routes: [
                .get("/repos/twbs/bootstrap", NetworkRoutes.bootstrap),
                .get("/repos/twbs/bootstrap/contributors", .own("contributors-403-too-large.json", status: 403)),
                .get("/repos/octocat/Hello-World", NetworkRoutes.helloWorld),
                .get("/repos/octocat/Hello-World/contributors", .empty(status: 204)),
            ])
        defer { server.stop() }
        func contributorRequests(_ build: () async throws -> RunResult) async throws -> (RunResult, Int) {
            let before = try await server.requests().count
            let result = try await build()
            let count = try await server.requests().dropFirst(before).filter { $0.pathOnly.hasSuffix("/contributors") }
                .count
            return (result, count)
        }
        let (first, firstAsked) = try await contributorRequests {
            try await site.run(["build", "--api-url", server.base])
        }
        #expect(first.status == 0 && firstAsked == 2, "\(first)")

        let (again, againAsked) = try await contributorRequests {
            try await site.run(["build", "--api-url", server.base])
        }
        #expect(again.status == 0 && againAsked == 0, "\(again)")
        #expect(again.stderr.contains("2 cache hits without a request"), "\(again)")
        #expect(try site.page("repos/twbs/bootstrap/large.html").contains("too large"))
        #expect(try site.page("repos/octocat/hello-world/large.html").contains("No contributors yet"))
        #expect(try site.page("repos/octocat/hello-world/large.html").contains("data-state=\"fresh\""))

        let (refreshed, refreshedAsked) = try await contributorRequests {
            try await site.run(["build", "--refresh", "--api-url", server.base])
        }
        #expect(refreshed.status == 0 && refreshedAsked == 2, "\(refreshed)")

        // Past their day, but nothing was pushed since they were asked: still no request.
        let (nextDay, nextDayAsked) = try await contributorRequests {
            try await site.run(["build", "--api-url", server.base], days: 2)
        }
        #expect(nextDay.status == 0 && nextDayAsked == 0, "\(nextDay)")
        // A week after they were asked, they are asked again even without a push.
        let (nextWeek, nextWeekAsked) = try await contributorRequests {
            try await site.run(["build", "--api-url", server.base], days: 8)
        }
        #expect(nextWeek.status == 0 && nextWeekAsked == 2, "\(nextWeek)")
    }

    @Test("a repository removed from site.yml: its entries go once unused past the retention period, not before")
    func buildsPruneWhatTheyNoLongerUse() async throws {
        let site = try RebuiltSite("prune", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.run(["build", "--api-url", server.base]).status == 0)
        let removedRepo = "\(server.base)/repos/octocat/Hello-World"
        let all = site.cachedURLs
        #expect(all.contains(removedRepo))

        try site.dir.write("site.yml", "title: Network\nrepos:\n  - twbs/bootstrap\n")
        let soon = try await site.run(["build", "--api-url", server.base], days: 20)
        #expect(soon.status == 0 && site.cachedURLs == all, "\(soon)")
        let sample = try await site.run(["build", "--sample"], days: 40)
        #expect(sample.status == 0 && site.cachedURLs == all, "\(sample)")
        let kept = try await site.run(["build", "--keep-cache", "--api-url", server.base], days: 40)
        #expect(kept.status == 0 && site.cachedURLs == all, "\(kept)")

        let pruned = try await site.run(["build", "--api-url", server.base], days: 40)
        #expect(pruned.status == 0, "\(pruned)")
        let remaining = site.cachedURLs
        #expect(!remaining.contains(removedRepo) && !remaining.contains(removedRepo + "/contributors?per_page=12"))
        #expect(remaining.contains("\(server.base)/repos/twbs/bootstrap"))
        #expect(pruned.stderr.contains("Removed \(all.count - remaining.count) cache entries unused for over 30 days"))
        // What the build still uses is all there: offline it builds fresh-as-of-today data, no error.
        let offline = try await site.run(["build", "--offline", "--api-url", server.base], days: 40)
        #expect(offline.status == 0, "\(offline)")
        #expect(FileManager.default.fileExists(atPath: site.cache.appendingPathComponent("history.json").path))
    }

    @Test("cache info shows entries and what is prunable; prune removes exactly that; clear keeps the history")
    func cacheCommand() async throws {
        let site = try RebuiltSite("cache-command", repos: ["twbs/bootstrap", "octocat/Hello-World"])
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: NetworkRoutes.routes())
        defer { server.stop() }
        #expect(try await site.run(["build", "--api-url", server.base]).status == 0)
        let all = site.cachedURLs
        try site.dir.write("site.yml", "title: Network\nrepos:\n  - twbs/bootstrap\n")
        #expect(try await site.run(["build", "--api-url", server.base], days: 20).status == 0)
        let used = site.cachedURLs.count

        let info = try await site.run(["cache", "info"], days: 40)
        #expect(info.status == 0, "\(info)")
        #expect(info.stdout.contains("\(all.count) entries"), "\(info)")
        let prune = try await site.run(["cache", "prune"], days: 40)
        #expect(prune.status == 0, "\(prune)")
        let remaining = site.cachedURLs
        #expect(!remaining.contains("\(server.base)/repos/octocat/Hello-World"))
        #expect(remaining.contains("\(server.base)/repos/twbs/bootstrap"))
        let removed = all.count - remaining.count
        #expect(removed > 0 && remaining.count <= used)
        #expect(info.stdout.contains("unused for over 30 days: \(removed) entries"), "\(info)")
        #expect(prune.stdout.contains("Removed \(removed) cache entries"), "\(prune)")

        let clear = try await site.run(["cache", "clear", "--cache-dir", ".repowatch"], days: 40)
        #expect(clear.status == 0 && site.cachedURLs.isEmpty, "\(clear)")
        #expect(FileManager.default.fileExists(atPath: site.cache.appendingPathComponent("history.json").path))
        let empty = try await site.run(["cache"], days: 40)
        #expect(empty.stdout.contains(": 0 entries"), "\(empty)")
    }
}
