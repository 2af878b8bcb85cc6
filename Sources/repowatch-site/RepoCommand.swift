import ArgumentParser
import Foundation
import RepoWatchConfig
import RepoWatchSite

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "List, add or remove the repositories saved in site.yml.",
        discussion: """
            Edits the `repos:` list of site.yml in place: comments, order and every other line stay as they \
            are.
            """,
        subcommands: [List.self, Add.self, Remove.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the saved repositories, one a line.")

        @OptionGroup var configOption: ConfigOption

        func run() async throws {
            let repos = try await runReportingErrors { try SiteFileEditor(path: configOption.config).list() }
            for repo in repos { print(repo) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a repository at the end of `repos:`.",
            discussion: "Names are checked against GitHub's rules; one already saved (in any case) is refused.")

        @OptionGroup var configOption: ConfigOption

        @Argument(help: ArgumentHelp("The repository to add.", valueName: "owner/name"))
        var name: String

        func run() async throws {
            let saved = try await runReportingErrors { try SiteFileEditor(path: configOption.config).add(name) }
            print("Added \(saved) to \(configOption.config).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a repository from `repos:`.",
            discussion: "The last repository, and one a widget still shows, cannot be removed.")

        @OptionGroup var configOption: ConfigOption

        @Argument(help: ArgumentHelp("The repository to remove.", valueName: "owner/name"))
        var name: String

        func run() async throws {
            let removed = try await runReportingErrors {
                try SiteFileEditor(path: configOption.config).remove(name)
            }
            print("Removed \(removed) from \(configOption.config).")
        }
    }
}
