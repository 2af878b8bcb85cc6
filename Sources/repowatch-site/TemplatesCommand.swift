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
                Writes the files you name, or every *.mustache template, assets/ (style.css, the scripts, the \
                share picture) and locales/*.json (the words of each shipped language), as the binary has them. \
                A file in Templates/ beside site.yml replaces the built-in one of the same name \
                (docs/templates.md), so keep there only the ones you change: the others then follow new \
                versions of the tool. Exporting everything into a folder that holds anything is refused, and \
                a named file that is already there is kept, unless --force is given.

                Example: write card.mustache alone into the site's Templates/ folder, to change it:
                  repowatch-site templates export Templates card.mustache
                """)

        @Argument(help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir"))
        var directory: String

        @Argument(
            help: ArgumentHelp(
                "Only these files: card.mustache (or card), assets/style.css, locales/ja.json. Default: every one.",
                valueName: "file"))
        var files: [String] = []

        @Flag(help: "Write into a folder that is not empty, replacing files of the same names.")
        var force = false

        @OptionGroup var quietOption: QuietOption

        func run() async throws {
            let url = URL(fileURLWithPath: directory)
            let written = try await runReportingErrors {
                try TemplatesExport(directory: url, force: force, only: files).run()
            }
            quietOption.say("Wrote \(Formatting.plural(written.count, "file", "files")) into \(directory)")
        }
    }
}
