import Foundation
import Testing
import Yams

@testable import RepoWatchScaffold
@testable import RepoWatchSite
@testable import RepoWatchSupport

/// The workflow `init` writes, run before any user runs it: its build job step by step with GitHub's
/// environment, GitHub's own actions stubbed, and this project's action.yml run through its own steps
/// with the portable binary, against the fixture server.
@Suite("The generated workflow and the action, run locally", .timeLimit(.minutes(10)))
struct ActionWorkflowTests {
    static let token = "ghs_workflowRunToken0123456789abcdefXYZ"

    @Test(
        "init's build job: checkout, caches, configure-pages, the action (binary from the cache), upload; it writes a step summary and annotates a config warning on its line"
    )
    func buildJob() async throws {
        let artifacts = try await PortableBuild.shared.artifacts()
        let root = try TempDir("workflow")
        defer { root.remove() }
        let folders = ["repository", "workspace", "temp", "toolcache", "cache-store", "home", "releases"]
        for name in folders {
            try FileManager.default.createDirectory(
                at: root.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let repository = root.url.appendingPathComponent("repository")
        let workspace = root.url.appendingPathComponent("workspace")
        let store = root.url.appendingPathComponent("cache-store")
        try SiteScaffold(directory: repository, force: false).run()
        // A misspelt key: a warning, which the run shows as an annotation on line 2 of site.yml.
        try Data("title: Watch\napperance: dark\nrepos:\n  - octocat/Hello-World\n".utf8)
            .write(to: repository.appendingPathComponent("site.yml"))

        let api = try await FixtureServer.start(routes: try HistoryEndToEndTests.routes())
        defer { api.stop() }
        let pages = try await FixtureServer.start(
            routes: [.get("/watch/data/history.json", .text(HistorySeedTests.published, status: 200))],
            host: "127.0.0.2")
        defer { pages.stop() }

        // The release asset of the version the action resolves to is in the Actions cache already; the
        // release itself publishes only its checksum here, so the run cannot have downloaded the asset.
        let arch = PortableBuild.machineArchitecture()
        let binaryKey = "repowatch-site-release-v\(Version.current)-linux-\(arch)"
        try FileManager.default.createDirectory(
            at: store.appendingPathComponent(binaryKey), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: artifacts.tarball,
            to: store.appendingPathComponent(binaryKey).appendingPathComponent(artifacts.assetName))
        let release = root.url.appendingPathComponent("releases/v\(Version.current)")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: artifacts.checksum, to: release.appendingPathComponent(artifacts.assetName + ".sha256"))

        let runner = WorkflowRunner(
            workspace: workspace, temp: root.url.appendingPathComponent("temp"),
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": root.url.appendingPathComponent("home").path, "LANG": "C.UTF-8", "CI": "true",
                "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace.path, "GITHUB_API_URL": api.base,
                "RUNNER_TEMP": root.url.appendingPathComponent("temp").path,
                "RUNNER_TOOL_CACHE": root.url.appendingPathComponent("toolcache").path, "RUNNER_OS": "Linux",
                "REPOWATCH_NOW": HistoryEndToEndTests.firstNow,
                "REPOWATCH_SITE_DOWNLOAD_URL": root.url.appendingPathComponent("releases").absoluteString,
            ],
            github: ["token": Self.token, "run_id": "4242", "repository": "me/watch", "workspace": workspace.path])
        runner.compositeActions["\(PagesWorkflow.actionRepository)@\(PagesWorkflow.actionReference)"] =
            E2EPaths.packageRoot
        let uploads = UploadRecord()
        Self.stubGitHubActions(runner, repository: repository, store: store, pages: pages, uploads: uploads)

        let workflow = try #require(
            try Yams.compose(
                yaml: String(
                    contentsOf: repository.appendingPathComponent(PagesWorkflow.path), encoding: .utf8)))
        let steps: [String: [String: String]]
        do {
            #expect(workflow["jobs"]?["build"] != nil)
            let workflowFile = repository.appendingPathComponent(PagesWorkflow.path)
            // Yams' nodes are not Sendable: the job's thread reads the workflow again.
            steps = try await OwnThread.run {
                let workflow = try Yams.compose(yaml: String(contentsOf: workflowFile, encoding: .utf8))
                guard let job = workflow?["jobs"]?["build"] else { throw WorkflowError("no build job") }
                return try runner.run(job: job, workflowEnv: workflow?["env"])
            }
        } catch {
            Issue.record("\(error)\n\(runner.transcript)")
            return
        }

