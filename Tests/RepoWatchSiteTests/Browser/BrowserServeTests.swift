import Foundation
import Testing

/// `serve`'s live reload under the pages' Content-Security-Policy, in a real browser: the script is
/// a file of the site's origin, its WebSocket is `connect-src 'self'`, its error overlay is styled
/// through the CSSOM; none of it may trip the policy the header and the `<meta>` enforce together.
@Suite(
    "Browser: serve's live reload under the Content-Security-Policy", .serialized, .timeLimit(.minutes(10)),
    .enabled(
        if: BrowserTools.shouldRun,
        "needs \(BrowserTools.missing.joined(separator: ", ")): \(BrowserTools.installHint)"))
struct BrowserServeTests {
    struct Report: Decodable {
        struct Overlay: Decodable {
            var position: String
            var role: String?
            var text: String
        }
        var connected: Bool?
        var cspLoaded: [String]?
        var overlay: Overlay?
        var cspError: [String]?
        var console: [String]?

        enum CodingKeys: String, CodingKey {
            case connected, overlay, console
            case cspLoaded = "csp_loaded"
            case cspError = "csp_error"
        }
    }

    @Test("the page connects, shows a failed rebuild's error, and no policy violation happens")
    func liveReloadUnderThePolicy() async throws {
        if !BrowserTools.missing.isEmpty {
            throw BrowserToolsError(description: "missing \(BrowserTools.missing): \(BrowserTools.installHint)")
        }
        let (dir, server, port, path) = try await ServeTests.start("browser-serve")
        defer { dir.remove() }
        let report = try await BrowserTools.runCheck(
            "check_serve.py",
            [
                "--url", "http://127.0.0.1:\(port)\(path)", "--site-yml",
                dir.url.appendingPathComponent("site.yml").path,
            ],
            report: dir.url.appendingPathComponent("serve-report.json"), as: Report.self, note: server.stderr)
        #expect(report.connected == true, "the live-reload socket never opened")
        #expect(report.cspLoaded == [], "violations on load: \(report.cspLoaded ?? [])")
        #expect(
            report.overlay?.position == "fixed" && report.overlay?.role == "alert",
            "\(String(describing: report.overlay))")
        #expect(report.overlay?.text.contains("site.yml:2:") == true, "\(String(describing: report.overlay))")
        #expect(report.cspError == [], "violations after the failed rebuild: \(report.cspError ?? [])")
        #expect(report.console == [], "console errors: \(report.console ?? [])")
        #expect(await server.interrupt() == 0)
    }
}

/// A browsing session through one `serve`, in a real browser (Tests/Browser/check_browse.py): every page
/// opens and closes the live-reload socket, and each page after must still load whole.
@Suite(
    "Browser: a browsing session through serve", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: SearchTools.shouldRun, "needs \(SearchTools.missing.joined(separator: ", "))"))
struct BrowserSessionTests {
    struct Report: Decodable {
        struct Page: Decodable {
            var how: String
            var url: String
        }
        var pages: [Page]
        var problems: [String]
        var reloaded: Bool?
    }

    @Test("24 pages clicked (gallery, repository, widget, double, search; back and forward), each whole; then a reload")
    func clickThrough() async throws {
        let dir = try TempDir("browser-session")
        defer { dir.remove() }
        try dir.write("site.yml", ServeTests.site + "search: true\n")
        let server = try ServeProcess(["--sample", "--port", "0"], in: dir.url)
        let url = try await server.waitForURL()
        let report = try await BrowserTools.runCheck(
            "check_browse.py",
            [
                "--url", url.absoluteString, "--site-yml", dir.url.appendingPathComponent("site.yml").path, "--pages",
                "24",
            ],
            report: dir.url.appendingPathComponent("browse-report.json"), as: Report.self,
            note: String(server.stderr.suffix(2000)))
        #expect(report.problems == [], "\(report.problems)")
        // The gallery (open), then 24 more: a repository page, a widget document, the double widget's page,
        // the search page, back and forward, all under the one process.
        #expect(report.pages.count >= 25, "\(report.pages.map(\.how))")
        for kind in ["repos/", "medium.html", "widgets/", "search/"] {
            #expect(report.pages.contains { $0.url.contains(kind) }, "no \(kind) page")
        }
        #expect(report.pages.contains { $0.how == "back" } && report.pages.contains { $0.how == "forward" })
        #expect(report.reloaded == true, "live reload did not fire after the last page")
        #expect(await server.interrupt() == 0)
    }
}
