import Foundation
import Testing
import Yams

@testable import RepoWatchConfig
@testable import RepoWatchModel
@testable import RepoWatchScaffold
@testable import RepoWatchSite
@testable import RepoWatchSupport

@Suite("init: site.yml, .gitignore and the Pages workflow")
struct ScaffoldTests {
    @Test(
        "refresh → cron, never more often than GitHub allows and never less often than asked",
        arguments: [
            ("12h", "17 */12 * * *"), ("6h", "17 */6 * * *"), ("1h", "17 * * * *"), ("5h", "17 */4 * * *"),
            ("30m", "*/30 * * * *"), ("1m", "*/5 * * * *"), ("45m", "*/30 * * * *"), ("1d", "17 0 * * *"),
            ("3d", "17 0 */3 * *"), ("2w", "17 0 * * 0"), ("90m", "17 * * * *"),
        ])
    func cron(_ refresh: String, _ expected: String) throws {
        let seconds = try #require(SiteConfig.parseDuration(refresh))
        #expect(CronSchedule.expression(every: seconds) == expected)
    }

    @Test("in an empty folder: the three files; site.yml is the app's defaults and loads cleanly")
    func writesFiles() throws {
        let dir = try temporaryDirectory().appendingPathComponent("new-site")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let written = try SiteScaffold(directory: dir, force: false).run()
        #expect(written.files == ["site.yml", ".gitignore", ".github/workflows/repowatch.yml"])
        #expect(written.backups.isEmpty)

        let loaded = try ConfigLoader.load(path: dir.appendingPathComponent("site.yml").path)
        #expect(loaded.warnings.isEmpty)
        let config = loaded.config
        #expect(
            config.repos.map(\.description) == [
                "sallen0400/swift-news", "apple/swift", "kudoleh/iOS-Clean-Architecture-MVVM",
            ])
        let singles = config.widgets.compactMap { widget -> String? in
            if case .single(let name, _) = widget.kind { return name.description }
            return nil
        }
        #expect(singles == config.repos.map(\.description))
        let doubles = config.widgets.compactMap { widget -> String? in
            if case .double(_, let top, let bottom) = widget.kind { return "\(top) over \(bottom)" }
            return nil
        }
        #expect(doubles == ["apple/swift over kudoleh/iOS-Clean-Architecture-MVVM"])

