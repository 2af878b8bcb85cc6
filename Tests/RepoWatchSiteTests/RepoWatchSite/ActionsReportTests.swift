import Foundation
import Synchronization
import Testing

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchNetwork
@testable import RepoWatchSite
@testable import RepoWatchSources
@testable import RepoWatchSupport

/// What a build reports beyond stderr: the step summary's Markdown, annotations on the config's lines,
/// the plurals of its last lines, and `--strict`.
@Suite("Build reports: step summary, annotations, plurals, --strict")
struct ActionsReportTests {
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func result(_ repos: [RepoSnapshot], sample: Bool = false) -> BuildResult {
        var result = BuildResult(
            snapshot: Snapshot(generatedAt: Self.now, nextUpdate: Self.now, sample: sample, repos: repos),
            requests: sample
                ? nil : RequestLedger.Counts(requests: 27, notModified: 20, quotaRemaining: 4963, quotaLimit: 5000),
            output: URL(fileURLWithPath: "/tmp/public"), fileCount: 40)
        result.unchangedCount = 30
        result.elapsed = 3.5
        result.baseURL = URL(string: "https://me.github.io/watch/")
        var counts = OpenCountsFetcher.Report()
        counts.remaining = 4990
        counts.limit = 5000
        result.openCounts = sample ? nil : counts
        return result
    }

    func sampleRepo(_ name: String) -> RepoSnapshot {
        SampleData.snapshot(for: RepoName.parse(name).value!, now: Self.now)
    }

