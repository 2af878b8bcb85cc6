import ArgumentParser
import Foundation
import RepoWatchNetwork
import RepoWatchSite
import RepoWatchSupport

struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, prune or clear the cache of GitHub's and the other forges' responses.",
        discussion: """
            The cache (.repowatch/ beside site.yml, or --cache-dir) keeps every response with its validators, \
            so reruns cost no quota and outages fall back to the last good data. Every build removes the entries \
            it did not use and that nobody used for \(CacheLifetimes.retentionDays) days (unless --keep-cache); \
            `prune` does the same now, `clear` removes every response (the next build asks for everything again). \
            The history (history.json) is never removed.
            """,
        subcommands: [Info.self, Prune.self, Clear.self],
        defaultSubcommand: Info.self)

    struct Location: ParsableArguments {
        @OptionGroup var configOption: ConfigOption

        @Option(
            name: .customLong("cache-dir"),
            help: ArgumentHelp("The cache folder (default: .repowatch/ beside site.yml).", valueName: "dir"))
        var cacheDir: String?

        @OptionGroup var lockOption: LockWaitOption

        /// `--lock-wait` is checked by `BuildOptions`, made here while parsing.
        func validate() throws { _ = try options }

        var options: BuildOptions {
            get throws {
                do {
                    var options = try BuildOptions(lockWait: lockOption.lockWait)
                    options.configPath = configOption.config
                    options.cachePath = cacheDir
                    return options
                } catch let error as UsageError {
                    throw ValidationError(error.description)
                }
            }
        }

        /// - Parameter quiet: `--quiet` of `prune` and `clear`, which print what they removed; `info`'s
        ///   lines are what it was asked for.
        func run(_ action: CacheUpkeep.Action, quiet: QuietOption? = nil) async throws {
            let options = try options
            let lines = try await runReportingErrors(config: options.configPath) {
                try await CacheUpkeep(options: options, log: quiet?.log ?? StandardErrorLog()).run(action)
            }
            for line in lines { quiet?.say(line) ?? Console.write(line, to: .standardOutput) }
        }
    }

    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the cache's size and entries.")
        @OptionGroup var location: Location
        func run() async throws { try await location.run(.info) }
    }

    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove the entries unused for over \(CacheLifetimes.retentionDays) days.")
        @OptionGroup var location: Location
        @OptionGroup var quietOption: QuietOption
        func run() async throws { try await location.run(.prune, quiet: quietOption) }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every cached response (not the history).")
        @OptionGroup var location: Location
        @OptionGroup var quietOption: QuietOption
        func run() async throws { try await location.run(.clear, quiet: quietOption) }
    }
}
