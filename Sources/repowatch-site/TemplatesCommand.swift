import ArgumentParser
import Foundation
import RepoWatchScaffold
import RepoWatchSupport

struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Copy the built-in templates out, to override them.",
        subcommands: [Export.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the built-in templates, assets and string tables into a folder.",
            discussion: """
                    Writes every *.mustache template, assets/ (style.css, the scripts, the share picture) and \
                    locales/*.json (the words of each shipped language) as the binary has them. Copy the ones you \
                    change into Templates/ beside site.yml: each file there replaces the built-in one of the same \
                    name (docs/templates.md). A folder that holds anything is refused unless --force is given.

                  Example:
                    repowatch-site templates export Templates
                """)

        @Argument(help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir"))
        var directory: String

        @Flag(help: "Write into a folder that is not empty, replacing files of the same names.")
        var force = false

        func run() async throws {
            let url = URL(fileURLWithPath: directory)
            let written = try await runReportingErrors {
                try TemplatesExport(directory: url, force: force).run()
            }
            Console.write(
                "Wrote \(Formatting.plural(written.count, "file", "files")) into \(directory)", to: .standardOutput)
        }
    }
}
