import ArgumentParser
import Foundation
import RepoWatchSite
import RepoWatchSupport

struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Send what the builds queued to the notify: targets of site.yml (Slack, Discord, Teams, JSON).",
        discussion: """
            `build` never sends: it queues each new release, star milestone or wake-up for every `notify:` \
            target that wants it (in .repowatch/notify/). Run `notify` once the site those messages link to \
            is published; the workflow `init` writes runs it after a successful deploy.

            Each target's webhook URL comes from the environment variable its `url_env:` names (a secret: it \
            is never printed, cached or put in a summary, and nothing is sent to another origin). An entry is \
            sent once: what a target accepted is recorded at once. A 5xx, a timeout or a 429 keeps the rest \
            for the next run; a target that refuses for good (a revoked URL) is reported, and its entries \
            are dropped a week after the first refusal.

            Links are absolute: they need the site's address, base_url in site.yml or --base-url.

            With --quiet only errors are printed (a target that refused for good, a URL that is not https); \
            with --dry-run the messages' bodies are still printed, as that is what it asks for.

            Exit status: 0 when everything due was accepted or kept for later; 1 when a target refused \
            for good (or its variable holds no https URL); 2 for usage or configuration errors.
            """)

    @OptionGroup var configOption: ConfigOption

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The published site's address, for the links in the messages (default: base_url in site.yml).",
            valueName: "url"))
    var baseURL: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "The cache folder holding the queue (default: .repowatch/ beside site.yml).", valueName: "dir"))
    var cacheDir: String?

    @Flag(
        name: .customLong("dry-run"),
        help: "Print each message's JSON body on standard output instead of sending it; the queue is left as it is.")
    var dryRun = false

    @OptionGroup var lockOption: LockWaitOption

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        if let baseURL, SafeURL.base(baseURL) == nil {
            throw ValidationError("--base-url must be an http(s) URL like https://me.github.io/watch/")
        }
        if !(lockOption.lockWait >= 0) { throw ValidationError("--lock-wait must be 0 or more seconds") }
    }

    func run() async throws {
        var options = NotifyRun.Options()
        options.configPath = configOption.config
        options.cachePath = cacheDir
        options.baseURL = baseURL.flatMap(SafeURL.base)
        options.dryRun = dryRun
        options.lockWait = lockOption.lockWait
        let result = try await runReportingErrors(config: options.configPath) {
            try await NotifyRun(options: options, log: quietOption.log).run()
        }
        for (_, body) in result.bodies {
            Console.write(String(decoding: body, as: UTF8.self), to: .standardOutput, actions: false)
        }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