    @Test("the summary: repositories fresh, stale, unavailable; requests, 304s, both quotas, time, the URL")
    func summaryNumbers() {
        var stale = sampleRepo("a/stale")
        stale.stale = true
        stale.staleness = "HTTP 502 <b>Bad Gateway</b> | retry"
        let gone = RepoSnapshot.unavailable(RepoName.parse("a/gone").value!, reason: "not found\n## injected")
        let markdown = StepSummary(result: result([sampleRepo("a/fresh"), stale, gone])).markdown
        #expect(
            markdown.hasPrefix("### repowatch-site: site built, with repositories missing (exit 1)\n"), "\(markdown)")
        #expect(markdown.contains("Site: [https://me.github.io/watch/](<https://me.github.io/watch/>)"))
        #expect(markdown.contains("| 3 | 1 | 1 | 1 | 10 | 30 | 3.5 s |"), "\(markdown)")
        #expect(markdown.contains("| 27 | 20 | 4,963 of 5,000 | 4,990 of 5,000 |"), "\(markdown)")
        #expect(markdown.contains("- `a/gone`: not found \\#\\# injected"), "one line, no heading: \(markdown)")
        #expect(
            markdown.contains("- `a/stale`: HTTP 502 &lt;b&gt;Bad Gateway&lt;/b&gt; \\| retry; data as of"),
            "\(markdown)")
        #expect(!markdown.contains("<b>") && !markdown.contains("\n## "))
    }

    @Test("pending repositories are counted apart from unavailable ones, as the last lines count them (exit 0)")
    func pendingApart() {
        let pending = (1...4).map { RepoSnapshot.pending(RepoName.parse("a/later\($0)").value!) }
        let built = result([sampleRepo("a/fresh")] + pending)
        #expect(built.exitCode == 0)
        let markdown = StepSummary(result: built).markdown
        #expect(markdown.hasPrefix("### repowatch-site: site built\n"), "no 'missing (exit 1)': \(markdown)")
        #expect(markdown.contains("| Repositories | Fresh | Stale | Unavailable | Pending |"), "\(markdown)")
        #expect(markdown.contains("| 5 | 1 | 0 | 0 | 4 | 10 | 30 | 3.5 s |"), "\(markdown)")
        #expect(!markdown.contains("Unavailable (no data)"), "\(markdown)")
        #expect(markdown.contains("**Pending") && markdown.contains("- `a/later4`"), "\(markdown)")
        let log = MemoryLog()
        Build(options: BuildOptions(), log: log).report(built, elapsed: 1)
        #expect(
            log.messages.contains { $0.contains("(1 fresh, 0 stale, 0 unavailable, 4 pending)") }, "\(log.messages)")
    }

    @Test("a sample build has no request table; a long list is cut with a count")
    func sampleAndLongLists() {
        let sample = StepSummary(result: result([sampleRepo("a/b")], sample: true)).markdown
        #expect(sample.hasPrefix("### repowatch-site: site built\n"))
        #expect(sample.contains("| Repositories | Sample | Stale | Unavailable |"))
        #expect(sample.contains("Sample data: no requests were made.") && !sample.contains("| Requests |"))

        let many = (0..<(StepSummary.listLimit + 7)).map {
            RepoSnapshot.unavailable(RepoName.parse("o/r\($0)").value!, reason: "gone")
        }
        let long = StepSummary(result: result(many)).markdown
        #expect(long.components(separatedBy: ": gone").count - 1 == StepSummary.listLimit)
        #expect(long.contains("- … and 7 more"))
    }

    @Test("a failed build's summary lists each problem where it is, escaped")
    func failureSummary() {
        let error = DiagnosticsError(
            [
                Diagnostic(.error, file: "my.yml", line: 9, column: 3, "bad `value` <here>"),
                Diagnostic(.warning, file: "my.yml", line: 2, column: 1, "unknown key 'x'"),
            ], note: "--strict turns 1 warning into an error")
        let markdown = StepSummary.failure(error, configPath: "my.yml")
        #expect(markdown.hasPrefix("### repowatch-site: site not built\n"))
        let lines = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(lines == ["- my.yml:2:1 warning: unknown key 'x'", "- my.yml:9:3 error: bad \\`value\\` &lt;here&gt;"])
        #expect(markdown.contains("--strict turns 1 warning into an error"))
        #expect(markdown.contains("repowatch-site check --config my.yml"))
        #expect(
            StepSummary.failure(UsageError("--jobs must be at least 1"), configPath: "s.yml").contains("Error: --jobs"))
    }

    @Test("diagnostics: stderr lines in file order, and annotations on the files the repository names")
    func reporter() throws {
        let emitted = Mutex<[String]>([])
        let actions = GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/w"]) { line in
            emitted.withLock { $0.append(line) }
        }
        let log = MemoryLog()
        let reporter = DiagnosticReporter(log: log, actions: actions, configPath: "/w/site/my.yml")
        reporter.report([
            Diagnostic(.warning, file: "/w/site/my.yml", line: 7, column: 2, "later"),
            Diagnostic(.error, file: "/w/site/my.yml", line: 3, column: 9, "earlier, with: a colon"),
            Diagnostic(.warning, file: "Templates/card.mustache", line: 1, column: 1, "a template"),
        ])
        #expect(
            log.messages == [
                "/w/site/my.yml:3:9: error: earlier, with: a colon", "/w/site/my.yml:7:2: warning: later",
                "Templates/card.mustache:1:1: warning: a template",
            ])
        #expect(
            emitted.withLock { $0 } == [
                "::error file=site/my.yml,line=3,col=9::earlier, with: a colon",
                "::warning file=site/my.yml,line=7,col=2::later",
                "::warning file=site/Templates/card.mustache,line=1,col=1::a template",
            ])
    }

    @Test("a server's error message cannot break its log line, so it cannot start a workflow command")
    func serverMessageStaysOnItsLine() {
        let error = GitHubError.http(
            status: 502, message: "down\n::error file=site.yml,line=1::forged\r\n::stop-commands::x")
        #expect(!error.description.contains("\n") && !error.description.contains("\r"), "\(error)")
        #expect(error.description.hasPrefix(#"GitHub answered 502: down\n::error file=site.yml"#))
    }

    @Test("the build's last lines say 1 repository, 1 file, 1 request, 1 cache hit")
    func plurals() {
        let log = MemoryLog()
        var one = result([sampleRepo("a/b")], sample: true)
        one.fileCount = 1
        one.unchangedCount = 0
        Build(options: BuildOptions(), log: log).report(one, elapsed: 0.1)
        let line = log.messages.last ?? ""
        #expect(
            line.hasPrefix("Built 1 file (1 written, 0 unchanged)") && line.contains(": 1 repository (1 sample,"),
            "\(line)")
        let counts = RequestLedger.Counts(
            requests: 1, notModified: 0, keptAnswers: 1, quotaRemaining: 1, quotaLimit: 60)
        #expect(
            Build.accounting(counts)
                == "1 request, 0 answered 304 (no quota), 1 cache hit without a request; quota remaining 1 of 60")
    }

    @Test("--strict: a warning about site.yml stops the build before anything is fetched or written")
    func strictBuild() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("repos: [a/b]\ntitel: oops\n".utf8).write(to: folder.appendingPathComponent("site.yml"))
        var options = try BuildOptions(sample: true)
        options.configPath = folder.appendingPathComponent("site.yml").path
        options.now = Self.now
        options.strict = true
        let log = MemoryLog()
        let error = await #expect(throws: DiagnosticsError.self) { try await Build(options: options, log: log).run() }
        #expect(error?.diagnostics.map(\.message) == ["unknown key 'titel' is ignored; did you mean 'title'?"])
        #expect(error?.note == "--strict turns 1 warning into an error; nothing was written")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))

        options.strict = false
        let built = try await Build(options: options, log: log).run()
        #expect(built.exitCode == 0)
        #expect(
            log.messages.contains {
                $0.hasSuffix(
                    "warning: unknown key 'titel' is ignored; did you mean 'title'?\n    2 | titel: oops\n      | ^")
            })
    }

    @Test("check warns at notify: when site.yml has no base_url for the messages' links")
    func notifyWithoutBaseURL() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("site.yml").path
        let site = "repos: [a/b]\nnotify:\n  - format: slack\n    url_env: HOOK\n"
        try Data(site.utf8).write(to: URL(fileURLWithPath: path))
        let warnings = try Check(configPath: path).run().warnings
        #expect(warnings.map { "\($0.line):\($0.column)" } == ["2:1"])
        #expect(
            warnings.first?.message.contains("base_url") == true
                && warnings.first?.message.contains("--base-url") == true)
        try Data(("base_url: https://me.github.io/w/\n" + site).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Check(configPath: path).run().warnings.isEmpty)
    }

    @Test("check --strict fails on warnings, including a template that overrides nothing")
    func strictCheck() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("site.yml").path
        try Data("repos: [a/b]\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Check(configPath: path, strict: true).run().warnings.isEmpty)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("Templates/cards.mustache"))
        #expect(try Check(configPath: path).run().warnings.map(\.file) == ["Templates/cards.mustache"])
        let error = #expect(throws: DiagnosticsError.self) { try Check(configPath: path, strict: true).run() }
        #expect(error?.note == "--strict turns 1 warning into an error")
    }
}
