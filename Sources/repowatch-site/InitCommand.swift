import ArgumentParser
import Foundation
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
            Pages. Nothing is written when any of these files exists, unless --force is given.

            Next: `repowatch-site serve --sample` to preview, then push to GitHub (and set \
            Settings → Pages → Source to GitHub Actions) or run `repowatch-site publish`.
            """)

    @Argument(help: ArgumentHelp("The folder for the new site (created if needed).", valueName: "dir"))
    var directory = "."

    @Flag(help: "Overwrite files that already exist.")
    var force = false

    func run() async throws {
        let url = URL(fileURLWithPath: directory)
        let written = try await runReportingErrors { try SiteScaffold(directory: url, force: force).run() }
        for path in written { print("wrote \(path)") }
        let move = directory == "." ? "" : "cd \(directory) && "
        print("Next: \(move)repowatch-site serve --sample")
    }
}