        let ignore = try String(contentsOf: dir.appendingPathComponent(".gitignore"), encoding: .utf8)
        let rules = ignore.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rules == ["public/", ".repowatch/", ".public.lock"])
    }

    @Test("the workflow: every trigger, least privilege per job, the Pages concurrency group, one step for the tool")
    func workflow() throws {
        let text = PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h")
        let root = try #require(try Yams.compose(yaml: text))

        // `on` is a YAML 1.1 boolean to some parsers; GitHub reads it as the key "on", so look it up as text.
        let triggers = try #require(root.mapping?.first { $0.key.string == "on" }?.value)
        #expect(triggers["schedule"]?[0]?["cron"]?.string == "17 */12 * * *")
        #expect(triggers["push"] != nil)
        #expect(triggers.mapping?.keys.contains { $0.string == "workflow_dispatch" } == true)

        // Nothing at the top; the build reads, only the deploy writes to Pages and mints an OIDC token.
        #expect(root["permissions"]?.mapping?.isEmpty == true)
        let build = try #require(root["jobs"]?["build"])
        let deploy = try #require(root["jobs"]?["deploy"])
        #expect(permissions(build) == ["contents": "read", "pages": "read"])
        #expect(permissions(deploy) == ["pages": "write", "id-token": "write"])
        #expect(root["concurrency"]?["group"]?.string == "pages")
        #expect(root["concurrency"]?["cancel-in-progress"]?.bool == false)

        let steps = try #require(build["steps"]?.sequence).map { $0 }
        func step(uses prefix: String) -> Node? { steps.first { $0["uses"]?.string?.hasPrefix(prefix) == true } }
        let indexOf = { (node: Node) in steps.firstIndex { $0 == node } ?? -1 }
        #expect(steps.allSatisfy { $0["run"] == nil }, "no script: the action does the work")
        #expect(build["container"] == nil, "no Swift container: the action installs a portable binary")

        // Every `uses:` names a current major version; our action is named once, at @v1.
        let uses = steps.compactMap { $0["uses"]?.string } + [deploy["steps"]?[0]?["uses"]?.string ?? ""]
        #expect(
            Set(uses)
                == [
                    "actions/checkout@v7", "actions/cache@v6", "actions/configure-pages@v6",
                    "repowatch-site/repowatch-site@v1", "actions/upload-pages-artifact@v5", "actions/deploy-pages@v5",
                ])
        #expect(text.components(separatedBy: PagesWorkflow.actionRepository).count == 2)

        let checkout = try #require(step(uses: "actions/checkout@"))
        #expect(checkout["with"]?["persist-credentials"]?.bool == false)
        let cache = try #require(step(uses: "actions/cache@"))
        #expect(cache["with"]?["path"]?.string == ".repowatch/")
        #expect(cache["with"]?["restore-keys"] != nil, "the previous run's cache is restored")
        let pages = try #require(step(uses: "actions/configure-pages@"))
        let site = try #require(step(uses: PagesWorkflow.actionRepository + "@"))
        #expect(site["with"]?["config"]?.string == "site.yml")
        #expect(site["with"]?["args"]?.string == "--base-url ${{ steps.pages.outputs.base_url }}/")
        #expect(pages["id"]?.string == "pages" && site["id"]?.string == "site")
        #expect(indexOf(cache) < indexOf(site) && indexOf(pages) < indexOf(site))

        let upload = try #require(step(uses: "actions/upload-pages-artifact@"))
        #expect(upload["with"]?["path"]?.string == "${{ steps.site.outputs.site-path }}")
        #expect(upload["with"]?["include-hidden-files"]?.bool == true)
        #expect(indexOf(site) < indexOf(upload))

        #expect(deploy["needs"]?.string == "build")
        #expect(deploy["environment"]?["name"]?.string == "github-pages")
    }

    private func permissions(_ job: Node) -> [String: String] {
        var found: [String: String] = [:]
        for (key, value) in job["permissions"]?.mapping ?? [:] {
            if let key = key.string, let value = value.string { found[key] = value }
        }
        return found
    }

    @Test("the workflow template: every placeholder filled, once, and a value is never read as one")
    func workflowPlaceholders() {
        let text = PagesWorkflow.text(refresh: 12 * 3600, refreshText: "<cache>")
        #expect(text.contains("# site.yml refresh: <cache>\n"))
        #expect(text.firstMatch(of: /<[a-z-]+>/)?.output == "<cache>")
        #expect(PagesWorkflow.fill("<a><b> <c> <", ["a": "<b>", "b": "2"]) == "<b>2 <c> <")
    }

    @Test("a second init refuses, names the files and changes nothing; --force overwrites")
    func refusesExisting() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SiteScaffold(directory: dir, force: false).run()
        let site = dir.appendingPathComponent("site.yml")
        try Data("title: Mine\nrepos: [a/b]\n".utf8).write(to: site)
        #expect {
            try SiteScaffold(directory: dir, force: false).run()
        } throws: { error in
            let text = String(describing: error)
            return error is UsageError && text.contains("site.yml") && text.contains("--force")
        }
        #expect(try String(contentsOf: site, encoding: .utf8) == "title: Mine\nrepos: [a/b]\n")

        // Only .gitignore present (a fresh GitHub repository): still refused, nothing written.
        let other = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        try Data("*.o\n".utf8).write(to: other.appendingPathComponent(".gitignore"))
        #expect(throws: UsageError.self) { try SiteScaffold(directory: other, force: false).run() }
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("site.yml").path))

        // --force keeps what it replaces: the edited site.yml beside it; an unchanged file needs no copy.
        let forced = try SiteScaffold(directory: dir, force: true).run()
        #expect(try String(contentsOf: site, encoding: .utf8) == DefaultSiteFile.text)
        #expect(forced.backups.map(\.file) == ["site.yml"] && forced.backups.map(\.copy) == ["site.yml.bak"])
        let kept = dir.appendingPathComponent("site.yml.bak")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "title: Mine\nrepos: [a/b]\n")
        // A second edit and --force: the first copy stays, the new one takes the next name.
        try Data("title: Again\nrepos: [c/d]\n".utf8).write(to: site)
        let again = try SiteScaffold(directory: dir, force: true).run()
        #expect(again.backups.map(\.copy) == ["site.yml.bak.2"])
        #expect(try String(contentsOf: kept, encoding: .utf8) == "title: Mine\nrepos: [a/b]\n")
        let second = dir.appendingPathComponent("site.yml.bak.2")
        #expect(try String(contentsOf: second, encoding: .utf8) == "title: Again\nrepos: [c/d]\n")
    }

    @Test("init --workflow: only the workflow, its cron from refresh; site.yml and .gitignore untouched")
    func workflowOnly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SiteScaffold(directory: dir, force: false).run()
        let site = dir.appendingPathComponent("site.yml")
        let edited = try String(contentsOf: site, encoding: .utf8).replacingOccurrences(
            of: "refresh: 12h", with: "refresh: 6h")
        #expect(edited.contains("refresh: 6h"))
        try Data(edited.utf8).write(to: site)
        let ignore = try Data(contentsOf: dir.appendingPathComponent(".gitignore"))
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()

        let update = try SiteScaffold.writeWorkflow(in: dir, refresh: 6 * 3600)
        #expect(update.previousCron == "17 */12 * * *" && update.cron == "17 */6 * * *")
        let workflow = try String(contentsOf: dir.appendingPathComponent(PagesWorkflow.path), encoding: .utf8)
        #expect(workflow == PagesWorkflow.text(refresh: 6 * 3600, refreshText: "6h"))
        #expect(workflow.contains("- cron: \"17 */6 * * *\"   # site.yml refresh: 6h"))
        #expect(try String(contentsOf: site, encoding: .utf8) == edited)
        #expect(try Data(contentsOf: dir.appendingPathComponent(".gitignore")) == ignore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        let workflows = try FileManager.default.contentsOfDirectory(
            atPath: dir.appendingPathComponent(".github/workflows").path)
        #expect(workflows == ["repowatch.yml"])
    }

    @Test("a workflow whose cron no longer matches refresh is a warning at its cron; a matching one is not")
    func scheduleDrift() throws {
        let twelve = PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h")
        let drift = try #require(PagesWorkflow.scheduleDrift(workflow: twelve, file: "wf.yml", refresh: 6 * 3600))
        #expect(drift.severity == .warning && drift.line == 9 && drift.column == 5)
        #expect(drift.message.contains("\"17 */12 * * *\"") && drift.message.contains("\"17 */6 * * *\""))
        #expect(drift.message.contains("init --workflow"))
        #expect(PagesWorkflow.scheduleDrift(workflow: twelve, file: "wf.yml", refresh: 12 * 3600) == nil)
        #expect(PagesWorkflow.scheduleDrift(workflow: "on: push\n", file: "wf.yml", refresh: 3600) == nil)
        for (seconds, text) in [(6.0 * 3600, "6h"), (30 * 60, "30m"), (2 * 86_400, "2d"), (90, "90s")] {
            #expect(PagesWorkflow.refreshText(seconds) == text)
        }
    }
}
