import Foundation
import Testing

/// A newcomer's clicks in Chromium (Tests/Browser/check_links.py): the site opened from disk, as the
/// README says, from the gallery through a repository, its widget page and back, the double widget,
/// the insights and the search page; and from a 404 three folders deep back to the gallery, under
/// `serve` at the root and under a base path, without `base_url` and with it.
@Suite(
    "Browser: links from disk and from a 404", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: SearchTools.shouldRun, "needs \(SearchTools.missing.joined(separator: ", "))"))
struct BrowserLinksTests {
    struct Report: Decodable {
        struct Step: Decodable {
            var how: String
            var kind: String
        }
        struct Landing: Decodable {
            var from: String
            var landed: String
            var expected: String
        }
        var steps: [Step]
        var problems: [String]
        var notFound: [Landing]
        var fromDisk: Bool?
        var searchMessage: String?

        enum CodingKeys: String, CodingKey {
            case steps, problems
            case notFound = "not_found"
            case fromDisk = "from_disk"
            case searchMessage = "search_message"
        }
    }

    static let site = ServeTests.site + "search: true\n"

    /// `serve --sample --port 0` in a new folder; its address, and the folder.
    func serve(_ label: String, _ extra: [String] = []) async throws -> (TempDir, ServeProcess, URL) {
        let dir = try TempDir(label)
        try dir.write("site.yml", Self.site)
        let server = try ServeProcess(["--sample", "--port", "0", "--live-reload-ping", "86400"] + extra, in: dir.url)
        return (dir, server, try await server.waitForURL())
    }

    func clicks(gallery: URL?, notFound: [(URL, URL)], in dir: TempDir) async throws -> Report {
        var arguments: [String] = []
        if let gallery { arguments += ["--gallery", gallery.absoluteString] }
        for (missing, home) in notFound {
            arguments += ["--not-found", "\(missing.absoluteString)=\(home.absoluteString)"]
        }
        return try await BrowserTools.runCheck(
            "check_links.py", arguments,
            report: dir.url.appendingPathComponent("links-report-\(UUID().uuidString).json"))
    }

    @Test("from file:// through every kind of page and back; from a 404 three folders deep to the gallery")
    func clickThrough() async throws {
        if !SearchTools.missing.isEmpty {
            throw BrowserToolsError(description: "missing \(SearchTools.missing)")
        }
        let (rootDir, rootServer, rootURL) = try await serve("links-root")
        defer { rootDir.remove() }
        let (baseDir, baseServer, baseURL) = try await serve("links-base", ["--base-path", "/watch/"])
        defer { baseDir.remove() }
        let missing = { (url: URL) in url.appendingPathComponent("gone/deeper/deepest/") }

        let gallery = rootDir.url.appendingPathComponent("public/index.html")
        let report = try await clicks(
            gallery: gallery, notFound: [(missing(rootURL), rootURL), (missing(baseURL), baseURL)], in: rootDir)
        #expect(report.problems == [], "\(report.problems)")
        #expect(report.fromDisk == true)
        let kinds = report.steps.map(\.kind)
        for kind in ["repository", "widget", "double", "insights", "search", "gallery"] {
            #expect(kinds.contains(kind), "never reached the \(kind) page: \(report.steps.map(\.how))")
        }
        #expect(
            report.searchMessage?.contains("repowatch-site serve") == true,
            "\(String(describing: report.searchMessage))")
        #expect(
            report.notFound.count == 2 && report.notFound.allSatisfy { $0.landed == $0.expected }, "\(report.notFound)")

        // With base_url (here the preview's own address), the 404 leads there.
        let base = "http://127.0.0.1:\(baseURL.port ?? 0)/watch/"
        try baseDir.write("site.yml", Self.site + "base_url: \(base)\n")
        var rebuilt = false
        for _ in 0..<2400 where !rebuilt {
            let page = try? await RawHTTP.get(port: UInt16(baseURL.port ?? 0), "/watch/gone/deeper/deepest/")
            rebuilt = page?.text.contains("<a href=\"\(base)\">") == true
            if !rebuilt { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(rebuilt, "serve did not rebuild with base_url\n\(baseServer.stderr.suffix(2000))")
        let based = try await clicks(gallery: nil, notFound: [(missing(baseURL), baseURL)], in: baseDir)
        #expect(based.problems == [], "\(based.problems)")
        #expect(
            based.notFound.count == 1 && based.notFound.allSatisfy { $0.landed == $0.expected }, "\(based.notFound)")
        #expect(await rootServer.interrupt() == 0)
        #expect(await baseServer.interrupt() == 0)
    }
}
