import Foundation
import Testing

@testable import RepoWatchSite

/// `search: true` in a real browser: 130 sample repositories (five gallery pages of 60 widgets), built
/// by the binary with the real Pagefind, served over HTTP from 127.0.0.1 and searched in headless
/// Chromium (Tests/Browser/check_search.py). Skipped where a tool is missing, except under CI.
@Suite(
    "Browser: search, filters and sorting with Pagefind", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: SearchTools.shouldRun, "needs \(SearchTools.missing.joined(separator: ", "))"))
struct BrowserSearchTests {
    static let owners = ["north", "south", "east", "west"]
    /// Last in site.yml, so its widgets are on the last gallery page; two decoys on the first page
    /// each share one of its words.
    static let needle = "west/needle-finder"

    static var yaml: String {
        var lines = [
            "title: Search specimens", "search: true", "repos:", "  - north/needle-tools", "  - south/finder-kit",
        ]
        lines += (0..<127).map { "  - \(owners[$0 % owners.count])/project-\(String(format: "%03d", $0))" }
        lines.append("  - \(needle)")
        return lines.joined(separator: "\n") + "\n"
    }

    struct Result: Decodable {
        var repo: String
        var stars: Int?
        var href: String
        var title: String
    }

    struct Shown: Decodable {
        var state: String
        var status: String
        var results: [Result]
        var address: String
    }

    struct Report: Decodable {
        var query: Shown
        var owner: Shown
        var stars: Shown
        var owners: [String]
        var axe: [String]
        var console: [String]
        /// The page opened from file:// (only for a site on disk): what it says instead of searching.
        var file: FileNote?
    }

    struct FileNote: Decodable {
        var notice: Bool
        var text: String
        var command: [String]
        var formHidden: Bool
    }

    @Test("a query finds a later page's repository first; an owner filter narrows; sorting by stars orders them")
    func searchFilterSort() async throws {
        let site = try await Self.builtSite("search-browser")
        let report = try await Self.search(site.deletingLastPathComponent(), ["--site", site.path])
        try Self.verify(report, site: site)
        // From file://, where search.js cannot load, the page says why and how to preview it instead.
        let file = try #require(report.file)
        #expect(file.notice && file.formHidden, "\(file)")
        #expect(file.text.contains("file://") && file.command == ["repowatch-site serve"], "\(file)")
    }

    /// `serve` sends each file a policy header; Pagefind's worker must get one that lets it work.
    @Test("the same searches on the site `serve` serves, under its policy headers")
    func underServe() async throws {
        let site = try await Self.builtSite("search-serve")
        let server = try ServeProcess(["--sample", "--port", "0"], in: site.deletingLastPathComponent())
        let url = try await server.waitForURL()
        let report = try await Self.search(site.deletingLastPathComponent(), ["--url", url.absoluteString])
        try Self.verify(report, site: site)
        #expect(await server.interrupt() == 0)
    }

