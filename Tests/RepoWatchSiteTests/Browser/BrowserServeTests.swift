import Foundation
import Testing

/// `serve`'s live reload under the pages' Content-Security-Policy, in a real browser: the script is
/// a file of the site's origin, its WebSocket is `connect-src 'self'`, its error overlay is styled
/// through the CSSOM; none of it may trip the policy the header and the `<meta>` enforce together.
@Suite(
    "Browser: serve's live reload under the Content-Security-Policy", .serialized, .timeLimit(.minutes(3)),
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
        let reportFile = dir.url.appendingPathComponent("serve-report.json")
        let run = try await BrowserTools.run(
            "python3",
            [
                BrowserTools.script.deletingLastPathComponent().appendingPathComponent("check_serve.py").path,
                "--url", "http://127.0.0.1:\(port)\(path)", "--site-yml",
                dir.url.appendingPathComponent("site.yml").path,
                "--report", reportFile.path,
            ])
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: reportFile))
        #expect(run.status == 0, "check_serve.py: \(run)\n\(server.stderr)")
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
