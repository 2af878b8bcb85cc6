import Foundation
import Testing
import Yams

@testable import RepoWatchScaffold

/// The workflow `init --workflow` writes for a site.yml with `notify:` targets: the notifications go
/// in a job after the deploy (a failed deploy sends nothing), the webhook URLs only through `env:`
/// from secrets, the queue from the build by artifact and what was sent back by a cache of its own.
@Suite("init --workflow: the notify job")
struct NotifyWorkflowTests {
    static let text = PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h", notify: ["SLACK_HOOK", "TEAMS_HOOK"])

    func jobs() throws -> Node {
        try #require(try Yams.compose(yaml: Self.text)?["jobs"])
    }

    func steps(_ job: Node?) -> [Node] { Array(job?["steps"]?.sequence ?? []) }

    @Test("a site without notify: gets the workflow it always had")
    func withoutTargets() {
        #expect(
            PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h", notify: [])
                == PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h"))
        #expect(!PagesWorkflow.text(refresh: 12 * 3600, refreshText: "12h").contains("notify"))
    }

    @Test("notify runs after the deploy, with the build's queue and the site's address")
    func afterTheDeploy() throws {
        let jobs = try jobs()
        let notify = try #require(jobs["notify"])
        #expect(notify["needs"]?.sequence?.compactMap(\.string) == ["build", "deploy"])
        #expect(notify["if"] == nil, "runs only when build and deploy succeeded")
        #expect(jobs["build"]?["outputs"]?["base-url"]?.string == "${{ steps.pages.outputs.base_url }}")
        let steps = steps(notify)
        let download = try #require(steps.first { $0["uses"]?.string?.hasPrefix("actions/download-artifact@") == true })
        let upload = try #require(
            self.steps(jobs["build"]).first { $0["uses"]?.string?.hasPrefix("actions/upload-artifact@") == true })
        #expect(download["with"]?["name"]?.string == upload["with"]?["name"]?.string)
        #expect(upload["with"]?["path"]?.string == ".repowatch/notify/")
        let send = try #require(steps.first { $0["with"]?["command"]?.string == "notify" })
        #expect(send["with"]?["args"]?.string == "--base-url ${{ needs.build.outputs.base-url }}/")
    }

    @Test("each webhook URL from its secret through env:, nowhere else")
    func secrets() throws {
        let notify = try #require(try jobs()["notify"])
        let send = try #require(steps(notify).first { $0["with"]?["command"]?.string == "notify" })
        #expect(send["env"]?["SLACK_HOOK"]?.string == "${{ secrets.SLACK_HOOK }}")
        #expect(send["env"]?["TEAMS_HOOK"]?.string == "${{ secrets.TEAMS_HOOK }}")
        let mentions = Self.text.components(separatedBy: "secrets.").count - 1
        #expect(mentions == 2, "secrets appear only in the send step's env")
    }

    @Test("what was sent goes back by a cache the next build restores over its own")
    func sentLog() throws {
        let jobs = try jobs()
        let save = try #require(
            steps(jobs["notify"]).first { $0["uses"]?.string?.hasPrefix("actions/cache/save@") == true })
        #expect(save["with"]?["path"]?.string == ".repowatch/notify/sent.json")
        #expect(save["with"]?["key"]?.string == "notify-sent-${{ github.run_id }}")
        let build = steps(jobs["build"])
        let main = try #require(build.firstIndex { $0["uses"]?.string?.hasPrefix("actions/cache@") == true })
        let restore = try #require(build.firstIndex { $0["uses"]?.string?.hasPrefix("actions/cache/restore@") == true })
        let site = try #require(build.firstIndex { $0["id"]?.string == "site" })
        #expect(main < restore && restore < site, "the log is restored over the cache's copy, before the build")
        #expect(build[restore]["with"]?["restore-keys"]?.string == "notify-sent-")
    }
}