    /// The sample's made-up data is not the only data axe must pass on: real recorded answers (a user's
    /// three listing pages and an organization's, served by the fixture server) give the search page
    /// other names, descriptions and languages, searched and checked in light and dark the same way.
    @Test("a fixture build's search page: a query, an owner filter and sorting; axe clean, light and dark")
    func fixtureSiteSearch() async throws {
        try #require(
            SearchTools.missing.isEmpty, "CI is set but \(SearchTools.missing.joined(separator: ", ")) is missing")
        let built = try await E2E.build(
            "search-fixture",
            site: OwnerRoutes.site.replacingOccurrences(of: "title: Owners\n", with: "title: Owners\nsearch: true\n"),
            routes: OwnerRoutes.routes())
        defer { built.dir.remove() }
        try #require(built.result.status == 0 && !built.result.stderr.contains("without search"), "\(built)")
        let site = built.dir.url.appendingPathComponent("public")
        let report = try await Self.search(built.dir.url, ["--site", site.path], query: "inko", owner: "fixture-org")
        let stars = try Self.stars(in: site)
        let owned = stars.filter { $0.key.hasPrefix("fixture-org/") }
        #expect(owned.count >= 2 && owned.count < stars.count, "\(stars)")
        #expect(report.query.results.first?.repo == "YorickPeterse/inko", "\(report.query.results.map(\.repo))")
        #expect(Set(report.owner.results.map(\.repo)) == Set(owned.keys), "\(report.owner.status)")
        #expect(report.stars.results.map(\.stars) == owned.values.sorted(by: >).map { Optional($0) })
        #expect(report.console.isEmpty, "console errors: \(report.console)")
        #expect(report.axe.isEmpty, "axe-core: \(report.axe)")
    }

    /// The specimen site, built by the binary with the real Pagefind, in `label/site-search` under the
    /// browser suite's output folder (beside its site.yml).
    static func builtSite(_ label: String) async throws -> URL {
        try #require(
            SearchTools.missing.isEmpty, "CI is set but \(SearchTools.missing.joined(separator: ", ")) is missing")
        return try await BrowserTools.sampleSite(label, label: "search", yaml: Self.yaml, refusing: "without search")
    }

    /// Runs Tests/Browser/check_search.py against the site (`--site DIR` or `--url BASE`).
    static func search(
        _ reportFolder: URL, _ target: [String], query: String = "needle finder", owner: String = "west"
    ) async throws -> Report {
        try await BrowserTools.runCheck(
            "check_search.py", target + ["--query", query, "--owner", owner],
            report: reportFolder.appendingPathComponent("search-report.json"))
    }

    static func verify(_ report: Report, site: URL) throws {
        let needlePage = try Self.galleryPage(showing: Self.needle, in: site)
        #expect(needlePage > 1, "\(Self.needle) should live on a later gallery page, not page \(needlePage)")
        #expect(report.query.results.first?.repo == Self.needle, "\(report.query.results.map(\.repo))")
        #expect(report.query.results.first?.href.hasSuffix("/repos/west/needle-finder/") == true)
        #expect(report.query.address == "?q=needle+finder")

        let stars = try Self.stars(in: site)
        let west = stars.filter { $0.key.hasPrefix("west/") }
        #expect(report.owners == Self.owners.sorted())
        #expect(report.owner.results.count == west.count && west.count < stars.count, "\(report.owner.status)")
        #expect(report.owner.results.allSatisfy { $0.repo.hasPrefix("west/") })
        #expect(report.owner.status.contains("\(west.count)"))

        #expect(report.stars.address == "?owner=west&sort=stars")
        #expect(report.stars.results.map(\.stars) == west.values.sorted(by: >).map { Optional($0) })
        #expect(Set(report.stars.results.map(\.repo)) == Set(west.keys))

        #expect(report.console.isEmpty, "console errors: \(report.console)")
        #expect(report.axe.isEmpty, "axe-core: \(report.axe)")
    }

    /// The number of the first gallery page whose widgets show `repo`.
    static func galleryPage(showing repo: String, in site: URL) throws -> Int {
        var number = 1
        while true {
            let path = number == 1 ? "index.html" : "page/\(number)/index.html"
            let page = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            if page.contains("data-repo=\"\(repo)\"") { return number }
            number += 1
        }
    }

    /// Stars by repository, from the built snapshot.
    static func stars(in site: URL) throws -> [String: Int] {
        let snapshot = try JSONValue.decode(Data(contentsOf: site.appendingPathComponent("data/snapshot.json")))
        var stars: [String: Int] = [:]
        for repo in snapshot["repos"]?.array ?? [] {
            if let name = repo["config_name"]?.string, let count = repo["stars"]?.int { stars[name] = count }
        }
        return stars
    }
}

/// The browser suite's tools and Pagefind (`.ci/run` installs them all).
enum SearchTools {
    static let missing: [String] = {
        var missing = BrowserTools.missing
        if case .failure(let reason) = Pagefind.locate(environment: ProcessInfo.processInfo.environment) {
            missing.append("Pagefind (\(reason); pip install pagefind-bin==\(Pagefind.pinnedVersion))")
        }
        return missing
    }()

    static var shouldRun: Bool { missing.isEmpty || BrowserTools.isCI }
}