        #expect(
            runner.log == [
                "Check out the site", "Restore the GitHub response cache", "Configure Pages", "Build the site",
                "  Resolve the version", "  Restore the binary from the cache", "  Install repowatch-site",
                "  skipped: Save the binary in the cache", "  skipped: Prepare to build from source",
                "  skipped: Restore the build folder", "  skipped: Build repowatch-site from source",
                "  Install Pagefind for search", "  Build the site", "Upload the site",
            ], "\(runner.log)\n\(runner.transcript)")
        #expect(runner.transcript.contains("v\(Version.current) found in the cache"), "\(runner.transcript)")

        let sitePath = try #require(steps["site"]?["site-path"])
        #expect(sitePath == workspace.appendingPathComponent("public").path, "site-path must be absolute")
        #expect(uploads.paths == [sitePath])
        let snapshot = try JSONValue.decode(Data(contentsOf: URL(fileURLWithPath: sitePath + "/data/snapshot.json")))
        #expect(snapshot["sample"] == .bool(false))
        #expect(snapshot["repos"]?[0]?["full_name"] == .string("octocat/Hello-World"))
        #expect(snapshot["repos"]?[0]?["stale"] == .bool(false), "fresh data from the fixture server")

        // The token went to the API, and only there; the published history and feed were read without it.
        let apiRequests = try await api.requests().filter { !$0.isAvatar }
        #expect(!apiRequests.isEmpty)
        #expect(apiRequests.allSatisfy { $0.header("authorization") == "Bearer \(Self.token)" })
        let pageRequests = try await pages.requests()
        #expect(pageRequests.map(\.pathOnly).sorted() == ["/watch/data/history.json", "/watch/feed.xml"])
        #expect(pageRequests.allSatisfy { $0.header("authorization") == nil })
        let history = try Data(contentsOf: workspace.appendingPathComponent(".repowatch/history.json"))
        #expect(try HistoryEndToEndTests.points(history, "octocat/hello-world").map { $0[1] } == [1400, 1437])
        #expect(!runner.transcript.contains(Self.token), "the token is never printed")
        try Self.expectSummaryAndAnnotation(runner, site: pages.base + "/watch/")
    }

    /// What the run's page shows: the build's summary, and the config warning on its line of site.yml
    /// (besides the usual line on stderr).
    static func expectSummaryAndAnnotation(_ runner: WorkflowRunner, site: String) throws {
        let message = "unknown key 'apperance' is ignored; did you mean 'appearance'?"
        #expect(
            runner.annotations == [
                WorkflowAnnotation(
                    level: "warning", properties: ["file": "site.yml", "line": "2", "col": "1"], message: message)
            ], "\(runner.annotations)\n\(runner.transcript)")
        #expect(runner.transcript.contains("site.yml:2:1: warning: \(message)"), "\(runner.transcript)")
        #expect(runner.summaries.map(\.step) == ["Build the site"], "\(runner.summaries)")
        let summary = try #require(runner.summaries.first?.markdown)
        #expect(summary.hasPrefix("### repowatch-site: site built\n"), "\(summary)")
        #expect(summary.contains("Site: [\(site)](<\(site)>)"), "\(summary)")
        // Repositories, fresh, stale, unavailable; then files written and unchanged.
        #expect(summary.contains("| 1 | 1 | 0 | 0 | "), "\(summary)")
        #expect(summary.contains("| Requests | Answered 304 (free) | REST quota left | GraphQL quota left |"))
        #expect(summary.range(of: #"\n\| [1-9]\d* \| 0 \| "#, options: .regularExpression) != nil, "\(summary)")
        #expect(!summary.contains(token), "the token is never in the summary")
    }

    /// What `actions/upload-pages-artifact` was asked to upload.
    final class UploadRecord: @unchecked Sendable {
        var paths: [String] = []
    }

    static func stubGitHubActions(
        _ runner: WorkflowRunner, repository: URL, store: URL, pages: FixtureServer, uploads: UploadRecord
    ) {
        let fm = FileManager.default
        runner.stubs[PagesWorkflow.checkout] = { with, runner in
            #expect(with["persist-credentials"] == "false")
            for name in try fm.contentsOfDirectory(atPath: repository.path) {
                try fm.copyItem(
                    at: repository.appendingPathComponent(name), to: runner.workspace.appendingPathComponent(name))
            }
            return [:]
        }
        // The response cache of a first run: nothing to restore (the post-job save is not played).
        runner.stubs[PagesWorkflow.cache] = { with, _ in
            #expect(with["path"] == ".repowatch/")
            return ["cache-hit": "false"]
        }
        runner.stubs["actions/cache/restore@v6"] = { with, _ in
            let key = try #require(with["key"])
            let saved = store.appendingPathComponent(key)
            guard fm.fileExists(atPath: saved.path), let path = with["path"] else { return ["cache-hit": "false"] }
            try fm.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: saved, to: URL(fileURLWithPath: path))
            return ["cache-hit": "true", "cache-primary-key": key, "cache-matched-key": key]
        }
        runner.stubs["actions/cache/save@v6"] = { with, _ in
            Issue.record("a binary found in the cache is saved again: \(with)")
            return [:]
        }
        runner.stubs[PagesWorkflow.configurePages] = { _, _ in
            ["base_url": pages.base + "/watch", "origin": pages.base, "host": "127.0.0.2", "base_path": "/watch"]
        }
        runner.stubs[PagesWorkflow.uploadPagesArtifact] = { with, _ in
            let path = try #require(with["path"])
            #expect(with["include-hidden-files"] == "true")
            for file in ["index.html", ".nojekyll", "404.html", "data/history.json"] {
                #expect(fm.fileExists(atPath: path + "/" + file), "the artifact has no \(file)")
            }
            uploads.paths.append(path)
            return ["artifact_id": "1"]
        }
    }
}
