import Foundation
import Testing

@testable import RepoWatchSite

/// `search: true` through the binary: with the real Pagefind (where installed; required under CI),
/// without any Pagefind, and with one that fails.
@Suite("End-to-end: search with Pagefind", .timeLimit(.minutes(3)))
struct SearchEndToEndTests {
    static func yaml(_ repos: [String], search: Bool = true) -> String {
        "title: Search\nsearch: \(search)\nrepos:\n" + repos.map { "  - \($0)\n" }.joined()
    }

    static let repos = ["apple/swift", "twbs/bootstrap", "octocat/Hello-World"]

    static func build(_ dir: TempDir, _ extra: [String: String] = [:]) async throws -> RunResult {
        let home = dir.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await BinaryRunner.run(
            ["build", "--sample"], in: dir.url, environment: BinaryRunner.environment(home: home, extra))
    }

    static func pageCount(_ dir: TempDir) throws -> Int? {
        let entry = try JSONValue.decode(
            Data(contentsOf: dir.url.appendingPathComponent("public/pagefind/pagefind-entry.json")))
        return entry["languages"]?["en"]?["page_count"]?.int
    }

    @Test(
        "the index ships with the site, counts only the repository pages, and follows site.yml from build to build",
        .enabled(if: SearchTools.pagefindFound || BrowserTools.isCI, "needs Pagefind: pip install pagefind-bin"))
    func realPagefind() async throws {
        let dir = try TempDir("search-real")
        defer { dir.remove() }
        try dir.write("site.yml", Self.yaml(Self.repos))
        let first = try await Self.build(dir)
        try #require(first.status == 0, "\(first)")
        #expect(!first.stderr.contains("search: true"), "no warning about search: \(first.stderr)")
        let site = dir.url.appendingPathComponent("public")
        for file in ["pagefind/pagefind.js", "pagefind/LICENSE.txt", "search/index.html", "assets/search.js"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "no \(file)")
        }
        #expect(try Self.pageCount(dir) == Self.repos.count)
        // Each page's text names its language once: the visible name beside "Primary language: …" is left out.
        for line in try await Self.indexedText(site).split(separator: "\n") {
            let fragment = try JSONValue.decode(Data(line.dropFirst("pagefind_dcd".count).utf8))
            let content = fragment["content"]?.string ?? ""
            if let language = fragment["meta"]?["language"]?.string {
                #expect(content.contains(": \(language).") && !content.contains(language + language), "\(content)")
            }
        }

        // Twice more with one repository fewer: the third build writes over the first site, kept aside,
        // whose page of the removed repository must not reach the index.
        try dir.write("site.yml", Self.yaml(Array(Self.repos.dropLast())))
        for _ in 0..<2 {
            let again = try await Self.build(dir)
            try #require(again.status == 0, "\(again)")
            #expect(try Self.pageCount(dir) == Self.repos.count - 1)
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("repos/octocat").path))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
            $0.hasPrefix(".public")
        }
        #expect(Set(hidden).isSubset(of: [".public.recycled", ".public.lock"]), "\(hidden)")
    }

    /// The words Pagefind indexed: every fragment of the bundle, unzipped (Pagefind gzips them, so a
    /// plain search of the output's bytes would not see a name inside).
    static func indexedText(_ site: URL) async throws -> String {
        let script = """
            import glob, gzip, sys
            for name in sorted(glob.glob(sys.argv[1] + "/pagefind/fragment/*.pf_fragment")):
                print(gzip.decompress(open(name, "rb").read()).decode("utf-8"))
            """
        let run = try await BrowserTools.run("python3", ["-c", script, site.path])
        try #require(run.status == 0, "\(run)")
        return run.output
    }

    @Test(
        "a private repository is in no page of the index; `private: include` indexes it; off again, it leaves",
        .enabled(if: SearchTools.pagefindFound || BrowserTools.isCI, "needs Pagefind: pip install pagefind-bin"))
    func privateRepositories() async throws {
        let site = try PrivateSite("search-private", site: "search: true\n" + PrivateRoutes.site)
        defer { site.dir.remove() }
        let server = try await FixtureServer.start(routes: PrivateRoutes.routes())
        defer { server.stop() }
        for (include, count) in [(false, 1), (true, 2), (false, 1)] {
            try site.rewrite("search: true\n" + (include ? "private: include\n" : "") + PrivateRoutes.site)
            let built = try await site.build(server)
            try #require(built.status == 0 && !built.stderr.contains("without search"), "\(built)")
            #expect(try Self.pageCount(site.dir) == count)
            let indexed = try await Self.indexedText(site.output).lowercased()
            #expect(indexed.contains("\"url\":\"/repos/octocat/hello-world/\""), "\(indexed)")
            #expect(indexed.contains("beaversoftware") == include, "\(indexed)")
        }
    }

    @Test("without Pagefind: one warning, exit 0, a whole site without search")
    func missingPagefind() async throws {
        let dir = try TempDir("search-missing")
        defer { dir.remove() }
        try dir.write("site.yml", Self.yaml(Self.repos))
        let empty = dir.url.appendingPathComponent("empty-path")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try await Self.build(dir, ["PATH": empty.path])
        #expect(run.status == 0, "\(run)")
        let warnings = run.stderr.components(separatedBy: "\n").filter { $0.contains("search: true") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("Pagefind is not installed") == true)
        #expect(warnings.first?.contains("pip install pagefind-bin==\(Pagefind.pinnedVersion)") == true)
        let site = dir.url.appendingPathComponent("public")
        for file in ["pagefind", "search/index.html", "assets/search.js"] {
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(file)")
        }
        let page = try String(contentsOf: site.appendingPathComponent("repos/apple/swift/index.html"), encoding: .utf8)
        #expect(!page.contains("data-pagefind") && !page.contains("search/index.html"))
        #expect(
            FileManager.default.fileExists(atPath: site.appendingPathComponent("repos/twbs/bootstrap/large.html").path))
    }

    @Test("a Pagefind that fails: the build fails, says why, and the previous site stays as it was")
    func failingPagefind() async throws {
        let dir = try TempDir("search-failing")
        defer { dir.remove() }
        try dir.write("site.yml", Self.yaml(Self.repos, search: false))
        let before = try await Self.build(dir)
        try #require(before.status == 0, "\(before)")
        let index = dir.url.appendingPathComponent("public/index.html")
        let published = try Data(contentsOf: index)

        let script = try PagefindTests.fake(dir.url, body: "echo 'Error: cannot parse page' >&2; exit 4")
        try dir.write("site.yml", Self.yaml(Self.repos))
        let run = try await Self.build(dir, ["REPOWATCH_PAGEFIND": script.path])
        #expect(run.status != 0 && run.status != 2, "\(run)")
        #expect(
            run.stderr.contains("failed with exit status 4") && run.stderr.contains("Error: cannot parse page"),
            "\(run)")
        #expect(try Data(contentsOf: index) == published, "the previous site was replaced")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("public/search").path))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
            $0.hasPrefix(".public")
        }
        #expect(!hidden.contains { $0.contains("building") }, "\(hidden)")
    }
}

extension SearchTools {
    static let pagefindFound: Bool = {
        if case .success = Pagefind.locate(environment: ProcessInfo.processInfo.environment) { return true }
        return false
    }()
}
