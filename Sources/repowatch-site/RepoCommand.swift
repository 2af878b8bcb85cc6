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
            let repos = try await runReportingErrors(config: configOption.config) {
                try SiteFileEditor(path: configOption.config).list()
            }
            for repo in repos { print(repo) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a repository at the end of `repos:`.",
            discussion: """
                Names are checked against GitHub's rules; one already saved (in any case) is refused. A name \
                as copied from GitHub (https://github.com/OWNER/NAME, git@github.com:OWNER/NAME.git, \
                OWNER/NAME.git) is saved as OWNER/NAME. A site \
                with its own `widgets:` list shows only the widgets listed there: `repo add` then warns that \
                the new repository is not shown, and with --widget adds a single widget for it at the end of \
                that list (for a repository saved before, only the widget).
                """)

        @OptionGroup var configOption: ConfigOption

        @Flag(help: "Also add a single widget for it when the site's `widgets:` list would not show it.")
        var widget = false

        @Argument(help: ArgumentHelp("The repository to add.", valueName: "owner/name"))
        var name: String

        func run() async throws {
            let config = configOption.config
            let addition = try await runReportingErrors(config: config) {
                try SiteFileEditor(path: config).add(name, widget: widget)
            }
            if let hidden = addition.hidden { reporter(config: config).report([hidden]) }
            switch (addition.saved, addition.widgetAdded) {
            case (true, true): print("Added \(addition.name) to \(config), with a single widget for it.")
            case (false, _): print("Added a single widget for \(addition.name) to \(config).")
            case (true, false): print("Added \(addition.name) to \(config).")
            }
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
            let removed = try await runReportingErrors(config: configOption.config) {
                try SiteFileEditor(path: configOption.config).remove(name)
            }
            print("Removed \(removed) from \(configOption.config).")
        }
    }
}
