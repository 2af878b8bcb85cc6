import ArgumentParser
import Foundation
import RepoWatchConfig
import RepoWatchScaffold
import RepoWatchSite

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: site.yml, .gitignore and a GitHub Pages workflow.",
        discussion: """
            Writes site.yml (the RepoWatcher app's default repositories and widgets), a .gitignore for \
            public/ and .repowatch/, and .github/workflows/repowatch.yml, which rebuilds the site with live \
            data on a schedule (from site.yml's `refresh`), on push and on demand, and deploys it to GitHub \
            Pages. Nothing is written when any of these files exists, unless --force is given; then each \
            file it replaces with other contents is kept first as NAME.bak (NAME.bak.2, … when taken).

            --workflow rewrites only .github/workflows/repowatch.yml, from the site.yml already in the \
            folder: its schedule follows `refresh` (change `refresh`, run `init --workflow`, commit). \
            `repowatch-site check` warns when the two disagree. With `notify:` targets in site.yml it also \
            writes a job that sends the notifications once the deploy has succeeded, each webhook URL from \
            the repository secret its `url_env` names.

            Next: `repowatch-site serve --sample` to preview, then push to GitHub (and set \
            Settings → Pages → Source to GitHub Actions) or run `repowatch-site publish`.
            """)

    @Argument(help: ArgumentHelp("The folder for the new site (created if needed).", valueName: "dir"))
    var directory = "."

    @Flag(help: "Replace files that already exist, keeping each as NAME.bak first.")
    var force = false

    @Flag(help: "Rewrite only the Pages workflow, its schedule from site.yml's `refresh`; touch nothing else.")
    var workflow = false

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        if workflow && force {
            throw ValidationError("--workflow rewrites only the workflow; it needs no --force")
        }
    }

    func run() async throws {
        let url = URL(fileURLWithPath: directory)
        if workflow {
            let config = url.appendingPathComponent("site.yml").path
            let update = try await runReportingErrors(config: config) {
                let site = try ConfigLoader.load(path: config).config
                return try SiteScaffold.writeWorkflow(in: url, refresh: site.refresh, notify: site.notify.map(\.urlEnv))
            }
            let was = update.previousCron.map { $0 == update.cron ? " (unchanged)" : " (was \"\($0)\")" } ?? ""
            quietOption.say("wrote \(update.path): schedule \"\(update.cron)\" from site.yml's refresh\(was)")
            return
        }
        let written = try await runReportingErrors { try SiteScaffold(directory: url, force: force).run() }
        for backup in written.backups { quietOption.say("kept the previous \(backup.file) as \(backup.copy)") }
        for path in written.files { quietOption.say("wrote \(path)") }
        let move = directory == "." ? "" : "cd \(directory) && "
        quietOption.say("Next: \(move)repowatch-site serve --sample")
    }
}
