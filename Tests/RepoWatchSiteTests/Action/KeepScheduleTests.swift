import Foundation
import Testing
import Yams

@testable import RepoWatchScaffold

/// The job of the generated workflow that keeps its schedule from being switched off after 60 quiet
/// days, run as a runner would run it against a stub of GitHub's REST API on 127.0.0.1.
@Suite("The generated workflow keeps its schedule on", .timeLimit(.minutes(2)))
struct KeepScheduleTests {
    static let token = "ghs_keepScheduleToken0123456789abcdef"
    static let enablePath = "/repos/me/watch/actions/workflows/repowatch.yml/enable"

    static func job() throws -> Node {
        let text = try #require(SiteScaffold.files().first { $0.path == PagesWorkflow.path }?.text)
        let workflow = try #require(try Yams.compose(yaml: text))
        return try #require(workflow["jobs"]?["keep-schedule"])
    }

    /// Runs the job with GitHub's environment for a scheduled run of me/watch's repowatch.yml.
    static func run(against api: FixtureServer, in root: TempDir) throws -> (WorkflowRunner, Error?) {
        let workspace = root.url.appendingPathComponent("workspace")
        let temp = root.url.appendingPathComponent("temp")
        for folder in [workspace, temp] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let runner = WorkflowRunner(
            workspace: workspace, temp: temp,
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root.url.path,
                "GITHUB_ACTIONS": "true", "GITHUB_API_URL": api.base, "GITHUB_REPOSITORY": "me/watch",
                "GITHUB_WORKFLOW_REF": "me/watch/.github/workflows/repowatch.yml@refs/heads/main",
                "GITHUB_EVENT_NAME": "schedule", "RUNNER_OS": "Linux",
            ],
            github: ["token": token, "event_name": "schedule", "repository": "me/watch"])
        do {
            try runner.run(job: try job(), workflowEnv: nil)
            return (runner, nil)
        } catch {
            return (runner, error)
        }
    }

    @Test("scheduled runs only, with actions: write and nothing else")
    func shape() throws {
        let job = try Self.job()
        for (event, runs) in [("schedule", true), ("push", false), ("workflow_dispatch", false)] {
            let context = WorkflowExpression(values: ["github.event_name": event])
            #expect(try context.condition(job["if"]?.string) == runs, "\(event)")
        }
        let permissions = try #require(job["permissions"]?.mapping)
        #expect(permissions.count == 1 && permissions["actions"]?.string == "write", "\(permissions)")
        #expect(job["needs"] == nil, "it runs even when the build fails")
    }

    @Test("PUT …/actions/workflows/repowatch.yml/enable, the token in its header and nowhere else")
    func enables() async throws {
        let root = try TempDir("keep-schedule")
        defer { root.remove() }
        let api = try await FixtureServer.start(routes: [
            FixtureRoute(method: "PUT", path: Self.enablePath, query: nil, responses: [.empty(status: 204)])
        ])
        defer { api.stop() }
        let (runner, error) = try Self.run(against: api, in: root)
        #expect(error == nil, "\(String(describing: error))\n\(runner.transcript)")
        #expect(runner.log == ["Re-enable this workflow"])

        let requests = try await api.requests()
        #expect(requests.map { "\($0.method) \($0.path)" } == ["PUT \(Self.enablePath)"])
        let request = try #require(requests.first)
        #expect(request.header("authorization") == "Bearer \(Self.token)")
        #expect(request.header("accept") == "application/vnd.github+json")
        #expect(request.header("x-github-api-version") == "2022-11-28")
        #expect(runner.transcript.contains("repowatch.yml is enabled"), "\(runner.transcript)")
        #expect(!runner.transcript.contains(Self.token))
    }

    @Test("GitHub refuses (403): the job fails and shows GitHub's message")
    func refused() async throws {
        let root = try TempDir("keep-schedule-403")
        defer { root.remove() }
        let message = "Resource not accessible by integration"
        let api = try await FixtureServer.start(routes: [
            FixtureRoute(
                method: "PUT", path: Self.enablePath, query: nil,
                responses: [.json(["message": .string(message)], status: 403)])
        ])
        defer { api.stop() }
        let (runner, error) = try Self.run(against: api, in: root)
        #expect(error != nil, "a refused request must fail the job: \(runner.transcript)")
        #expect(runner.transcript.contains(message), "\(runner.transcript)")
        #expect(!runner.transcript.contains(Self.token))
    }
}
