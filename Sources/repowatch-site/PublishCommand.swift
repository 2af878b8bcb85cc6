import ArgumentParser
import Foundation
import RepoWatchPublish
import RepoWatchSite
import RepoWatchSupport

struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Commit the built site to the gh-pages branch and push it.",
        discussion: """
            Publishes what `build` wrote: the output folder becomes the one commit of the branch (a fresh \
            orphan history each time, with .nojekyll, and CNAME when site.yml has `cname:`), then the branch \
            is force-pushed to the remote. The commit is made in a temporary git worktree: your working tree, \
            index and current branch are left alone.

            A site built with --sample is refused (exit 2, nothing committed or pushed): its numbers are \
            made up. So is a site none of whose repositories has data (every widget unavailable, as after a \
            build with a wrong token or no network): publishing it would replace a good site with empty \
            cards; --allow-unavailable publishes it all the same. --no-push commits to the local branch and says so; push it later with \
            `git push --force origin gh-pages`.

            Then, on GitHub: Settings → Pages → Deploy from a branch → gh-pages / (root).
            """)

    @OptionGroup var configOption: ConfigOption

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The built site to publish (default: public/ beside site.yml).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("The branch GitHub Pages serves.", valueName: "name"))
    var branch = "gh-pages"

    @Option(help: ArgumentHelp("The git remote to push to.", valueName: "name"))
    var remote = "origin"

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The commit message (default: \"Publish site built <time>\").", valueName: "text"))
    var message: String?

    @Flag(name: .customLong("no-push"), help: "Commit to the local branch only; do not push.")
    var noPush = false

    @Flag(
        name: .customLong("allow-sample"),
        help: "Publish a site built with --sample all the same (its made-up numbers and its sample banner).")
    var allowSample = false

    @Flag(
        name: .customLong("allow-unavailable"),
        help: "Publish a site none of whose repositories has data all the same (every widget unavailable).")
    var allowUnavailable = false

    @OptionGroup var quietOption: QuietOption

    func run() async throws {
        var options = PublishOptions(
            configPath: configOption.config, outputPath: output, branch: branch, remote: remote, message: message,
            push: !noPush, allowSample: allowSample)
        options.allowUnavailable = allowUnavailable
        let result = try await runReportingErrors(config: options.configPath) {
            try PagesPublisher(options: options, log: quietOption.log).run()
        }
        let files = Formatting.plural(result.files.count, "file", "files")
        let commit = "\(result.branch) (\(result.commit.prefix(12)))"
        if let remote = result.remote {
            quietOption.say("Published \(files) as \(commit) and pushed it to \(remote).")
        } else {
            quietOption.say(
                "Prepared \(files) as \(commit), not pushed: nothing is published yet. "
                    + "Push it with `git push --force \(options.remote) \(result.branch)`.")
        }
    }
}
